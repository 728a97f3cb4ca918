import {
  type OfficeReviewQuery,
  ReviewCursorSchema,
  type ReviewPage,
  type ReviewTimesheet,
  reviewRow,
} from "../../../domain/company/office-review";
import type { FormKind } from "../../../domain/forms/form-spec";
import { offHireNoteOfWeek, pairForms, pairingSpans } from "../../../domain/sets/pairing";
import type { Account } from "../../db/accounts-repository";
import {
  listOrganisationFormsInSpans,
  listOrganisationTimesheetsByWeek,
  type ReviewListPosition,
  type StoredForm,
} from "../../db/forms-repository";
import { findOrganisation } from "../../db/organisations-repository";
import {
  asCheckSheet,
  asOffHireNote,
  asTimesheet,
  type StoredCheckSheet,
  type StoredOffHireNote,
} from "../combined-set-forms";
import { decodeCursor, encodeCursor } from "../form-answers";
import type { ServiceDeps } from "../service-deps";
import { memberOf } from "./organisation-access";

const DEFAULT_REVIEW_PAGE_SIZE = 50;

function encodeReviewCursor(last: ReviewListPosition): string {
  return encodeCursor([last.weekEnding, last.id]);
}

function decodeReviewCursor(cursor: string): ReviewListPosition {
  const [weekEnding, id] = decodeCursor(cursor, ReviewCursorSchema);
  return { weekEnding, id };
}

const positionOf = (form: StoredForm): ReviewListPosition => ({ weekEnding: form.date ?? "", id: form.id });

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

/** A timesheet's week as the office reads it: its check sheets, and the off-hire note that ends it. */
export interface PairedWeek {
  checkSheets: StoredCheckSheet[];
  offHireNote: StoredOffHireNote | null;
}

/**
 * Each timesheet's check sheets as its driver's own pairing gives them (pairing.ts), and the off-hire note that
 * ends its week: the driver's forms in the company on the days of the page's weeks (`pairingSpans`: all pairing
 * needs), paired per driver. With `onlyReviewApproved`, only the check sheets the office approved (with their set)
 * are given: what the exports of approved weeks hold.
 */
export async function pairedWeeks(
  deps: ServiceDeps,
  organisationId: string,
  timesheets: Array<StoredForm & { ownerId: string }>,
  options: { onlyReviewApproved?: boolean } = {},
): Promise<Map<string, PairedWeek>> {
  const paired = new Map<string, PairedWeek>();
  const spans = [...groupBy(timesheets, (form) => form.ownerId)].flatMap(([ownerId, owned]) =>
    pairingSpans(owned.map((form) => form.date ?? "")).map((span) => ({ ownerId, ...span })),
  );
  const forms = await listOrganisationFormsInSpans(deps.database.db, organisationId, spans);
  const approved = new Set(forms.filter((form) => form.reviewApprovedAt !== null).map((form) => form.id));
  for (const owned of groupBy(forms, (form) => form.ownerId ?? "").values()) {
    const ofKind = (kind: FormKind) => owned.filter((form) => form.kind === kind);
    const timesheets = ofKind("timesheet").map(asTimesheet);
    const { combined } = pairForms(timesheets, ofKind("check-sheet").map(asCheckSheet));
    const checkSheetsOf = new Map(combined.map((set) => [set.timesheet.id, set.checkSheets]));
    const offHireNotes = ofKind("off-hire").map(asOffHireNote);
    for (const timesheet of timesheets) {
      const checkSheets = checkSheetsOf.get(timesheet.id) ?? [];
      paired.set(timesheet.id, {
        checkSheets: options.onlyReviewApproved
          ? checkSheets.filter((sheet) => approved.has(sheet.id))
          : checkSheets,
        offHireNote: offHireNoteOfWeek(timesheet, offHireNotes),
      });
    }
  }
  return paired;
}

/** The check sheets `pairedWeeks` gives a timesheet. */
export async function pairedCheckSheets(
  deps: ServiceDeps,
  organisationId: string,
  timesheet: StoredForm & { ownerId: string },
): Promise<StoredCheckSheet[]> {
  return (await pairedWeeks(deps, organisationId, [timesheet])).get(timesheet.id)?.checkSheets ?? [];
}

/**
 * GET /api/organisations/{id}/review: the company's submitted timesheets (and those approved, sent or filed
 * since, and those returned to their drivers), newest week first, in the week's state asked for (as its row says
 * it), each with its driver, plant, customer, site, hours, the defects of its paired check sheets and its forms'
 * ids. For supervisors and admins.
 */
export async function listOfficeReview(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  query: OfficeReviewQuery,
): Promise<ReviewPage> {
  await memberOf(deps, account, organisationId, "approve");
  const pageSize = query.limit ?? DEFAULT_REVIEW_PAGE_SIZE;
  // The page and one more, so the answer knows whether there is a next page; filtered in the query itself.
  const read = await listOrganisationTimesheetsByWeek(deps.database.db, organisationId, {
    state: query.status,
    week: query.week,
    after: query.cursor === undefined ? undefined : decodeReviewCursor(query.cursor),
    limit: pageSize + 1,
    filters: query,
  });
  const forms = read.slice(0, pageSize);
  const more = read.length > pageSize;
  const [paired, organisation] = await Promise.all([
    pairedWeeks(deps, organisationId, forms),
    findOrganisation(deps.database.db, organisationId),
  ]);
  const items = forms.map((form) => {
    const week = paired.get(form.id);
    return reviewRow(asTimesheet(form) as ReviewTimesheet, week?.checkSheets ?? [], {
      approvedAt: form.reviewApprovedAt,
      meterToleranceHours: organisation?.meterToleranceHours,
      offHireNote: week?.offHireNote,
    });
  });
  const last = forms.at(-1);
  return { items, nextCursor: more && last ? encodeReviewCursor(positionOf(last)) : null };
}
