import type { FastifyInstance } from "fastify";
import { companyMessages } from "../../../domain/company-messages";
import { OPEN_STATUSES } from "../../../domain/form-status";
import {
  type ReopenRequest,
  type ReviewApproveRequest,
  type ReviewTimesheet,
  reviewRow,
  type SendBackRequest,
} from "../../../domain/office-review";
import type { SetApprovedData } from "../../../domain/webhook";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import { getOrganisationForm, type StoredForm, writeReview } from "../../db/forms-repository";
import { enqueueWebhook } from "../../db/webhooks-repository";
import { asTimesheet, type StoredCheckSheet } from "../combined-set-forms";
import { type AuditActor, type AuditEvent, recordAudit } from "../record-audit";
import { pairedCheckSheets } from "./office-review";
import { memberOf } from "./organisation-access";

/** A week under review: its timesheet and the ids of its set (the timesheet first, then its paired checks). */
interface ReviewedSet {
  timesheet: StoredForm & { ownerId: string };
  formIds: string[];
  checkSheetIds: string[];
  checkSheets: StoredCheckSheet[];
}

/**
 * The set a review names, after the caller's role: a timesheet that is not the company's (another company's,
 * an individual's, made up) answers 404 as an organisation that is not theirs does. A week to decide on must be
 * submitted (a draft is still the driver's) and not approved yet; a week to reopen must be approved: else 409.
 */
async function reviewedSet(
  app: FastifyInstance,
  account: Account,
  organisationId: string,
  timesheetId: string,
  action: "approve" | "reopen",
): Promise<ReviewedSet> {
  await memberOf(app, account, organisationId, action);
  const timesheet = await getOrganisationForm(app.deps.database.db, organisationId, "timesheet", timesheetId);
  if (!timesheet) throw new AppError("not_found", companyMessages.reviewTimesheetNotFound);
  const approved = timesheet.reviewApprovedAt !== null;
  if (action === "reopen") {
    if (!approved) throw new AppError("conflict", companyMessages.reviewNotApproved);
  } else {
    if (timesheet.status === "draft") throw new AppError("conflict", companyMessages.reviewNotSubmitted);
    if (approved) throw new AppError("conflict", companyMessages.reviewAlreadyApproved);
  }
  const checkSheets = (await pairedCheckSheets(app, organisationId, [timesheet])).get(timesheet.id) ?? [];
  const checkSheetIds = checkSheets.map((sheet) => sheet.id);
  return { timesheet, formIds: [timesheet.id, ...checkSheetIds], checkSheetIds, checkSheets };
}

function events(set: ReviewedSet, ids: readonly string[], action: AuditEvent["action"], details: object) {
  return ids.map(
    (id): AuditEvent => ({
      formType: id === set.timesheet.id ? "timesheet" : "check-sheet",
      formId: id,
      action,
      details: { timesheetId: set.timesheet.id, ...details },
    }),
  );
}

/**
 * What the "set.approved" webhook says of an approved week: the review list's row (names, hours, the number of
 * defects) and the approval. No notes, signatures or photos: the receiver gets figures, not the forms.
 */
function setApprovedData(
  set: ReviewedSet,
  account: Account,
  approvedAt: string,
  rating: string,
): SetApprovedData {
  const row = reviewRow(asTimesheet(set.timesheet) as ReviewTimesheet, set.checkSheets);
  return {
    timesheetId: row.timesheetId,
    checkSheetIds: row.checkSheetIds,
    driverName: row.driverName,
    plantNumber: row.plantNumber,
    customer: row.customer,
    site: row.site,
    weekEnding: row.weekEnding,
    totalHours: row.totalHours,
    defects: row.defects,
    approvedAt,
    approvedBy: { accountId: account.id, name: account.fullName },
    rating,
  };
}

/**
 * Approves a submitted week for the company: every form of the set records who approved it, when and the
 * rating, and is locked against its driver's saves. Approving an approved week answers 409 and changes nothing;
 * of two approvals at once, one wins and the other gets 409.
 */
