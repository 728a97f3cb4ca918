import type { z } from "zod";
import { meterProblem } from "../hire/hour-meter";
import { timesheetHireProblem } from "../hire/timesheet-hire";
import {
  applyTimesheetInput,
  emptyTimesheet,
  type TimesheetFields,
  TimesheetFieldsSchema,
  type TimesheetInput,
  TimesheetInputSchema,
} from "../hours/timesheet";
import { timesheetSubmitProblem } from "../sets/dispatch";
import { english } from "../text/i18n/english";
import { messages } from "../text/messages";
import { formatDisplayDate } from "../time/iso-date";
import { shortFieldLabel } from "./field-labels";
import { driverNameOf, type FormSpec, fileSlug, stepSpec } from "./form-spec";
import { oneStepRequestSchema } from "./one-step";
import { timesheetPdfSection } from "./timesheet-pdf-sections";
import { TIMESHEET_STEP_KEYS, timesheetResumeStep } from "./wizard";

const [driverKey, vehicleKey, weekKey, signatureKey] = TIMESHEET_STEP_KEYS;

/** POST /api/timesheets/one-step-completion: checked as the submit button checks it, email always on. */
const oneStepRequest = oneStepRequestSchema("timesheetData", TimesheetInputSchema, (form, rating) =>
  timesheetSubmitProblem({
    ...form,
    rating,
    submitViaEmail: true,
    submissionEmails: form.submissionEmails ?? [],
  }),
);
export type TimesheetOneStepRequest = z.infer<typeof oneStepRequest>;

/** The weekly timesheet (spec sections 2 to 5). */
export const TIMESHEET_SPEC = {
  kind: "timesheet",
  noun: "timesheet",
  title: english("form.timesheet.title"),
  titleKey: "form.timesheet.title",
  apiPath: "/timesheets",
  fieldsSchema: TimesheetFieldsSchema,
  inputSchema: TimesheetInputSchema,
  empty: () => emptyTimesheet(),
  apply: applyTimesheetInput,
  laterFields: ["hireDays", "hireTerms", "meterStart", "meterEnd"],
  dateField: "weekEnding",
  date: (form) => form.weekEnding,
  steps: [
    stepSpec("driver", driverKey),
    stepSpec("vehicle", vehicleKey),
    stepSpec("week", weekKey),
    stepSpec("signature", signatureKey),
  ],
  resumeStep: timesheetResumeStep,
  signatureFields: ["operatorSignature", "clientSignature"],
  hasPhotos: false,
  // A timesheet sent for approval carries what its client signed for, so its hours by kind must be right.
  saveProblem: (form) =>
    form.status === "ready_for_approval" ? (timesheetHireProblem(form) ?? meterProblem(form)) : null,
  oneStep: {
    path: "/timesheets/one-step-completion",
    requestSchema: oneStepRequest,
    formOf: (body) => body.timesheetData,
    succeeded: messages.timesheetOneStepSucceeded,
  },
  mailSummary: (form, t = english) => [
    [shortFieldLabel("driverSignedName", t), driverNameOf(form)],
    [shortFieldLabel("plantNumber", t), form.plantNumber],
    [shortFieldLabel("weekEnding", t), form.weekEnding ? formatDisplayDate(form.weekEnding) : null],
    [shortFieldLabel("company", t), form.company],
    [shortFieldLabel("clientCompany", t), form.clientCompany],
    [shortFieldLabel("siteLocation", t), form.siteLocation],
    [shortFieldLabel("orderNumber", t), form.orderNumber],
    [shortFieldLabel("totalHours", t), form.totalHours === null ? null : String(form.totalHours)],
  ],
  pdfFileName: (form, today) =>
    `timesheet-${fileSlug(form.plantNumber) || "plant"}-${form.weekEnding || today}.pdf`,
  pdfSection: timesheetPdfSection,
} as const satisfies FormSpec<
  TimesheetFields,
  TimesheetInput,
  "driver" | "vehicle" | "week" | "signature",
  TimesheetOneStepRequest
>;
