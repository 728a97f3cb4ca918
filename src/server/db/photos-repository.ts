import type { Kysely, Selectable } from "kysely";
import type { DB, PhotosTable } from "./schema";

export type PhotoRow = Selectable<PhotosTable>;

/** A photo whose upload URL has been handed out; the bytes are not there yet. */
export async function insertPendingPhoto(
  db: Kysely<DB>,
  photo: { id: string; ownerId: string | null; storageKey: string; tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db
    .insertInto("photos")
    .values({
      id: photo.id,
      owner_id: photo.ownerId,
      form_id: null,
      storage_key: photo.storageKey,
      content_type: "",
      bytes: 0,
      sha256: "",
      created_at: now.toISOString(),
      upload_token_hash: photo.tokenHash,
      upload_expires_at: photo.expiresAt.toISOString(),
      uploaded_at: null,
    })
    .execute();
}

/**
 * Uses up an upload token: returns the pending photo it was made for, or undefined when the token is unknown,
 * already used or expired. One statement, so two requests with the same URL cannot both upload.
 */
export async function consumeUploadToken(
  db: Kysely<DB>,
  tokenHash: string,
  now: Date,
): Promise<PhotoRow | undefined> {
  return db
    .updateTable("photos")
    .set({ upload_token_hash: null })
    .where("upload_token_hash", "=", tokenHash)
    .where("upload_expires_at", ">", now.toISOString())
    .where("uploaded_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

export async function markPhotoUploaded(
  db: Kysely<DB>,
  id: string,
  file: { contentType: string; bytes: number; sha256: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable("photos")
    .set({
      content_type: file.contentType,
      bytes: file.bytes,
      sha256: file.sha256,
      uploaded_at: now.toISOString(),
    })
    .where("id", "=", id)
    .execute();
}

export async function findUploadedPhoto(db: Kysely<DB>, id: string): Promise<PhotoRow | undefined> {
  return db
    .selectFrom("photos")
    .selectAll()
    .where("id", "=", id)
    .where("uploaded_at", "is not", null)
    .executeTakeFirst();
}
