import type { Kysely } from "kysely";

/**
 * Sign-ups waiting for their emailed link: an account is made only when the link is opened, so registering
 * never says whether an address already has one. Only the link token's SHA-256 is stored, beside the password
 * hash chosen at sign-up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("pending_registrations")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("email_normalized", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("pending_registrations_email_normalized")
    .on("pending_registrations")
    .column("email_normalized")
    .execute();
  await db.schema
    .createIndex("pending_registrations_expires_at")
    .on("pending_registrations")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("pending_registrations").execute();
}
