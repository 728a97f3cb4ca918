import type { Kysely, Selectable } from "kysely";
import type { DB, PhotosTable } from "./schema";

export type PhotoRow = Selectable<PhotosTable>;

/**
 * A photo whose upload URL has been handed out; the bytes are not there yet. The token hash is null when the
 * URL is object storage's own presigned one rather than this server's.
 */
export async function insertPendingPhoto(
  db: Kysely<DB>,
  photo: {
    id: string;
    ownerId: string | null;
    storageKey: string;
    tokenHash: string | null;
    expiresAt: Date;
  },
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

/** A photo row, whether its bytes have arrived or not. */
export async function findPhoto(db: Kysely<DB>, id: string): Promise<PhotoRow | undefined> {
  return db.selectFrom("photos").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The photo rows with these ids, uploaded or not, in no particular order. */
export async function findPhotos(db: Kysely<DB>, ids: readonly string[]): Promise<PhotoRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("photos").selectAll().where("id", "in", ids).execute();
}

/**
 * Makes `ids` the photos of an owner's form: they get its form id, and the owner's photos that were on it
 * before but are no longer listed are let go (form id cleared), so each photo row names the one form showing it.
 */
export async function setFormPhotos(
  db: Kysely<DB>,
  ownerId: string,
  formId: string,
  ids: readonly string[],
): Promise<void> {
  await db
    .updateTable("photos")
    .set({ form_id: null })
    .where("owner_id", "=", ownerId)
    .where("form_id", "=", formId)
    .$if(ids.length > 0, (qb) => qb.where("id", "not in", ids))
    .execute();
  if (ids.length === 0) return;
  await db
    .updateTable("photos")
    .set({ form_id: formId })
    .where("owner_id", "=", ownerId)
    .where("id", "in", ids)
    .execute();
}

/** The photos of an owner's form. */
export async function findFormPhotos(db: Kysely<DB>, ownerId: string, formId: string): Promise<PhotoRow[]> {
  return db
    .selectFrom("photos")
    .selectAll()
    .where("owner_id", "=", ownerId)
    .where("form_id", "=", formId)
    .execute();
}

export async function deletePhotoRows(db: Kysely<DB>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom("photos").where("id", "in", ids).execute();
}
