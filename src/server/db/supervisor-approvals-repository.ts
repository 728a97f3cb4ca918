import type { Kysely, Selectable } from "kysely";
import type { Rating } from "../../domain/sets/rating";
import type { DB, FormStatus, SupervisorApprovalsTable } from "./schema";

/**
 * A combined set once it has been approved: which forms it holds (fixed at approval, so a check sheet
 * added to the week later does not slip into a set already signed off), the client's and foreman's
 * approval, the driver's rating and where the set stands. Keyed by the set's id ('combined-' plus the
 * timesheet id), so a set is approved at most once.
 */
export interface StoredApproval {
  id: string;
  ownerId: string;
  timesheetId: string;
  checkSheetIds: string[];
  clientName: string | null;
  clientSignature: string | null;
  foremanName: string | null;
  foremanSignature: string | null;
  approvedAt: string | null;
  notes: string | null;
  rating: Rating | null;
  ratingNotes: string | null;
  ratedAt: string | null;
  status: FormStatus;
  createdAt: string;
  updatedAt: string;
}

function toStoredApproval(row: Selectable<SupervisorApprovalsTable>): StoredApproval {
  return {
    id: row.id,
    ownerId: row.owner_id ?? "",
    timesheetId: row.timesheet_id,
    checkSheetIds: JSON.parse(row.check_sheet_ids) as string[],
    clientName: row.client_name,
    clientSignature: row.client_signature,
    foremanName: row.foreman_name,
    foremanSignature: row.foreman_signature,
    approvedAt: row.approved_at,
    notes: row.notes,
    rating: row.rating as Rating | null,
    ratingNotes: row.rating_notes,
    ratedAt: row.rated_at,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** An owner's stored sets, most recently changed first. */
export async function listApprovals(db: Kysely<DB>, ownerId: string): Promise<StoredApproval[]> {
  const rows = await db
    .selectFrom("supervisor_approvals")
    .selectAll()
    .where("owner_id", "=", ownerId)
    .orderBy("updated_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toStoredApproval);
}

export async function getApproval(
  db: Kysely<DB>,
  ownerId: string,
  id: string,
): Promise<StoredApproval | undefined> {
  const row = await db
    .selectFrom("supervisor_approvals")
    .selectAll()
    .where("id", "=", id)
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  return row && toStoredApproval(row);
}

export type ApprovalWrite = Omit<StoredApproval, "createdAt" | "updatedAt">;

/** Stores a set's approval, replacing what an earlier step stored for the same set. */
export async function saveApproval(db: Kysely<DB>, approval: ApprovalWrite, now: Date): Promise<void> {
  const timestamp = now.toISOString();
  const values = {
    timesheet_id: approval.timesheetId,
    check_sheet_ids: JSON.stringify(approval.checkSheetIds),
    client_name: approval.clientName,
    client_signature: approval.clientSignature,
    foreman_name: approval.foremanName,
    foreman_signature: approval.foremanSignature,
    approved_at: approval.approvedAt,
    notes: approval.notes,
    rating: approval.rating,
    rating_notes: approval.ratingNotes,
    rated_at: approval.ratedAt,
    status: approval.status,
    updated_at: timestamp,
  };
  await db
    .insertInto("supervisor_approvals")
    .values({ id: approval.id, owner_id: approval.ownerId, created_at: timestamp, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}

/** Moves an owner's stored set to `status`; nothing happens when the timesheet has no stored set. */
export async function setApprovalStatus(
  db: Kysely<DB>,
  ownerId: string,
  timesheetId: string,
  status: FormStatus,
  now: Date,
): Promise<void> {
  await db
    .updateTable("supervisor_approvals")
    .set({ status, updated_at: now.toISOString() })
    .where("owner_id", "=", ownerId)
    .where("timesheet_id", "=", timesheetId)
    .execute();
}
