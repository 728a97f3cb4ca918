import { type TimesheetOneStepRequest, TimesheetOneStepRequestSchema } from "../api";
import { formatDisplayDate } from "../iso-date";
import { messages } from "../messages";
import {
  applyTimesheetInput,
  emptyTimesheet,
  type TimesheetFields,
  TimesheetFieldsSchema,
  type TimesheetInput,
  TimesheetInputSchema,
} from "../timesheet";
import { TIMESHEET_STEPS, timesheetResumeStep } from "../wizard";
import { shortFieldLabel } from "./field-labels";
import { driverNameOf, type FormSpec, fileSlug } from "./form-spec";
import { timesheetPdfSection } from "./timesheet-pdf-sections";

const [driver, vehicle, week, signature] = TIMESHEET_STEPS;

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
    requestSchema: TimesheetOneStepRequestSchema,
    formOf: (body) => body.timesheetData,
    succeeded: messages.timesheetOneStepSucceeded,
  },
  mailSummary: (form) => [
    [shortFieldLabel("driverSignedName"), driverNameOf(form)],
    [shortFieldLabel("plantNumber"), form.plantNumber],
    [shortFieldLabel("weekEnding"), form.weekEnding ? formatDisplayDate(form.weekEnding) : null],
    [shortFieldLabel("company"), form.company],
    [shortFieldLabel("clientCompany"), form.clientCompany],
    [shortFieldLabel("siteLocation"), form.siteLocation],
    [shortFieldLabel("orderNumber"), form.orderNumber],
    [shortFieldLabel("totalHours"), form.totalHours === null ? null : String(form.totalHours)],
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
