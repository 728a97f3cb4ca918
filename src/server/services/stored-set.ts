import type { Kysely } from "kysely";
import type { StoredSet } from "../../domain/api/api";
import { setTransitionProblem } from "../../domain/sets/combined-transitions";
import { combinedSetId, timesheetIdOfCombined } from "../../domain/sets/pairing";
import type { SupervisorApproval } from "../../domain/sets/rating";
import { AppError } from "../app-error";
import type { Account } from "../db/accounts-repository";
import { getForm } from "../db/forms-repository";
import type { DB } from "../db/schema";
import { getApproval, listApprovals, type StoredApproval } from "../db/supervisor-approvals-repository";
import { assertTransition, loadSetForms, setNotFound } from "./combined-set-forms";
import { apiForm } from "./form-answers";
import type { ServiceDeps } from "./service-deps";

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

/** The account's own sets (its personal supervisor workflow), as the API answers them. */
export async function listOwnSets(deps: ServiceDeps, account: Account): Promise<StoredSet[]> {
  return (await listApprovals(deps.database.db, account.id)).map(toStoredSet);
}

/** A stored set as the API answers it. */
export function toStoredSet(stored: StoredApproval): StoredSet {
  return {
    id: stored.id,
    timesheetId: stored.timesheetId,
    checkSheetIds: stored.checkSheetIds,
    status: stored.status,
    approval: signedApproval(stored) ?? null,
    rating: stored.rating
      ? { rating: stored.rating, notes: stored.ratingNotes ?? "", ratedAt: stored.ratedAt }
      : null,
  };
}

/** The stored set a timesheet heads, with its check sheets as stored forms; undefined when it heads none. */
export async function storedSetView(db: Kysely<DB>, ownerId: string, timesheetId: string) {
  const stored = await getApproval(db, ownerId, combinedSetId(timesheetId));
  if (!stored) return undefined;
  const checkSheets = [];
  for (const id of stored.checkSheetIds) {
    const sheet = await getForm(db, "check-sheet", ownerId, id);
    if (sheet) checkSheets.push(apiForm(sheet));
  }
  return { ...toStoredSet(stored), checkSheets };
}

/**
 * A stored set of this owner by its combined id. A timesheet that is the owner's but was never approved
 * as a set is refused with the transition's reason (it is still open, or was completed on its own); any
 * other id answers 404.
 */
export async function loadStoredSet(
  deps: ServiceDeps,
  account: Account,
  combinedId: string,
  action: "dispatch" | "complete",
) {
  const { db } = deps.database;
  const timesheetId = timesheetIdOfCombined(combinedId);
  if (!timesheetId) throw setNotFound();
  const stored = await getApproval(db, account.id, combinedId);
  if (!stored) {
    const timesheet = await getForm(db, "timesheet", account.id, timesheetId);
    if (!timesheet) throw setNotFound();
    throw new AppError("conflict", setTransitionProblem(action, [timesheet]) ?? "apiError.setChanged");
  }
  const set = await loadSetForms(db, account.id, timesheetId, stored.checkSheetIds, { allowMissing: true });
  assertTransition(action, set);
  return { stored, set };
}
