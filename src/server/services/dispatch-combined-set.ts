import type { EmailDispatchRequest } from "../../domain/api/api";
import { packRecipients } from "../../domain/sets/pack-recipients";
import { newToken } from "../auth/sessions";
import type { Account } from "../db/accounts-repository";
import { setApprovalStatus } from "../db/supervisor-approvals-repository";
import { setAuditEvents } from "./combined-set-forms";
import type { AuditActor } from "./record-audit";
import type { ServiceDeps } from "./service-deps";
import { loadStoredSet, signedApproval } from "./stored-set";
import { transitionSet } from "./transition-set";
import { weeklyPackMails } from "./weekly-pack-mails";

/**
 * Email Dispatch of an approved set (POST /api/supervisor/email-dispatch): one PDF pack for the set as it
 * was approved, mailed to every recipient through the outbox in the transaction that marks the set
 * dispatched. The account holder (the supervisor on this device) gets a copy. Answers every address mailed.
 */
export async function dispatchCombinedSet(
  deps: ServiceDeps,
  account: Account,
  actor: AuditActor,
  body: EmailDispatchRequest,
): Promise<{ recipients: string[] }> {
  const now = deps.now();
  const { stored, set } = await loadStoredSet(deps, account, body.combinedId, "dispatch");
  const viewToken = set.viewToken ?? newToken();
  const recipients = packRecipients(body.emailAddresses, account.email);
  const mails = await weeklyPackMails(deps, account, set, recipients, {
    approval: signedApproval(stored),
    rating: stored.rating ? { rating: stored.rating, notes: stored.ratingNotes } : undefined,
    note: body.message,
    viewToken,
    now,
  });

  await transitionSet(
    deps,
    {
      ownerId: account.id,
      actor,
      set,
      action: "dispatch",
      viewToken,
      writeSet: (trx) => setApprovalStatus(trx, account.id, set.timesheet.id, "dispatched", now),
      audit: setAuditEvents(set, "dispatch", { recipients }),
      mails,
    },
    now,
  );
  return { recipients };
}
