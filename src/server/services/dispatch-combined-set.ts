import type { FastifyInstance } from "fastify";
import type { EmailDispatchRequest } from "../../domain/api";
import { SET_TRANSITIONS, setTransitionProblem } from "../../domain/combined-transitions";
import { messages } from "../../domain/messages";
import { timesheetIdOfCombined } from "../../domain/pairing";
import type { SupervisorApproval } from "../../domain/rating";
import { AppError } from "../app-error";
import { newToken } from "../auth/sessions";
import type { Account } from "../db/accounts-repository";
import { getForm } from "../db/forms-repository";
import { enqueueMail } from "../db/outbox-repository";
import { getApproval, type StoredApproval, setApprovalStatus } from "../db/supervisor-approvals-repository";
import { assertTransition, loadSetForms, moveSet, setAuditEvents, setNotFound } from "./combined-set-forms";
import { type AuditActor, recordAudit } from "./record-audit";
import { weeklyPackMails } from "./weekly-pack-mails";

/** The client's and foreman's approval as stored, when both have signed with their names. */
export function signedApproval(stored: StoredApproval): SupervisorApproval | undefined {
  const { clientName, clientSignature, foremanName, foremanSignature, approvedAt } = stored;
  if (!clientName || !clientSignature || !foremanName || !foremanSignature || !approvedAt) return undefined;
  return {
    clientName,
    clientSignature,
    foremanName,
    foremanSignature,
    approvedAt,
    supervisorNotes: stored.notes ?? "",
  };
}

/**
 * A stored set of this owner by its combined id. A timesheet that is the owner's but was never approved
 * as a set is refused with the transition's reason (it is still open, or was completed on its own); any
 * other id answers 404.
 */
export async function loadStoredSet(
  app: FastifyInstance,
  account: Account,
  combinedId: string,
  action: "dispatch" | "complete",
) {
  const { db } = app.deps.database;
  const timesheetId = timesheetIdOfCombined(combinedId);
  if (!timesheetId) throw setNotFound();
  const stored = await getApproval(db, account.id, combinedId);
  if (!stored) {
    const timesheet = await getForm(db, "timesheets", account.id, timesheetId);
    if (!timesheet) throw setNotFound();
    throw new AppError("conflict", setTransitionProblem(action, [timesheet]) ?? messages.setChanged);
  }
  const set = await loadSetForms(db, account.id, timesheetId, stored.checkSheetIds, { allowMissing: true });
  assertTransition(action, set);
  return { stored, set };
}

/**
 * Email Dispatch of an approved set (POST /api/supervisor/email-dispatch): one PDF pack for the set as it
 * was approved, mailed to every recipient through the outbox in the transaction that marks the set
 * dispatched. Answers the recipient count for the toast.
 */
export async function dispatchCombinedSet(
  app: FastifyInstance,
  account: Account,
  actor: AuditActor,
  body: EmailDispatchRequest,
): Promise<{ recipients: number }> {
  const { db } = app.deps.database;
  const now = app.deps.now();
  const { stored, set } = await loadStoredSet(app, account, body.combinedId, "dispatch");
  const viewToken = set.viewToken ?? newToken();
  const mails = await weeklyPackMails(app, account.id, set, body.emailAddresses, {
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
    await recordAudit(trx, actor, setAuditEvents(set, "dispatch", { recipients: body.emailAddresses }), now);
    for (const mail of mails) await enqueueMail(trx, mail, now);
  });
  app.deps.outbox?.wake();
  return { recipients: body.emailAddresses.length };
}
