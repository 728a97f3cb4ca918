import type { FastifyInstance } from "fastify";
import { addDays } from "../../../domain/iso-date";
import {
  type OfficeReviewQuery,
  REVIEWABLE_STATUSES,
  ReviewCursorSchema,
  type ReviewPage,
  type ReviewTimesheet,
  reviewRow,
} from "../../../domain/office-review";
import { pairForms } from "../../../domain/pairing";
import type { Account } from "../../db/accounts-repository";
import {
  listOrganisationFormsOfOwners,
  listOrganisationTimesheetsByWeek,
  type ReviewListPosition,
  type StoredForm,
} from "../../db/forms-repository";
import { asCheckSheet, asTimesheet, type StoredCheckSheet } from "../combined-set-forms";
import { decodeCursor, encodeCursor } from "../form-answers";
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

/**
 * Each timesheet's check sheets as its driver's own pairing gives them (pairing.ts): the driver's forms in the
 * company around the page's weeks, paired per driver. A check sheet goes to the earliest week ending that covers
 * it, and only timesheets ending up to 6 days either side of a week can cover one of its days, so those are all
 * that need reading. With `onlyReviewApproved`, only the check sheets the office approved (with their set) are
 * given: what the exports of approved weeks hold.
 */
export async function pairedCheckSheets(
  app: FastifyInstance,
  organisationId: string,
  timesheets: Array<StoredForm & { ownerId: string }>,
  options: { onlyReviewApproved?: boolean } = {},
): Promise<Map<string, StoredCheckSheet[]>> {
  const paired = new Map<string, StoredCheckSheet[]>();
  const weeks = timesheets.map((form) => form.date ?? "").sort();
  const first = weeks.at(0);
  const last = weeks.at(-1);
  if (first === undefined || last === undefined) return paired;
  const forms = await listOrganisationFormsOfOwners(
    app.deps.database.db,
    organisationId,
    [...new Set(timesheets.map((form) => form.ownerId))],
    { from: addDays(first, -6) ?? first, to: addDays(last, 6) ?? last },
  );
  const approved = new Set(forms.filter((form) => form.reviewApprovedAt !== null).map((form) => form.id));
  const byOwner = new Map<string, StoredForm[]>();
  for (const form of forms) {
    const owner = form.ownerId ?? "";
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), form]);
  }
  for (const owned of byOwner.values()) {
    const { combined } = pairForms(
      owned.filter((form) => form.kind === "timesheet").map(asTimesheet),
      owned.filter((form) => form.kind === "check-sheet").map(asCheckSheet),
    );
    for (const set of combined) {
      paired.set(
        set.timesheet.id,
        options.onlyReviewApproved
          ? set.checkSheets.filter((sheet) => approved.has(sheet.id))
          : set.checkSheets,
      );
    }
  }
  return paired;
}

/**
 * GET /api/organisations/{id}/review: the company's submitted timesheets (and those approved, sent or filed
 * since), newest week first, each with its driver, plant, customer, site, hours, the defects of its paired check
 * sheets and its forms' ids. For supervisors and admins.
 */
export async function listOfficeReview(
  app: FastifyInstance,
  account: Account,
  organisationId: string,
  query: OfficeReviewQuery,
): Promise<ReviewPage> {
  await memberOf(app, account, organisationId, "approve");
  const pageSize = query.limit ?? DEFAULT_REVIEW_PAGE_SIZE;
  // The page and one more, so the answer knows whether there is a next page; filtered in the query itself.
  const read = await listOrganisationTimesheetsByWeek(app.deps.database.db, organisationId, {
    statuses: query.status === undefined ? REVIEWABLE_STATUSES : [query.status],
    week: query.week,
    after: query.cursor === undefined ? undefined : decodeReviewCursor(query.cursor),
    limit: pageSize + 1,
    filters: query,
  });
  const forms = read.slice(0, pageSize);
  const more = read.length > pageSize;
  const paired = await pairedCheckSheets(app, organisationId, forms);
  const items = forms.map((form) =>
    reviewRow(asTimesheet(form) as ReviewTimesheet, paired.get(form.id) ?? [], form.reviewApprovedAt),
  );
  const last = forms.at(-1);
  return { items, nextCursor: more && last ? encodeReviewCursor(positionOf(last)) : null };
}
