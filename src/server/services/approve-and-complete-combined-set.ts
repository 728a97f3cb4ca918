import type { Kysely } from "kysely";
import type { SupervisorEmailDispatchRequest } from "../../domain/api/api";
import { isOpenStatus } from "../../domain/forms/form-status";
import { approveAndCompleteProblem } from "../../domain/sets/combined-transitions";
import { approvalDispatchProblem } from "../../domain/sets/dispatch";
import { packRecipients } from "../../domain/sets/pack-recipients";
import { combinedSetId } from "../../domain/sets/pairing";
import { AppError } from "../app-error";
import { newToken } from "../auth/sessions";
import type { Account } from "../db/accounts-repository";
import type { DB } from "../db/schema";
import { getApproval, saveApproval } from "../db/supervisor-approvals-repository";
import {
  assertOpenPairing,
  loadSetForms,
  refuseCompanyApproved,
  type SetForms,
  setAuditEvents,
} from "./combined-set-forms";
import { APPROVAL_IMAGE_FIELDS, imageIdsOf, separateImages, updateHeldImages } from "./form-images";
import type { AuditActor } from "./record-audit";
import type { ServiceDeps } from "./service-deps";
import { transitionSet } from "./transition-set";
import { weeklyPackMails } from "./weekly-pack-mails";

const sameIds = (a: readonly string[], b: readonly string[]) =>
  [...new Set(a)].sort().join() === [...new Set(b)].sort().join();

/**
 * The approval dashboard's 'Email to Clients & Complete' (POST /api/supervisor-email-dispatch): refused
 * unless the domain's dispatch-readiness rule passes. The set is read from the database (as stored at an
 * earlier Get Approval, or re-made with the pairing rule when still open); one pack with the client's and
 * foreman's signatures and the rating goes to every address; and in the same transaction the approval and
 * rating are stored and every form of the set is completed.
 */
export async function approveAndCompleteCombinedSet(
  deps: ServiceDeps,
  account: Account,
  actor: AuditActor,
  body: SupervisorEmailDispatchRequest,
): Promise<{ recipients: string[] }> {
  const { supervisorApproval: approval, supervisorRating: rating, emailAddresses } = body;
  const readiness = approvalDispatchProblem({ ...approval, rating: rating.rating, emails: emailAddresses });
  if (readiness) throw new AppError("validation_failed", readiness);

  const { db } = deps.database;
  const now = deps.now();
  const combinedId = body.combinedFormData.id;
  const timesheetId = body.combinedFormData.timesheet.id;
  const givenIds = body.combinedFormData.checkSheets.map((sheet) => sheet.id);
  const stored = await getApproval(db, account.id, combinedId);
  let set: SetForms;
  if (stored) {
    set = await loadSetForms(db, account.id, timesheetId, stored.checkSheetIds, { allowMissing: true });
    const problem = approveAndCompleteProblem(set.timesheet, set.checkSheets);
    if (problem) throw new AppError("conflict", problem);
    if (
      !sameIds(
        givenIds,
        set.checkSheets.map((sheet) => sheet.id),
      )
    ) {
      throw new AppError("conflict", "apiError.setChanged");
    }
  } else {
    set = await loadSetForms(db, account.id, timesheetId, givenIds);
    const problem = approveAndCompleteProblem(set.timesheet, set.checkSheets);
    if (problem) throw new AppError("conflict", problem);
    await assertOpenPairing(db, account.id, set);
  }
  refuseCompanyApproved(set);
  const wasOpen = isOpenStatus(set.timesheet.status);

  const viewToken = set.viewToken ?? newToken();
  const ratingNotes = rating.notes || rating.supervisorNotes || "";
  // The account holder (the supervisor on this device) keeps a copy of every pack sent.
  const recipients = packRecipients(emailAddresses, account.email);
  const mails = await weeklyPackMails(deps, account, set, recipients, {
    approval,
    rating: { rating: rating.rating, notes: ratingNotes },
    viewToken,
    now,
  });

  const setId = combinedSetId(set.timesheet.id);
  const signed = separateImages(approval, APPROVAL_IMAGE_FIELDS);
  const writeSet = async (trx: Kysely<DB>) => {
    await saveApproval(
      trx,
      {
        id: setId,
        ownerId: account.id,
        timesheetId: set.timesheet.id,
        checkSheetIds: set.checkSheets.map((sheet) => sheet.id),
        clientName: approval.clientName,
        clientSignature: signed.form.clientSignature,
        foremanName: approval.foremanName,
        foremanSignature: signed.form.foremanSignature,
        approvedAt: approval.approvedAt,
        notes: approval.supervisorNotes,
        rating: rating.rating,
        ratingNotes,
        ratedAt: rating.ratedAt,
        status: "completed",
      },
      now,
    );
    // The approval replaces any stored at Get Approval, and its images with it.
    await updateHeldImages(trx, setId, signed.images, imageIdsOf(signed.form, APPROVAL_IMAGE_FIELDS), now);
  };
  const details = { recipients, via: "approval-dashboard" };
  await transitionSet(
    deps,
    {
      ownerId: account.id,
      actor,
      set,
      action: "approve-and-complete",
      viewToken,
      onlyIfNotReviewApproved: true,
      writeSet,
      audit: [
        ...(wasOpen ? setAuditEvents(set, "approve", details) : []),
        ...setAuditEvents(set, "dispatch", details),
        ...setAuditEvents(set, "complete", details),
      ],
      mails,
    },
    now,
  );
  return { recipients };
}
