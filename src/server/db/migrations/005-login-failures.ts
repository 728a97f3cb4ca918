import type { Kysely } from "kysely";

/**
 * Failed logins per account and per address, for the growing back-off: how many, and when the last was. In the
 * database so every server instance counts the same failures.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("login_failures")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("last_failure_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("login_failures_last_failure_at")
    .on("login_failures")
    .column("last_failure_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_failures").execute();
}
