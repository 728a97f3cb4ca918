import type { FastifyInstance } from "fastify";
import { SET_TRANSITIONS } from "../../domain/combined-transitions";
import type { Account } from "../db/accounts-repository";
import { setApprovalStatus } from "../db/supervisor-approvals-repository";
import { moveSet, setAuditEvents } from "./combined-set-forms";
import { type AuditActor, recordAudit } from "./record-audit";
import { loadStoredSet } from "./stored-set";

/**
 * POST /api/combined-forms/{id}/complete: a dispatched set becomes completed (spec section 4: a combined
 * form is completed after its email dispatch). Only from dispatched: completing twice, or before the mail
 * went out, is refused.
 */
export async function completeCombinedSet(
  app: FastifyInstance,
  account: Account,
  actor: AuditActor,
  combinedId: string,
): Promise<void> {
  const now = app.deps.now();
  const { set } = await loadStoredSet(app, account, combinedId, "complete");
  await app.deps.database.db.transaction().execute(async (trx) => {
    await moveSet(
      trx,
      account.id,
      set,
      SET_TRANSITIONS.complete.from,
      { status: "completed", completedAt: now.toISOString() },
      {},
      now,
    );
    await setApprovalStatus(trx, account.id, set.timesheet.id, "completed", now);
    await recordAudit(trx, actor, setAuditEvents(set, "complete"), now);
  });
}
