import type { Kysely } from "kysely";
import type { CombinedSubmissionRequest } from "../../domain/api/api";
import { approvalProblem } from "../../domain/sets/combined-transitions";
import { approvalRecipients } from "../../domain/sets/pack-recipients";
import { combinedSetId } from "../../domain/sets/pairing";
import { AppError } from "../app-error";
import { newToken } from "../auth/sessions";
import type { Account } from "../db/accounts-repository";
import { holdImages } from "../db/images-repository";
import type { DB } from "../db/schema";
import { saveApproval } from "../db/supervisor-approvals-repository";
import { assertOpenPairing, loadSetForms, refuseCompanyApproved, setAuditEvents } from "./combined-set-forms";
import { APPROVAL_IMAGE_FIELDS, separateImages } from "./form-images";
import type { AuditActor } from "./record-audit";
import type { ServiceDeps } from "./service-deps";
import { transitionSet } from "./transition-set";
import { weeklyPackMails } from "./weekly-pack-mails";

/**
 * A green set's Get Approval (POST /api/combined-submission). The forms are read again by id for this
 * owner, the set re-made with the pairing rule and its signatures re-checked; the client's copies are never
 * trusted. In one transaction every form becomes approved, the set's membership (and any approval and
 * rating collected with it) is stored, the audit rows are written and the pack is queued for the client
 * and the supervisor.
 */
export async function approveCombinedSet(
  deps: ServiceDeps,
  account: Account,
  actor: AuditActor,
  body: CombinedSubmissionRequest,
): Promise<{ recipients: string[] }> {
  const { db } = deps.database;
  const now = deps.now();
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
  const mails = await weeklyPackMails(deps, account, set, recipients, {
    approval: body.supervisorApproval,
    rating: rating && { rating: rating.rating, notes: rating.notes || rating.supervisorNotes },
    viewToken,
    now,
  });

  const setId = combinedSetId(set.timesheet.id);
  const writeSet = async (trx: Kysely<DB>) => {
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
  };
  await transitionSet(
    deps,
    {
      ownerId: account.id,
      actor,
      set,
      action: "approve",
      viewToken,
      onlyIfNotReviewApproved: true,
      writeSet,
      audit: setAuditEvents(set, "approve", { recipients }),
      mails,
    },
    now,
  );
  return { recipients };
}
