import type { z } from "zod";
import { defectItems } from "../checks/check-items";
import {
  applyCheckSheetInput,
  type CheckSheetFields,
  CheckSheetFieldsSchema,
  type CheckSheetInput,
  CheckSheetInputSchema,
  emptyCheckSheet,
} from "../checks/check-sheet";
import { checkSheetOneStepProblem, checkSheetSaveProblem } from "../sets/dispatch";
import { english } from "../text/i18n/english";
import { messages } from "../text/messages";
import { formatDisplayDate } from "../time/iso-date";
import { checkSheetPdfSection } from "./check-sheet-pdf-sections";
import { givenReadings } from "./check-sheet-readings";
import { checkItemLabel } from "./check-templates";
import { shortFieldLabel } from "./field-labels";
import { driverNameOf, type FormSpec, fileSlug, stepSpec } from "./form-spec";
import { oneStepRequestSchema } from "./one-step";
import { CHECK_SHEET_STEP_KEYS, checkSheetResumeStep } from "./wizard";

const [driverKey, vehicleKey, checksKey, photosKey, signatureKey] = CHECK_SHEET_STEP_KEYS;

/** POST /api/one-step-completion/check-sheet, checked as the Complete & Email button checks it. */
const oneStepRequest = oneStepRequestSchema("checkSheetData", CheckSheetInputSchema, (form, rating) =>
  checkSheetOneStepProblem({ ...form, rating, submissionEmails: form.submissionEmails ?? [] }),
);
export type CheckSheetOneStepRequest = z.infer<typeof oneStepRequest>;

/** The Daily Plant Defect Check sheet (spec sections 2 to 5), on the check list of its machine's category. */
export const CHECK_SHEET_SPEC = {
  kind: "check-sheet",
  noun: "check sheet",
  title: english("form.checkSheet.title"),
  titleKey: "form.checkSheet.title",
  apiPath: "/check-sheets",
  fieldsSchema: CheckSheetFieldsSchema,
  inputSchema: CheckSheetInputSchema,
  empty: (today) => emptyCheckSheet(today),
  apply: applyCheckSheetInput,
  laterFields: [],
  dateField: "checkDate",
  date: (form) => form.checkDate,
  steps: [
    stepSpec("driver", driverKey),
    stepSpec("vehicle", vehicleKey),
    stepSpec("checks", checksKey),
    stepSpec("photos", photosKey),
    stepSpec("signature", signatureKey),
  ],
  resumeStep: checkSheetResumeStep,
  signatureFields: ["operatorSignature", "clientSignature"],
  hasPhotos: true,
  saveProblem: checkSheetSaveProblem,
  oneStep: {
    path: "/one-step-completion/check-sheet",
    requestSchema: oneStepRequest,
    formOf: (body) => body.checkSheetData,
    succeeded: messages.checkSheetOneStepSucceeded,
  },
  mailSummary: (form, t = english) => {
    const defects = defectItems(form);
    return [
      [shortFieldLabel("driverSignedName", t), driverNameOf(form)],
      [shortFieldLabel("plantNumber", t), form.plantNumber],
      [shortFieldLabel("checkDate", t), formatDisplayDate(form.checkDate)],
      [shortFieldLabel("machineNumber", t), form.machineNumber],
      [shortFieldLabel("company", t), form.company],
      [shortFieldLabel("clientCompany", t), form.clientCompany || form.onHireTo],
      [shortFieldLabel("siteLocation", t), form.siteLocation],
      [shortFieldLabel("orderNumber", t), form.orderNumber],
      [
        t("form.defects"),
        defects.length === 0
          ? t("form.noDefects")
          : defects.map((item) => checkItemLabel(item, t)).join(", "),
      ],
      [shortFieldLabel("photos", t), String(form.photos.length)],
      ...givenReadings(form, t).map((reading) => [reading.label, reading.value] as const),
    ];
  },
  pdfFileName: (form, today) =>
    `check-sheet-${fileSlug(form.plantNumber) || "plant"}-${form.checkDate || today}.pdf`,
  pdfSection: checkSheetPdfSection,
} as const satisfies FormSpec<
  CheckSheetFields,
  CheckSheetInput,
  "driver" | "vehicle" | "checks" | "photos" | "signature",
  CheckSheetOneStepRequest
>;
