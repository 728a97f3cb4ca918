import type { Kysely } from "kysely";

/**
 * The company's hire desk: the office member (a supervisor or admin) its admin picked to be mailed its drivers'
 * off-hire notes. Null, what every company already stored has, is no one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("organisations").addColumn("hire_desk_account_id", "text").execute();
}
