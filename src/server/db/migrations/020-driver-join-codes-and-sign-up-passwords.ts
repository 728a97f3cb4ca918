import type { Kysely } from "kysely";

/** Rows written per statement when the login counts are copied: well under either database's parameter limit. */
const COPY_BATCH = 500;

/**
 * Join codes admit drivers only: a code shown at an induction lets in anyone who scans it, and one made for a
 * supervisor or an admin let strangers manage the company. Such codes still open are revoked here (by no one:
 * `revoked_by` stays null), so they let no one in under any role; the domain refuses them too. Members who
 * joined by one keep their role: the record of joins says who they are, for an admin to check.
 *
 * A sign-up no longer takes a password: it is chosen on the page its emailed link opens, so whoever asked for an
 * account at someone else's address chose nothing its owner would then use. The password hashes kept with the
 * sign-ups still waiting go; their links still work, and ask for a password.
 *
 * Failed logins are counted a day at a time from a count's first failure (decision record 036), so each count
 * keeps when it began. The counts are copied into the table made anew, their last failure standing for the
 * first; the index that found stale counts by their last failure now finds them by their first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const kdb = db as Kysely<{
    invites: { email: string | null; role: string; revoked_at: string | null };
    login_failures: { key: string; failures: number; first_failure_at: string; last_failure_at: string };
  }>;
  await kdb
    .updateTable("invites")
    .set({ revoked_at: new Date().toISOString() })
    .where("email", "is", null)
    .where("role", "<>", "driver")
    .where("revoked_at", "is", null)
    .execute();

  await db.schema.alterTable("pending_registrations").dropColumn("password_hash").execute();

  const counts = await kdb
    .selectFrom("login_failures")
    .select(["key", "failures", "last_failure_at"])
    .execute();
  await db.schema.dropTable("login_failures").execute();
  await db.schema
    .createTable("login_failures")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("first_failure_at", "text", (c) => c.notNull())
    .addColumn("last_failure_at", "text", (c) => c.notNull())
    .execute();
  for (let i = 0; i < counts.length; i += COPY_BATCH) {
    await kdb
      .insertInto("login_failures")
      .values(
        counts.slice(i, i + COPY_BATCH).map((row) => ({ ...row, first_failure_at: row.last_failure_at })),
      )
      .execute();
  }
  await db.schema
    .createIndex("login_failures_first_failure_at")
    .on("login_failures")
    .column("first_failure_at")
    .execute();
}
