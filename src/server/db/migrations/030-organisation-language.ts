import type { Kysely } from "kysely";

/**
 * The language a company's office works in (a Locale such as "pl"): its exports' column headers, the mails to its
 * office and workshop addresses and its members' default for a client's copy follow it. Null, what every company
 * already stored has, is English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("organisations").addColumn("language", "text").execute();
}
