import type { Kysely } from "kysely";

/**
 * A company's hire terms (what its clients are charged for while a machine is on hire), as the JSON text of
 * `HireTermsSchema`. Null, what every company already stored has, is the default terms (the CPA model's minimums).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("organisations").addColumn("hire_terms", "text").execute();
}