export async function approveReviewedSet(
  app: FastifyInstance,
  account: Account,
  actor: AuditActor,
  organisationId: string,
  timesheetId: string,
  { rating, notes }: ReviewApproveRequest,
) {
  const set = await reviewedSet(app, account, organisationId, timesheetId, "approve");
  const now = app.deps.now();
  const approvedAt = now.toISOString();
  const approval = {
    reviewApprovedAt: approvedAt,
    reviewApprovedBy: account.id,
    reviewRating: rating,
    sentBackReason: null,
    sentBackAt: null,
    sentBackBy: null,
  };
  await app.deps.database.db.transaction().execute(async (trx) => {
    // The timesheet first, on its own: of two approvals at once only one finds it unapproved (the other waits
    // for its row on PostgreSQL, then sees it approved), whatever check sheets each paired with it.
    if ((await writeReview(trx, organisationId, [set.timesheet.id], approval, { now })) === 0) {
      throw new AppError("conflict", companyMessages.reviewAlreadyApproved);
    }
    await writeReview(trx, organisationId, set.checkSheetIds, approval, { now });
    await recordAudit(trx, actor, events(set, set.formIds, "review-approve", { rating, notes }), now);
    // In the same transaction: the company's webhook hears of the approval exactly when it commits.
    await enqueueWebhook(
      trx,
      organisationId,
      "set.approved",
      setApprovedData(set, account, approvedAt, rating),
      now,
    );
  });
  app.deps.webhooks?.wake();
  return { timesheetId, formIds: set.formIds, approvedAt, approvedBy: account.id, rating };
}

/**
 * Sends one form of a submitted week (or every form of it) back to its driver: it is a draft again, with the
 * reason, which the driver's own read shows. Only forms still open in the driver's flow can go back; an approved
 * week is locked (409) until an admin reopens it.
 */
export async function sendBackReviewedSet(
  app: FastifyInstance,
  account: Account,
  actor: AuditActor,
  organisationId: string,
  timesheetId: string,
  { reason, formId }: SendBackRequest,
) {
  const set = await reviewedSet(app, account, organisationId, timesheetId, "approve");
  if (formId !== undefined && !set.formIds.includes(formId)) {
    throw new AppError("not_found", companyMessages.reviewFormNotInSet);
  }
  const ids = formId === undefined ? set.formIds : [formId];
  const now = app.deps.now();
  const sentBackAt = now.toISOString();
  await app.deps.database.db.transaction().execute(async (trx) => {
    const changed = await writeReview(
      trx,
      organisationId,
      ids,
      { status: "draft", submittedAt: null, sentBackReason: reason, sentBackAt, sentBackBy: account.id },
      { now, onlyIfStatusIn: OPEN_STATUSES },
    );
    // A form completed in the driver's own flow, or the week approved meanwhile: nothing goes back.
    if (changed !== ids.length) throw new AppError("conflict", companyMessages.reviewFormNotOpen);
    await recordAudit(trx, actor, events(set, ids, "send-back", { reason }), now);
  });
  return { timesheetId, formIds: ids, sentBackAt, reason };
}

/**
 * An admin unlocks an approved week with a written reason: every form of the set that was approved loses its
 * approval and keeps why, when and by whom it was reopened, which the audit trail records with the approval it
 * undid, and every PDF made of the set from then on prints. Its driver may edit it again, and it can be approved
 * anew. Of two reopens at once, one wins and the other gets 409.
 */
export async function reopenReviewedSet(
  app: FastifyInstance,
  account: Account,
  actor: AuditActor,
  organisationId: string,
  timesheetId: string,
  { reason }: ReopenRequest,
) {
  const set = await reviewedSet(app, account, organisationId, timesheetId, "reopen");
  const now = app.deps.now();
  const reopenedAt = now.toISOString();
  const reopening = {
    reviewApprovedAt: null,
    reviewApprovedBy: null,
    reviewRating: null,
    reopenedReason: reason,
    reopenedAt,
    reopenedBy: account.id,
    reopenedByName: account.fullName,
  };
  const undone = { approvedAt: set.timesheet.reviewApprovedAt };
  await app.deps.database.db.transaction().execute(async (trx) => {
    const write = { now, onlyIfApproved: true };
    // The timesheet first, as approval does: of two reopens at once only one finds it still approved.
    if ((await writeReview(trx, organisationId, [set.timesheet.id], reopening, write)) === 0) {
      throw new AppError("conflict", companyMessages.reviewNotApproved);
    }
    await writeReview(trx, organisationId, set.checkSheetIds, reopening, write);
    await recordAudit(trx, actor, events(set, set.formIds, "review-reopen", { reason, undone }), now);
  });
  return { timesheetId, formIds: set.formIds, reopenedAt, reason };
}
