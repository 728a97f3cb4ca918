import { z } from "zod";
import { MAX_FORM_PAGE_SIZE } from "./api";
import type { CheckItemValues } from "./check-items";
import { MAX_NOTES_LENGTH } from "./constants";
import { IdSchema } from "./form-fields";
import { FORM_STATUSES, type FormStatus } from "./form-status";
import type { DayHoursFields } from "./hours";
import { isIsoDate } from "./iso-date";
import { RatingSchema } from "./rating";
import { weekDefects, weekTotalHours } from "./week-summary";

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
  status: z.enum(REVIEWABLE_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_FORM_PAGE_SIZE).optional(),
  cursor: z.string().min(1).max(500).optional(),
});
export type OfficeReviewQuery = z.infer<typeof OfficeReviewQuerySchema>;
export type ReviewTextFilters = Pick<OfficeReviewQuery, "driver" | "plant" | "site" | "customer">;

/** What the review reads of a timesheet. */
export type ReviewTimesheet = DayHoursFields & {
  id: string;
  status: FormStatus;
  weekEnding: string;
  driverSignedName: string;
  plantNumber: string;
  siteLocation: string;
  clientCompany: string;
  customerId: string;
};

/** What the review reads of a paired check sheet. */
export type ReviewCheckSheet = CheckItemValues & {
  id: string;
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
  defects: number;
  status: FormStatus;
  /** When the company's supervisor or admin approved the week; null until then. */
  approvedAt: string | null;
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
 * A row of the review list from a timesheet, the check sheets pairing gave it (none for a lonely one) and when
 * the office approved it.
 */
export function reviewRow(
  timesheet: ReviewTimesheet,
  checkSheets: readonly ReviewCheckSheet[],
  approvedAt: string | null = null,
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
    defects: weekDefects(checkSheets).length,
    status: timesheet.status,
    approvedAt,
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

/** POST /api/organisations/{id}/review/{timesheetId}/reopen: why an admin unlocks an approved week. */
export const ReopenRequestSchema = z.object({
  reason: z.string().trim().min(1).max(MAX_SEND_BACK_REASON_LENGTH),
});
export type ReopenRequest = z.infer<typeof ReopenRequestSchema>;

/** An approved form an admin reopened: why, when (ISO-8601) and who, by name as it was then. */
export interface Amendment {
  reason: string;
  at: string;
  by: string;
}
