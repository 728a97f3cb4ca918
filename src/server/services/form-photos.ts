import { createHash } from "node:crypto";
import { MAX_PHOTO_BYTES } from "../../domain/forms/constants";
import { IdSchema } from "../../domain/forms/form-fields";
import { AppError, type ErrorText } from "../app-error";
import type { Account } from "../db/accounts-repository";
import { findPhotos, markPhotoUploaded, type PhotoRow } from "../db/photos-repository";
import type { PdfPhoto } from "../pdf/pdf-canvas";
import { sniffImageType } from "../storage/sniff-image-type";
import { deletePhotoFiles, readPrintCopy, storePrintCopy } from "./print-copies";
import type { ServiceDeps } from "./service-deps";

const PHOTO_PATH = /^\/api\/photos\/([^/?#]+)$/;

/** This server's address of an uploaded photo. */
export function photoUrl(id: string): string {
  return `/api/photos/${id}`;
}

/**
 * The photo id behind a check sheet's photo URL, or null when the URL is not one of this server's photos:
 * `/api/photos/{id}` as handed out on upload, or the same path under this server's public address.
 */
export function photoIdOfUrl(url: string, publicUrl: string): string | null {
  let path = url;
  if (!url.startsWith("/")) {
    if (!url.startsWith(`${publicUrl}/`)) return null;
    path = url.slice(publicUrl.length);
  }
  const id = PHOTO_PATH.exec(path)?.[1];
  return id && IdSchema.safeParse(id).success ? id : null;
}

/** What a check sheet's photo list is checked against: whose photos it may use, and for which form. */
export interface PhotoUse {
  /** Null for a one-step completion without an account: only photos uploaded without one will do. */
  account: Account | null;
  /** The form the photos are for; a photo already on another form is refused. Null when the form is not kept. */
  formId: string | null;
}

/**
 * The uploaded photos a check sheet lists, in its order, checked before they are tied to the form or put in a
 * PDF: each URL must be a photo uploaded to this server, by the same account (or without one), listed once, not
 * on another form, its bytes held here, and an image of at most 10 MB. Without an account only photos uploaded
 * without one will do. A URL that is not one of this server's photos is refused with a 400 naming the photo, so
 * a form can never show or mail an image from elsewhere. Photos whose bytes are not held here (never uploaded,
 * lost since, or unknown to this caller) are refused together with `photo_missing`, listing them, so that a
 * phone still keeping them can upload them and send the form again.
 */
export async function resolveFormPhotos(
  deps: ServiceDeps,
  urls: readonly string[],
  use: PhotoUse,
): Promise<PhotoRow[]> {
  const ids = urls.map((url, index) => {
    const id = photoIdOfUrl(url, deps.config.publicUrl);
    if (!id) throw refused(index, "notUploaded");
    return id;
  });
  ids.forEach((id, index) => {
    if (ids.indexOf(id) !== index) throw refused(index, "attachedTwice");
  });
  const rows = new Map((await findPhotos(deps.database.db, ids)).map((row) => [row.id, row]));
  const ownerId = use.account?.id ?? null;
  const held: { row: PhotoRow; index: number }[] = [];
  const missing: { index: number; problem: PhotoProblem }[] = [];
  for (const [index, id] of ids.entries()) {
    const row = rows.get(id);
    // Someone else's photo answers like a missing one: its id says nothing to the caller. A photo uploaded
    // without an account and on no form may be taken by one: the session may have expired mid-form, and only
    // the uploader was ever given its address.
    const adoptable = ownerId !== null && row?.owner_id === null && row.form_id === null;
    if (!row || (row.owner_id !== ownerId && !adoptable)) {
      missing.push({ index, problem: "notYours" });
      continue;
    }
    if (row.form_id !== null && row.form_id !== use.formId) {
      throw refused(index, "onAnotherSheet");
    }
    if (!(await holdsBytes(deps, row))) {
      const problem = row.uploaded_at === null ? "notFinished" : "gone";
      missing.push({ index, problem });
      continue;
    }
    held.push({ row, index });
  }
  const [first] = missing;
  if (first) {
    throw new AppError("photo_missing", photoRefusal(first.index + 1, first.problem), {
      missingPhotos: missing.map(({ index }) => urls[index] as string),
    });
  }
  const resolved: PhotoRow[] = [];
  for (const { row, index } of held) resolved.push(await verifiedPhoto(deps, row, index));
  return resolved;
}

/**
 * Whether this server holds a photo's bytes: put through its upload URL (or, with object storage, into the
 * bucket) and still there. A row alone is not enough: a form that named a photo without its bytes would be
 * signed and mailed with a hole in it.
 */
async function holdsBytes(deps: ServiceDeps, row: PhotoRow): Promise<boolean> {
  const storage = deps.photoStorage;
  if (row.uploaded_at === null && !storage.presignUpload) return false;
  return ((await storage.size(row.storage_key)) ?? 0) > 0;
}

/**
 * A photo whose bytes have been checked. Bytes that came through this server were checked on arrival; bytes
 * the browser put straight into object storage are fetched and checked on first use (and their print copy made
 * then), and removed when they are too large or not an image.
 */
export async function verifiedPhoto(deps: ServiceDeps, row: PhotoRow, index = 0): Promise<PhotoRow> {
  if (row.uploaded_at !== null) return row;
  const storage = deps.photoStorage;
  if (!storage.presignUpload) throw refused(index, "notFinished");
  const size = await storage.size(row.storage_key);
  if (size === null || size === 0) throw refused(index, "notFinished");
  if (size > MAX_PHOTO_BYTES) {
    await storage.delete(row.storage_key);
    throw refused(index, "tooLarge");
  }
  const bytes = await storage.get(row.storage_key);
  const type = sniffImageType(bytes);
  if (!type || bytes.length > MAX_PHOTO_BYTES) {
    await storage.delete(row.storage_key);
    throw refused(index, type ? "tooLarge" : "notImage");
  }
  await storePrintCopy(storage, deps.log, row.storage_key, { data: bytes, contentType: type });
  const now = deps.now();
  const file = {
    contentType: type,
    bytes: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
  await markPhotoUploaded(deps.database.db, row.id, file, now);
  return {
    ...row,
    content_type: file.contentType,
    bytes: file.bytes,
    sha256: file.sha256,
    upload_token_hash: null,
    uploaded_at: now.toISOString(),
  };
}

/** The photos as a PDF embeds them (their print copies), in order. */
export async function readPdfPhotos(deps: ServiceDeps, rows: readonly PhotoRow[]): Promise<PdfPhoto[]> {
  return Promise.all(
    rows.map((row) =>
      readPrintCopy(deps.photoStorage, deps.log, {
        storageKey: row.storage_key,
        contentType: row.content_type,
      }),
    ),
  );
}

/**
 * Removes photos' bytes from storage once their rows are gone. A failure is logged, not raised: the form has
 * been handled, and a leftover file under an unguessable key shows nothing to anyone.
 */
export async function deleteStoredPhotos(deps: ServiceDeps, rows: readonly PhotoRow[]): Promise<void> {
  for (const row of rows) {
    await deletePhotoFiles(deps.photoStorage, row.storage_key).catch((error: unknown) => {
      deps.log.warn({ err: error, key: row.storage_key }, "could not delete a photo's bytes");
    });
  }
}

/** Why a photo a form names is not used: the catalog's message selects its words by it. */
type PhotoProblem =
  | "notUploaded"
  | "attachedTwice"
  | "onAnotherSheet"
  | "notFinished"
  | "tooLarge"
  | "notImage"
  | "notYours"
  | "gone";

/** A photo's refusal, by its position on the form (counting from 1). */
function photoRefusal(position: number, problem: PhotoProblem): ErrorText {
  return { key: "apiError.photoRefused", params: { position, problem } };
}

function refused(index: number, problem: PhotoProblem): AppError {
  return new AppError("bad_request", photoRefusal(index + 1, problem));
}
