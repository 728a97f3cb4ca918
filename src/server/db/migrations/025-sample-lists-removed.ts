import type { Kysely } from "kysely";

/**
 * A new company's drivers pick from the shared sample customers and machines until it has its own (decision
 * record 029). An admin may remove the samples in one tap before adding any: from then on the company's lists are
 * its own, empty until filled. Null (the samples still shown) is what every company already stored has.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("organisations").addColumn("samples_removed_at", "text").execute();
}
