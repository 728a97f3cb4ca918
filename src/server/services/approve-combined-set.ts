import type { FastifyInstance } from "fastify";
import type { CombinedSubmissionRequest } from "../../domain/api";
import { approvalProblem, SET_TRANSITIONS } from "../../domain/combined-transitions";
import { approvalRecipients } from "../../domain/pack-recipients";
import { combinedSetId } from "../../domain/pairing";
import { AppError } from "../app-error";
import { newToken } from "../auth/sessions";
import type { Account } from "../db/accounts-repository";
import { holdImages } from "../db/images-repository";
import { enqueueMail } from "../db/outbox-repository";
import { saveApproval } from "../db/supervisor-approvals-repository";
import {
  assertOpenPairing,
  loadSetForms,
  moveSet,
  refuseCompanyApproved,
  setAuditEvents,
} from "./combined-set-forms";
import { APPROVAL_IMAGE_FIELDS, separateImages } from "./form-images";
import { type AuditActor, recordAudit } from "./record-audit";
import { weeklyPackMails } from "./weekly-pack-mails";

/**
 * A green set's Get Approval (POST /api/combined-submission). The forms are read again by id for this
 * owner, the set re-made with the pairing rule and its signatures re-checked; the client's copies are never
 * trusted. In one transaction every form becomes approved, the set's membership (and any approval and
 * rating collected with it) is stored, the audit rows are written and the pack is queued for the client
 * and the supervisor.
 */
export async function approveCombinedSet(
  app: FastifyInstance,
  account: Account,
  actor: AuditActor,
  body: CombinedSubmissionRequest,
): Promise<{ recipients: string[] }> {
  const { db } = app.deps.database;
  const now = app.deps.now();
  const set = await loadSetForms(
    db,
    account.id,
    body.timesheet.id,
    body.checkSheets.map((sheet) => sheet.id),
  );
  refuseCompanyApproved(set);
  const problem = approvalProblem(set.timesheet, set.checkSheets);
  if (problem) throw new AppError("conflict", problem);
  await assertOpenPairing(db, account.id, set);

  const recipients = approvalRecipients(set.timesheet.submissionEmails, account.email);
  const viewToken = set.viewToken ?? newToken();
  const rating = body.supervisorRating;
  const approval = body.supervisorApproval && separateImages(body.supervisorApproval, APPROVAL_IMAGE_FIELDS);
  const mails = await weeklyPackMails(app, account.id, set, recipients, {
    approval: body.supervisorApproval,
    rating: rating && { rating: rating.rating, notes: rating.notes || rating.supervisorNotes },
    viewToken,
    now,
  });

  await db.transaction().execute(async (trx) => {
    await moveSet(
      trx,
      account.id,
      set,
      SET_TRANSITIONS.approve.from,
      { status: "approved" },
      { viewToken },
      now,
      { onlyIfNotReviewApproved: true },
    );
    const setId = combinedSetId(set.timesheet.id);
    await saveApproval(
      trx,
      {
        id: setId,
        ownerId: account.id,
        timesheetId: set.timesheet.id,
        checkSheetIds: set.checkSheets.map((sheet) => sheet.id),
        clientName: approval?.form.clientName ?? null,
        clientSignature: approval?.form.clientSignature ?? null,
        foremanName: approval?.form.foremanName ?? null,
        foremanSignature: approval?.form.foremanSignature ?? null,
        approvedAt: approval?.form.approvedAt ?? now.toISOString(),
        notes: approval?.form.supervisorNotes ?? null,
        rating: rating?.rating ?? null,
        ratingNotes: rating ? rating.notes || rating.supervisorNotes || "" : null,
        ratedAt: rating?.ratedAt ?? null,
        status: "approved",
      },
      now,
    );
    await holdImages(trx, setId, approval?.images ?? [], now);
    await recordAudit(trx, actor, setAuditEvents(set, "approve", { recipients }), now);
    for (const mail of mails) await enqueueMail(trx, mail, now);
  });
  app.deps.outbox?.wake();
  return { recipients };
}
