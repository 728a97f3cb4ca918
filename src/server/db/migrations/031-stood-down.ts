import { type Kysely, sql } from "kysely";

/**
 * Whether a reported defect stood its machine down (the driver's check found it not safe to use): the fleet shows
 * the machine off hire until an admin marks it fixed. Every defect reported before was not (0).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("vehicle_defects")
    .addColumn("stood_down", "integer", (column) =>
      column.notNull().defaultTo(0).check(sql`stood_down in (0, 1)`),
    )
    .execute();
}
