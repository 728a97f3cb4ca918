import type { Kysely } from "kysely";

/**
 * The language a sign-up was made in (a Locale such as "pl"): its mail is written in it, and the account its link
 * makes keeps it. Null, what every pending sign-up already stored has, is English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("pending_registrations").addColumn("language", "text").execute();
}
