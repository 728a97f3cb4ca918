import { z } from "zod";
import { MAX_FORM_PAGE_SIZE } from "../api/api";
import type { CheckItemValues } from "../checks/check-items";
import { MAX_NOTES_LENGTH } from "../forms/constants";
import { IdSchema } from "../forms/form-fields";
import type { FormKind } from "../forms/form-spec";
import { FORM_STATUSES, type FormStatus } from "../forms/form-status";
import { totalChargeable } from "../hire/chargeable-hours";
import { DEFAULT_METER_TOLERANCE_HOURS } from "../hire/hire-terms";
import { meterMismatch } from "../hire/hour-meter";
import type { OffHireNoteFields } from "../hire/off-hire-note";
import { timesheetCharge } from "../hire/timesheet-hire";
import type { DayHoursFields } from "../hours/hours";
import type { TimesheetFields } from "../hours/timesheet";
import { weekDefects, weekTotalHours } from "../hours/week-summary";
import { RatingSchema } from "../sets/rating";
import { companyMessages } from "../text/company-messages";
import { isIsoDate } from "../time/iso-date";
import {
  type CompanyFormAnswer,
  type CompanyFormState,
  type CompanyWeekStatus,
  isBlocking,
  weekStatusOf,
} from "./company-state";

/**
 * The office's review list (issue 19, decision record 029): a company's timesheets that drivers have submitted,
 * each with the week's hours and the defects of the check sheets paired with it (pairing.ts), filtered as an
 * office asks. Pure: the server reads the forms and pairs them, these rules decide what a row says and which rows
 * a filter keeps.
 */

/** Statuses the review list shows: every status but draft (a draft is still the driver's). */
export const REVIEWABLE_STATUSES = FORM_STATUSES.filter(
  (status): status is Exclude<FormStatus, "draft"> => status !== "draft",
);
export type ReviewableStatus = (typeof REVIEWABLE_STATUSES)[number];

/**
 * The states the review list's Status filter offers: a week's state in the company's words (decision record 040),
 * as its row says it, of those a listed week can be in and the office looks for: waiting on the office, returned
 * to the driver, approved. (A week whose timesheet is in while one of its check sheets is still a draft reads
 * "Draft": listed, found by no state filter.)
 */
export const REVIEW_STATE_FILTERS = [
  "submitted",
  "sent_back",
  "reopened",
  "approved",
] as const satisfies readonly CompanyFormState[];
export type ReviewStateFilter = (typeof REVIEW_STATE_FILTERS)[number];

/** The longest text filter: a name, plant number, site or customer is far shorter. */
export const MAX_REVIEW_FILTER_LENGTH = 100;

const textFilter = z.string().trim().min(1).max(MAX_REVIEW_FILTER_LENGTH).optional();

/** GET /api/organisations/{id}/review: which week, whose, which plant, site, customer and status, and the page. */
export const OfficeReviewQuerySchema = z.object({
  week: z
    .string()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isIsoDate(v), "Enter the week ending as YYYY-MM-DD")
    .optional(),
  driver: textFilter,
  plant: textFilter,
  site: textFilter,
  customer: textFilter,
  // The company's words only (decision record 040). The driver's own statuses this filter took before
  // (ready_for_approval, completed, dispatched, archived) answer 400 naming these: kept working, they would filter
  // by a status the list no longer shows, and "approved" would mean two things.
  status: z.enum(REVIEW_STATE_FILTERS, { error: companyMessages.reviewStatusFilterInvalid }).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_FORM_PAGE_SIZE).optional(),
  cursor: z.string().min(1).max(500).optional(),
});
export type OfficeReviewQuery = z.infer<typeof OfficeReviewQuerySchema>;
export type ReviewTextFilters = Pick<OfficeReviewQuery, "driver" | "plant" | "site" | "customer">;

/** What the review reads of a timesheet. */
export type ReviewTimesheet = DayHoursFields & {
  id: string;
  status: FormStatus;
  /** The company's state of the form, as the API answers it (decision record 040). */
  companyState?: CompanyFormAnswer;
  weekEnding: string;
  driverSignedName: string;
  plantNumber: string;
  siteLocation: string;
  clientCompany: string;
  customerId: string;
} & Pick<TimesheetFields, "hireDays" | "hireTerms" | "meterStart" | "meterEnd">;

/** What the review reads of a paired check sheet. */
export type ReviewCheckSheet = CheckItemValues & {
  id: string;
  companyState?: CompanyFormAnswer;
  checkDate: string;
  defectsNotes?: string | null;
};

