import { createHash, randomUUID } from "node:crypto";
import type { UploadResponse } from "../../domain/api/api";
import { UPLOAD_URL_TTL_SECONDS } from "../../domain/forms/constants";
import { AppError } from "../app-error";
import { hashToken, newToken } from "../auth/sessions";
import { consumeUploadToken, insertPendingPhoto, markPhotoUploaded } from "../db/photos-repository";
import { hitRateLimit } from "../db/rate-limits-repository";
import { sniffImageType } from "../storage/sniff-image-type";
import { photoUrl } from "./form-photos";
import { storePrintCopy } from "./print-copies";
import type { ServiceDeps } from "./service-deps";

/** Enough for a busy site office sharing one connection; stops a script from filling the disk. */
const UPLOAD_URLS_PER_HOUR = { limit: 300, windowMs: 60 * 60 * 1000 };

/**
 * The spec's upload flow, first half: a URL the browser PUTs one photo to. Object storage takes the bytes itself
 * (they are checked when the photo is first read or used); otherwise the URL is this server's, carrying a
 * single-use token that expires after the spec's signing validity.
 */
export async function grantUploadSlot(
  deps: ServiceDeps,
  ownerId: string | null,
  clientAddress: string,
): Promise<UploadResponse> {
  const { db } = deps.database;
  const now = deps.now();
  const limit = await hitRateLimit(db, `upload:address:${clientAddress}`, UPLOAD_URLS_PER_HOUR, now);
  if (!limit.allowed) throw new AppError("rate_limited", "apiError.uploadsLimited");
  const id = randomUUID();
  const storageKey = `photos/${id}`;
  const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_SECONDS * 1000);
  const storage = deps.photoStorage;
  if (storage.presignUpload) {
    const uploadURL = await storage.presignUpload(storageKey, UPLOAD_URL_TTL_SECONDS);
    await insertPendingPhoto(db, { id, ownerId, storageKey, tokenHash: null, expiresAt }, now);
    return { uploadURL, photoURL: photoUrl(id) };
  }
  const token = newToken();
  await insertPendingPhoto(db, { id, ownerId, storageKey, tokenHash: hashToken(token), expiresAt }, now);
  return { uploadURL: `${deps.config.publicUrl}/api/uploads/${token}`, photoURL: photoUrl(id) };
}

/**
 * The second half: the bytes PUT to this server's URL. Whatever type the request declares, the bytes must really
 * be an image; the token is used up by the first upload that arrives in time.
 */
export async function receiveUpload(
  deps: ServiceDeps,
  token: string,
  bytes: unknown,
): Promise<{ photoURL: string }> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new AppError("bad_request", "apiError.photoEmpty");
  const type = sniffImageType(bytes);
  if (!type) throw new AppError("unsupported_media_type", "apiError.photoNotAnUpload");
  const { db } = deps.database;
  const now = deps.now();
  const photo = await consumeUploadToken(db, hashToken(token), now);
  if (!photo) throw new AppError("not_found", "apiError.uploadExpired");
  await deps.photoStorage.put(photo.storage_key, bytes);
  await storePrintCopy(deps.photoStorage, deps.log, photo.storage_key, { data: bytes, contentType: type });
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  await markPhotoUploaded(db, photo.id, { contentType: type, bytes: bytes.length, sha256 }, now);
  return { photoURL: photoUrl(photo.id) };
}
