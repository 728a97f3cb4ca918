import type { Kysely } from "kysely";

/**
 * The language an account chose in the app's menu (a Locale such as "pl"), so what is mailed to that person can
 * be in it. Null, what every account already stored has, is English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("accounts").addColumn("language", "text").execute();
}
