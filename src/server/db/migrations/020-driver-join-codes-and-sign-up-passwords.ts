import type { Kysely } from "kysely";

/**
 * Join codes admit drivers only: a code shown at an induction lets in anyone who scans it, and one made for a
 * supervisor or an admin let strangers manage the company. Such codes still open are revoked here (by no one:
 * `revoked_by` stays null), so they let no one in under any role; the domain refuses them too. Members who
 * joined by one keep their role: the record of joins says who they are, for an admin to check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const kdb = db as Kysely<{
    invites: { email: string | null; role: string; revoked_at: string | null };
  }>;
  await kdb
    .updateTable("invites")
    .set({ revoked_at: new Date().toISOString() })
    .where("email", "is", null)
    .where("role", "<>", "driver")
    .where("revoked_at", "is", null)
    .execute();
}
