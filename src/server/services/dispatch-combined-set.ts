import type { FastifyInstance } from "fastify";
import type { EmailDispatchRequest } from "../../domain/api";
import { SET_TRANSITIONS } from "../../domain/combined-transitions";
import { packRecipients } from "../../domain/pack-recipients";
import { newToken } from "../auth/sessions";
import type { Account } from "../db/accounts-repository";
import { enqueueMail } from "../db/outbox-repository";
import { setApprovalStatus } from "../db/supervisor-approvals-repository";
import { moveSet, setAuditEvents } from "./combined-set-forms";
import { type AuditActor, recordAudit } from "./record-audit";
import { loadStoredSet, signedApproval } from "./stored-set";
import { weeklyPackMails } from "./weekly-pack-mails";

/**
 * Email Dispatch of an approved set (POST /api/supervisor/email-dispatch): one PDF pack for the set as it
 * was approved, mailed to every recipient through the outbox in the transaction that marks the set
 * dispatched. The account holder (the supervisor on this device) gets a copy. Answers every address mailed.
 */
export async function dispatchCombinedSet(
  app: FastifyInstance,
  account: Account,
  actor: AuditActor,
  body: EmailDispatchRequest,
): Promise<{ recipients: string[] }> {
  const { db } = app.deps.database;
  const now = app.deps.now();
  const { stored, set } = await loadStoredSet(app, account, body.combinedId, "dispatch");
  const viewToken = set.viewToken ?? newToken();
  const recipients = packRecipients(body.emailAddresses, account.email);
  const mails = await weeklyPackMails(app, account.id, set, recipients, {
    approval: signedApproval(stored),
    rating: stored.rating ? { rating: stored.rating, notes: stored.ratingNotes } : undefined,
    note: body.message,
    viewToken,
    now,
  });

  await db.transaction().execute(async (trx) => {
    await moveSet(
      trx,
      account.id,
      set,
      SET_TRANSITIONS.dispatch.from,
      { status: "dispatched" },
      { viewToken },
      now,
    );
    await setApprovalStatus(trx, account.id, set.timesheet.id, "dispatched", now);
    await recordAudit(trx, actor, setAuditEvents(set, "dispatch", { recipients }), now);
    for (const mail of mails) await enqueueMail(trx, mail, now);
  });
  app.deps.outbox?.wake();
  return { recipients };
}
