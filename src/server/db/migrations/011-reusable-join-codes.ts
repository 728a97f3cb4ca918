import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";

/**
 * A join code, shown as a QR code at a site induction, lets in everyone who scans it until it expires or an
 * admin revokes it; a mailed invitation stays single-use. Invitations get an id (what an admin's list and a
 * revocation name: never the token or its hash), when and by whom they were revoked, and a record of every
 * join by an invitation: who joined by which one, and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const kdb = db as Kysely<{
    invites: {
      token_hash: string;
      id: string | null;
      email: string | null;
      used_at: string | null;
      used_by: string | null;
    };
    invite_uses: { token_hash: string; account_id: string; joined_at: string };
  }>;
  await db.schema.alterTable("invites").addColumn("id", "text").execute();
  await db.schema.alterTable("invites").addColumn("revoked_at", "text").execute();
  await db.schema.alterTable("invites").addColumn("revoked_by", "text").execute();
  const rows = await kdb.selectFrom("invites").select(["token_hash", "used_at", "used_by"]).execute();
  for (const row of rows) {
    await kdb
      .updateTable("invites")
      .set({ id: randomUUID() })
      .where("token_hash", "=", row.token_hash)
      .execute();
  }
  await db.schema.createIndex("invites_id_idx").on("invites").column("id").unique().execute();

  // No FK to the account: who joined by which invitation outlives the account, as an invitation's used_by.
  await db.schema
    .createTable("invite_uses")
    .addColumn("token_hash", "text", (c) => c.notNull().references("invites.token_hash").onDelete("cascade"))
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("joined_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("invite_uses_pkey", ["token_hash", "account_id", "joined_at"])
    .execute();

  // The invitations used before are the first record. A join code is no longer used up: its one use moves
  // to the record, and it lets others in for the rest of its week.
  for (const row of rows) {
    if (row.used_at !== null && row.used_by !== null) {
      await kdb
        .insertInto("invite_uses")
        .values({ token_hash: row.token_hash, account_id: row.used_by, joined_at: row.used_at })
        .execute();
    }
  }
  await kdb.updateTable("invites").set({ used_at: null, used_by: null }).where("email", "is", null).execute();
}
