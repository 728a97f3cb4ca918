import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { HistoryAuditRow } from "../../domain/company/office-review";
import type { DB } from "./schema";

/** The audit rows of some forms with the given actions, oldest first, each with the name of whoever acted. */
export async function auditHistoryOf(
  db: Kysely<DB>,
  formIds: readonly string[],
  actions: readonly string[],
): Promise<HistoryAuditRow[]> {
  if (formIds.length === 0) return [];
  const rows = await db
    .selectFrom("audit_events")
    .leftJoin("accounts", "accounts.id", "audit_events.account_id")
    .select([
      "audit_events.form_id",
      "audit_events.action",
      "audit_events.created_at",
      "audit_events.details",
      "accounts.full_name",
    ])
    .where("audit_events.form_id", "in", formIds)
    .where("audit_events.action", "in", actions)
    .orderBy("audit_events.created_at")
    .execute();
  return rows.map((row) => ({
    formId: row.form_id,
    action: row.action,
    at: row.created_at,
    by: row.full_name ?? "",
    details: row.details === null ? null : (JSON.parse(row.details) as Record<string, unknown>),
  }));
}

/** One audit row as written: what was done to which form, by whom and from where. */
export interface AuditRow {
  formType: string;
  formId: string;
  action: string;
  accountId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown> | undefined;
}

export async function insertAuditRows(db: Kysely<DB>, rows: readonly AuditRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("audit_events")
    .values(
      rows.map((row) => ({
        id: randomUUID(),
        form_type: row.formType,
        form_id: row.formId,
        account_id: row.accountId,
        action: row.action,
        ip: row.ip,
        user_agent: row.userAgent,
        details: row.details ? JSON.stringify(row.details) : null,
        created_at: now.toISOString(),
      })),
    )
    .execute();
}
