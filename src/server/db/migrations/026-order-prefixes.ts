import type { Kysely } from "kysely";

/**
 * A company's order-number rule (decision record 044): the prefixes its customers' order numbers start with,
 * separated by spaces (a prefix holds none). Null, what every company already stored has, is the spec's P-, S-, M-.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("organisations").addColumn("order_prefixes", "text").execute();
}
