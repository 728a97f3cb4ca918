import type { Kysely } from "kysely";

/**
 * Reopening an approved week (decision record 029). An admin may unlock a set the office approved, with a written
 * reason; each form of the set keeps why, when and by whom (the name as it was then), so every PDF made of it
 * afterwards says it was amended after approval.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["reopened_reason", "reopened_at", "reopened_by", "reopened_by_name"]) {
    await db.schema.alterTable("forms").addColumn(column, "text").execute();
  }
}
