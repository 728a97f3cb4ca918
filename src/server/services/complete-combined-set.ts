import type { Account } from "../db/accounts-repository";
import { setApprovalStatus } from "../db/supervisor-approvals-repository";
import { setAuditEvents } from "./combined-set-forms";
import type { AuditActor } from "./record-audit";
import type { ServiceDeps } from "./service-deps";
import { loadStoredSet } from "./stored-set";
import { transitionSet } from "./transition-set";

/**
 * POST /api/combined-forms/{id}/complete: a dispatched set becomes completed (spec section 4: a combined
 * form is completed after its email dispatch). Only from dispatched: completing twice, or before the mail
 * went out, is refused.
 */
export async function completeCombinedSet(
  deps: ServiceDeps,
  account: Account,
  actor: AuditActor,
  combinedId: string,
): Promise<void> {
  const now = deps.now();
  const { set } = await loadStoredSet(deps, account, combinedId, "complete");
  await transitionSet(
    deps,
    {
      ownerId: account.id,
      actor,
      set,
      action: "complete",
      writeSet: (trx) => setApprovalStatus(trx, account.id, set.timesheet.id, "completed", now),
      audit: setAuditEvents(set, "complete"),
    },
    now,
  );
}