/** One row of the review list: a timesheet with its week's hours and its check sheets' defects. */
export interface ReviewRow {
  timesheetId: string;
  /** The check sheets paired with the timesheet, oldest check first. */
  checkSheetIds: string[];
  driverName: string;
  plantNumber: string;
  customer: string;
  customerId: string;
  site: string;
  weekEnding: string;
  totalHours: number;
  /** The hours the client signed for and the week's breakdown hours; null for a week from before hours by kind. */
  chargeable: { total: number; breakdown: number } | null;
  /** The hour meter's hours and the week's worked hours, when they differ by more than the tolerance. */
  meterMismatch: { meter: number; worked: number } | null;
  defects: number;
  /** The driver's off-hire note for the plant that ends within the week, beside it (`offHireNoteOfWeek`). */
  offHire: { id: string; date: string; time: string } | null;
  status: FormStatus;
  /** When the company's supervisor or admin approved the week; null until then. */
  approvedAt: string | null;
  /** The week in the company's words (decision record 040) and how many of its forms the driver still holds. */
  week: CompanyWeekStatus;
  waitingOnDriver: number;
}

/**
 * A text filter's key, and the key kept beside each form for it (migration 021): typed by hand on different days,
 * so compared ignoring case, surrounding and doubled spaces, as pairing does.
 */
export function reviewFilterKey(text: string | null | undefined): string {
  return (text ?? "").trim().replace(/\s+/g, " ").toLowerCase();
}

/** The review's filter keys of a form's fields, kept beside it so the database filters the review list. */
export function reviewFilterKeys(fields: Partial<Record<string, unknown>>): {
  driver: string;
  plant: string;
  site: string;
  customer: string;
} {
  const key = (value: unknown) => reviewFilterKey(typeof value === "string" ? value : "");
  return {
    driver: key(fields.driverSignedName),
    plant: key(fields.plantNumber),
    site: key(fields.siteLocation),
    customer: key(fields.clientCompany),
  };
}

/**
 * Whether a timesheet is one the office's text filters ask for (decision record 039): the driver and plant
 * filters are the start of the driver's name and of the plant number ("dav" finds Dave Digger's weeks, "ex-0"
 * machines EX-042 and EX-07: a range of an index); the site and customer filters are found in any part of their
 * field, the customer's also equal to its id; all in any case and spacing. No filter keeps every one. The
 * database applies this rule to the keys of `reviewFilterKeys`; this is its statement, which the data layer's
 * tests hold the queries to.
 */
export function matchesReviewFilters(timesheet: ReviewTimesheet, filters: ReviewTextFilters): boolean {
  const keys = reviewFilterKeys(timesheet);
  const starts = (key: string, filter: string | undefined) =>
    filter === undefined || key.startsWith(reviewFilterKey(filter));
  const has = (key: string, filter: string | undefined) =>
    filter === undefined || key.includes(reviewFilterKey(filter));
  return (
    starts(keys.driver, filters.driver) &&
    starts(keys.plant, filters.plant) &&
    has(keys.site, filters.site) &&
    (filters.customer === undefined ||
      has(keys.customer, filters.customer) ||
      (timesheet.customerId !== "" && timesheet.customerId === filters.customer.trim()))
  );
}

/**
 * A row of the review list from a timesheet, the check sheets pairing gave it (none for a lonely one), when the
 * office approved it and the off-hire note that ends its week.
 */
export function reviewRow(
  timesheet: ReviewTimesheet,
  checkSheets: readonly ReviewCheckSheet[],
  {
    approvedAt = null,
    meterToleranceHours = DEFAULT_METER_TOLERANCE_HOURS,
    offHireNote = null,
  }: {
    approvedAt?: string | null;
    meterToleranceHours?: number;
    offHireNote?: (Pick<OffHireNoteFields, "offHireDate" | "offHireTime"> & { id: string }) | null;
  } = {},
): ReviewRow {
  return {
    timesheetId: timesheet.id,
    checkSheetIds: [...checkSheets]
      .sort((a, b) => a.checkDate.localeCompare(b.checkDate) || a.id.localeCompare(b.id))
      .map((sheet) => sheet.id),
    driverName: timesheet.driverSignedName,
    plantNumber: timesheet.plantNumber,
    customer: timesheet.clientCompany,
    customerId: timesheet.customerId,
    site: timesheet.siteLocation,
    weekEnding: timesheet.weekEnding,
    totalHours: weekTotalHours(timesheet),
    chargeable: chargeableOf(timesheet),
    meterMismatch: meterMismatch(timesheet, meterToleranceHours),
    defects: weekDefects(checkSheets).length,
    offHire: offHireNote && {
      id: offHireNote.id,
      date: offHireNote.offHireDate,
      time: offHireNote.offHireTime,
    },
    status: timesheet.status,
    approvedAt,
    ...companyWeekOf([timesheet, ...checkSheets]),
  };
}

function chargeableOf(timesheet: ReviewTimesheet): ReviewRow["chargeable"] {
  const charge = timesheetCharge(timesheet);
  return charge && { total: totalChargeable(charge.week), breakdown: charge.breakdown };
}

