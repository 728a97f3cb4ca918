import type { z } from "zod";
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
import { driverNameOf, type FormSpec, fileSlug } from "./form-spec";
import { oneStepRequestSchema } from "./one-step";
import { timesheetPdfSection } from "./timesheet-pdf-sections";
import { TIMESHEET_STEPS, timesheetResumeStep } from "./wizard";

const [driver, vehicle, week, signature] = TIMESHEET_STEPS;

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
  title: "Weekly Timesheet",
  apiPath: "/timesheets",
  fieldsSchema: TimesheetFieldsSchema,
  inputSchema: TimesheetInputSchema,
  empty: () => emptyTimesheet(),
  apply: applyTimesheetInput,
  dateField: "weekEnding",
  date: (form) => form.weekEnding,
  steps: [
    { id: "driver", title: driver },
    { id: "vehicle", title: vehicle },
    { id: "week", title: week },
    { id: "signature", title: signature },
  ],
  resumeStep: timesheetResumeStep,
  signatureFields: ["operatorSignature", "clientSignature"],
  hasPhotos: false,
  saveProblem: () => null,
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
