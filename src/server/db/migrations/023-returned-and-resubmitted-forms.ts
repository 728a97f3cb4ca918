import type { Kysely } from "kysely";

/**
 * A company member's form the office returns and the driver submits again (decision record 040). When the office
 * sends a form back or an admin reopens it, the form keeps its fields as they were (`returned_data`, JSON) and,
 * when it had been signed and sent, the fingerprint of that signed version (`returned_fingerprint`), which the
 * fixed version's PDF prints. Submitting it again keeps when and which fields changed (`resubmitted_at`,
 * `resubmitted_changes`, a JSON list of field names): the office sees it marked resubmitted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["returned_data", "returned_fingerprint", "resubmitted_at", "resubmitted_changes"]) {
    await db.schema.alterTable("forms").addColumn(column, "text").execute();
  }
}
