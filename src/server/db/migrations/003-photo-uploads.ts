import type { Kysely } from "kysely";

/**
 * A photo row is made when its upload URL is handed out, and completed when the bytes arrive: the URL carries
 * a single-use token (only its hash is stored) that expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("photos").addColumn("upload_token_hash", "text").execute();
  await db.schema.alterTable("photos").addColumn("upload_expires_at", "text").execute();
  await db.schema.alterTable("photos").addColumn("uploaded_at", "text").execute();
  await db.schema
    .createIndex("photos_upload_token_hash_idx")
    .on("photos")
    .column("upload_token_hash")
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("photos_upload_token_hash_idx").execute();
  await db.schema.alterTable("photos").dropColumn("uploaded_at").execute();
  await db.schema.alterTable("photos").dropColumn("upload_expires_at").execute();
  await db.schema.alterTable("photos").dropColumn("upload_token_hash").execute();
}