/** A week's state from its forms' answers; a form answered without one (of no company) counts as submitted. */
function companyWeekOf(forms: ReadonlyArray<{ companyState?: CompanyFormAnswer }>) {
  const statuses = forms.map(
    (form) => form.companyState ?? { state: "submitted" as const, resubmitted: null },
  );
  return {
    week: weekStatusOf(statuses),
    waitingOnDriver: statuses.filter((status) => isBlocking(status.state)).length,
  };
}

/** Where a page of the review list ends: its last timesheet's week ending and id (newest week first). */
export const ReviewCursorSchema = z.tuple([z.string().refine(isIsoDate), IdSchema]);
export interface ReviewPosition {
  weekEnding: string;
  id: string;
}

export interface ReviewPage {
  items: ReviewRow[];
  nextCursor: string | null;
}

/** The longest reason for sending a form back: a few sentences a driver reads on a phone. */
export const MAX_SEND_BACK_REASON_LENGTH = 500;

/** POST /api/organisations/{id}/review/{timesheetId}/approve: the rating of the week (spec section 3). */
export const ReviewApproveRequestSchema = z.object({
  rating: RatingSchema,
  notes: z.string().max(MAX_NOTES_LENGTH).default(""),
});
export type ReviewApproveRequest = z.infer<typeof ReviewApproveRequestSchema>;

/**
 * POST /api/organisations/{id}/review/{timesheetId}/send-back: why, and which form of the set (the whole set when
 * absent). The reason is plain text, shown as text wherever it appears: markup in it is only characters.
 */
export const SendBackRequestSchema = z.object({
  reason: z.string().trim().min(1).max(MAX_SEND_BACK_REASON_LENGTH),
  formId: IdSchema.optional(),
});
export type SendBackRequest = z.infer<typeof SendBackRequestSchema>;

/**
 * POST /api/organisations/{id}/review/{timesheetId}/reopen: why an admin unlocks an approved week, and which form
 * goes back to the driver to change (without one, every form of the week does).
 */
export const ReopenRequestSchema = z.object({
  reason: z.string().trim().min(1).max(MAX_SEND_BACK_REASON_LENGTH),
  formId: IdSchema.optional(),
});
export type ReopenRequest = z.infer<typeof ReopenRequestSchema>;

/** An approved form an admin reopened: why, when (ISO-8601) and who, by name as it was then. */
export interface Amendment {
  reason: string;
  at: string;
  by: string;
}

/** One event of a week's history on the office's review panel, read from the audit trail (decision record 040). */
export interface WeekHistoryEvent {
  at: string;
  action: "submitted" | "resubmitted" | "sent_back" | "approved" | "reopened";
  formId: string;
  kind: FormKind;
  /** The form's own date: a timesheet's week ending, a check sheet's check date. */
  date: string | null;
  by: string;
  reason: string | null;
  changes: string[] | null;
}

/** A form of the week the review panel lists: its company state and the reason it is with the driver. */
export interface ReviewWeekForm {
  id: string;
  kind: FormKind;
  date: string | null;
  state: CompanyFormAnswer;
}

/** GET /api/organisations/{id}/review/{timesheetId}/week: the week's forms, in order, and its history. */
export interface ReviewWeek {
  forms: ReviewWeekForm[];
  history: WeekHistoryEvent[];
}

/** An audit row as the history reads it. */
export interface HistoryAuditRow {
  formId: string;
  action: string;
  at: string;
  by: string;
  details: Record<string, unknown> | null;
}

/** The audit actions a week's history reads: a completion or a save submitting the form, and the office's. */
export const HISTORY_AUDIT_ACTIONS = [
  "complete",
  "submit",
  "send-back",
  "review-approve",
  "review-reopen",
] as const;
type HistoryAuditAction = (typeof HISTORY_AUDIT_ACTIONS)[number];

/**
 * The week's history from the audit rows of its forms, oldest first: a completion or a submission by a save is
 * submitted (resubmitted when it carries what changed), a send-back and a reopening with their reason. Rows of
 * other actions are left out.
 */
export function weekHistory(
  rows: readonly HistoryAuditRow[],
  forms: ReadonlyArray<Pick<ReviewWeekForm, "id" | "kind" | "date">>,
): WeekHistoryEvent[] {
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return [...rows]
    .sort((a, b) => a.at.localeCompare(b.at))
    .flatMap((row): WeekHistoryEvent[] => {
      const form = forms.find((candidate) => candidate.id === row.formId);
      if (!form) return [];
      const resubmitted = row.details?.resubmitted;
      const changes = Array.isArray(resubmitted) ? resubmitted.map(String) : null;
      const submission = changes ? "resubmitted" : "submitted";
      const action = (
        {
          complete: submission,
          submit: submission,
          "send-back": "sent_back",
          "review-approve": "approved",
          "review-reopen": "reopened",
        } as const
      )[row.action as HistoryAuditAction];
      if (action === undefined) return [];
      return [
        {
          at: row.at,
          action,
          formId: form.id,
          kind: form.kind,
          date: form.date,
          by: row.by,
          reason: text(row.details?.reason),
          changes,
        },
      ];
    });
}
