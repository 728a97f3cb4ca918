import type { z } from "zod";
import { meterReading } from "../hire/hour-meter";
import {
  applyOffHireNoteInput,
  emptyOffHireNote,
  type OffHireNoteFields,
  OffHireNoteFieldsSchema,
  type OffHireNoteInput,
  OffHireNoteInputSchema,
  offHireResumeStep,
} from "../hire/off-hire-note";
import { checkSheetOneStepProblem, checkSheetSaveProblem } from "../sets/dispatch";
import { english } from "../text/i18n/english";
import { messages } from "../text/messages";
import { formatDisplayDate } from "../time/iso-date";
import { shortFieldLabel } from "./field-labels";
import { driverNameOf, type FormSpec, fileSlug, stepSpec } from "./form-spec";
import { offHirePdfSection } from "./off-hire-pdf-sections";
import { oneStepRequestSchema } from "./one-step";

/** POST /api/one-step-completion/off-hire, checked as the Complete & Email button checks it: as a check sheet's. */
const oneStepRequest = oneStepRequestSchema("offHireData", OffHireNoteInputSchema, (form, rating) =>
  checkSheetOneStepProblem({ ...form, rating, submissionEmails: form.submissionEmails ?? [] }),
);
export type OffHireOneStepRequest = z.infer<typeof oneStepRequest>;

/** The off-hire note: what the driver records when a hire ends, signed by the client's foreman on site. */
export const OFF_HIRE_SPEC = {
  kind: "off-hire",
  noun: "off-hire note",
  title: english("form.offHire.title"),
  titleKey: "form.offHire.title",
  apiPath: "/off-hire-notes",
  fieldsSchema: OffHireNoteFieldsSchema,
  inputSchema: OffHireNoteInputSchema,
  empty: (today) => emptyOffHireNote(today),
  apply: applyOffHireNoteInput,
  laterFields: [],
  dateField: "offHireDate",
  date: (form) => form.offHireDate,
  steps: [
    stepSpec("driver", "step.driverCompany"),
    stepSpec("vehicle", "step.qrVehicle"),
    stepSpec("condition", "step.offHireCondition"),
    stepSpec("photos", "step.photos"),
    stepSpec("signature", "step.driverSignature"),
  ],
  resumeStep: offHireResumeStep,
  signatureFields: ["operatorSignature", "clientSignature"],
  hasPhotos: true,
  saveProblem: checkSheetSaveProblem,
  oneStep: {
    path: "/one-step-completion/off-hire",
    requestSchema: oneStepRequest,
    formOf: (body) => body.offHireData,
    succeeded: messages.offHireOneStepSucceeded,
  },
  mailSummary: (form, t = english) => [
    [shortFieldLabel("driverSignedName", t), driverNameOf(form)],
    [shortFieldLabel("plantNumber", t), form.plantNumber],
    [shortFieldLabel("offHireDate", t), formatDisplayDate(form.offHireDate)],
    [shortFieldLabel("offHireTime", t), form.offHireTime],
    [shortFieldLabel("machineNumber", t), form.machineNumber],
    [shortFieldLabel("clientCompany", t), form.clientCompany],
    [shortFieldLabel("siteLocation", t), form.siteLocation],
    [shortFieldLabel("orderNumber", t), form.orderNumber],
    [shortFieldLabel("meterReading", t), form.meterReading],
    [shortFieldLabel("fuelLevel", t), form.fuelLevel],
    [shortFieldLabel("collectionReference", t), form.collectionReference],
    [shortFieldLabel("photos", t), String(form.photos.length)],
  ],
  pdfFileName: (form, today) =>
    `off-hire-${fileSlug(form.plantNumber) || "plant"}-${form.offHireDate || today}.pdf`,
  pdfSection: offHirePdfSection,
  companyNotice: {
    event: "hire.ended",
    hireDeskCopy: true,
    webhookData: (form, id) => ({
      offHireNoteId: id,
      plantNumber: form.plantNumber,
      machineNumber: form.machineNumber,
      clientCompany: form.clientCompany,
      orderNumber: form.orderNumber,
      offHireDate: form.offHireDate,
      offHireTime: form.offHireTime,
      meterReading: meterReading(form.meterReading),
      fuelLevel: form.fuelLevel,
      collectionReference: form.collectionReference,
      driverName: driverNameOf(form),
      damageNoted: form.damageNotes.trim() !== "",
      photos: form.photos.length,
    }),
  },
} as const satisfies FormSpec<
  OffHireNoteFields,
  OffHireNoteInput,
  "driver" | "vehicle" | "condition" | "photos" | "signature",
  OffHireOneStepRequest
>;
