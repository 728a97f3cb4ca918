import {
  MAX_REVIEW_FILTER_LENGTH,
  MAX_SEND_BACK_REASON_LENGTH,
  REVIEW_STATE_FILTERS,
  type ReviewRow,
  type ReviewStateFilter,
} from "../../domain/company/office-review";
import { companyStateLabel } from "../../domain/forms/sent-back";
import { english } from "../../domain/text/i18n/english";
import type { Translator } from "../../domain/text/i18n/translate";

/**
 * The office review screen's rules (decision record 029): the filters as the screen holds them and the query
 * they make, the reason's limit as it nears, and how the list changes at once after a decision. Pure.
 */

/** What the office filters by, as typed: empty means no filter. */
export interface ReviewFilters {
  week: string;
  driver: string;
  plant: string;
  site: string;
  customer: string;
  status: "" | ReviewStateFilter;
}

export const NO_REVIEW_FILTERS: ReviewFilters = {
  week: "",
  driver: "",
  plant: "",
  site: "",
  customer: "",
  status: "",
};

/** The page size the screen asks for: enough for a week of a mid-sized company, with Load More after. */
export const REVIEW_SCREEN_PAGE_SIZE = 25;

const TEXT_FILTERS = ["driver", "plant", "site", "customer"] as const;

/**
 * The query of GET /api/organisations/{id}/review for the filters and a page: filters trimmed, empty ones left
 * out, text cut to the server's limit (a longer one matches nothing the server would find anyway).
 */
export function reviewQuery(filters: ReviewFilters, cursor: string | null, limit = REVIEW_SCREEN_PAGE_SIZE) {
  const query = new URLSearchParams();
  if (filters.week.trim()) query.set("week", filters.week.trim());
  for (const key of TEXT_FILTERS) {
    const value = filters[key].trim().slice(0, MAX_REVIEW_FILTER_LENGTH);
    if (value) query.set(key, value);
  }
  if (filters.status) query.set("status", filters.status);
  query.set("limit", String(limit));
  if (cursor) query.set("cursor", cursor);
  return query.toString();
}

/** Whether any filter is set: the empty state says "nothing matches" rather than "nothing submitted". */
export function hasReviewFilters(filters: ReviewFilters): boolean {
  return Object.values(filters).some((value) => value.trim() !== "");
}

/** The status filter's choices: any, then the week's states in the company's words, as the rows say them. */
export function statusFilterChoices(
  t: Translator["t"] = english,
): ReadonlyArray<{ value: ReviewFilters["status"]; label: string }> {
  return [
    { value: "", label: t("review.anyStatus") },
    ...REVIEW_STATE_FILTERS.map((state) => ({ value: state, label: companyStateLabel(state, t) })),
  ];
}
export const STATUS_FILTER_CHOICES = statusFilterChoices();

/** From this many characters the reason's box says how many are left. */
export const REASON_NOTE_FROM = Math.floor(MAX_SEND_BACK_REASON_LENGTH * 0.8);

/** The note under the reason: nothing while far from the limit, then what is left, then how many too many. */
export function reasonLimitNote(
  length: number,
  max = MAX_SEND_BACK_REASON_LENGTH,
  t: Translator["t"] = english,
): string | null {
  if (length < Math.floor(max * 0.8)) return null;
  const left = max - length;
  if (left >= 0) return t("review.charsLeft", { left, max });
  return t("review.charsTooMany", { over: -left, max });
}

/** A decision on one week, as the list shows it at once: approved, or one form (or every form) returned. */
export type ListedDecision =
  | { kind: "approved"; at: string }
  | { kind: "sent-back" | "reopened"; formId: string | undefined };

/**
 * The list after a decision, before it is read again: the week's row in its new state (approved, sent back or
 * reopened, with the forms now waiting on the driver), or gone when the list is filtered to another state. A
 * returned week stays in an unfiltered list, as the server keeps it there, waiting on the driver.
 */
export function afterDecision(
  rows: readonly ReviewRow[],
  timesheetId: string,
  decision: ListedDecision,
  statusFilter: ReviewFilters["status"],
): ReviewRow[] {
  return rows.flatMap((row) => {
    if (row.timesheetId !== timesheetId) return [row];
    const changed: ReviewRow =
      decision.kind === "approved"
        ? {
            ...row,
            approvedAt: decision.at,
            week: { state: "approved", resubmitted: false },
            waitingOnDriver: 0,
          }
        : {
            ...row,
            approvedAt: null,
            week: { state: decision.kind === "sent-back" ? "sent_back" : "reopened", resubmitted: false },
            waitingOnDriver:
              decision.formId === undefined
                ? 1 + row.checkSheetIds.length
                : Math.min(row.waitingOnDriver + 1, 1 + row.checkSheetIds.length),
          };
    return statusFilter === "" || statusFilter === changed.week.state ? [changed] : [];
  });
}

/** Rows that can still be approved: a week the office has not approved yet. */
export function approvable(rows: readonly ReviewRow[]): ReviewRow[] {
  return rows.filter((row) => row.approvedAt === null);
}

/** What a set is called in a sentence: whose, which plant, which week. */
export function setName(
  row: Pick<ReviewRow, "driverName" | "plantNumber" | "weekEnding">,
  date: string,
  t: Translator["t"] = english,
): string {
  return t("review.setName", {
    driver: row.driverName || t("review.unnamedDriver"),
    plant: row.plantNumber || t("review.noPlant"),
    date,
  });
}
