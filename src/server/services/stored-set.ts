import type { Kysely } from "kysely";
import type { StoredSet } from "../../domain/api";
import { combinedSetId } from "../../domain/pairing";
import type { SupervisorApproval } from "../../domain/rating";
import { getForm } from "../db/forms-repository";
import type { DB } from "../db/schema";
import { getApproval, type StoredApproval } from "../db/supervisor-approvals-repository";
import { toApiForm } from "../routes/form-routes";

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
    const sheet = await getForm(db, "check_sheets", ownerId, id);
    if (sheet) checkSheets.push(toApiForm(sheet));
  }
  return { ...toStoredSet(stored), checkSheets };
}
