import { messages } from "../../domain/messages";
import { newId } from "../lib/new-id";
import { putPhoto, requestUploadSlot } from "../lib/upload-photo";
import { type LocalPhoto, type OutboxItem, offlineDb } from "./offline-db";
import { classifyFailure } from "./outbox-schedule";

/**
 * How a form refers to a photo kept on this device until the photo is uploaded. Never a URL the server takes
 * (PhotoUrlSchema refuses it), so a reference that slipped through unresolved is refused, never stored.
 */
const REF_PREFIX = "local-photo:";

export function localPhotoRef(id: string): string {
  return `${REF_PREFIX}${id}`;
}

export function isLocalPhotoRef(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(REF_PREFIX) && value.length > REF_PREFIX.length;
}

function photoIdOf(ref: string): string {
  return ref.slice(REF_PREFIX.length);
}

/** Every reference to a kept photo anywhere in a JSON body, each once, in order. */
export function localPhotoRefsIn(body: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (isLocalPhotoRef(value)) found.add(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(walk);
  };
  walk(body);
  return [...found];
}

/** The body with each reference replaced by its uploaded URL from `urls`; references not in `urls` stay. */
export function replaceLocalPhotoRefs(body: unknown, urls: ReadonlyMap<string, string>): unknown {
  if (isLocalPhotoRef(body)) return urls.get(body) ?? body;
  if (Array.isArray(body)) return body.map((value) => replaceLocalPhotoRefs(value, urls));
  if (typeof body === "object" && body !== null) {
    return Object.fromEntries(
      Object.entries(body).map(([key, value]) => [key, replaceLocalPhotoRefs(value, urls)]),
    );
  }
  return body;
}

/** A kept photo by its reference, or null when this device no longer (or never) had it. */
export async function readLocalPhoto(ref: string): Promise<LocalPhoto | null> {
  if (!isLocalPhotoRef(ref)) return null;
  const db = await offlineDb();
  return (await db.get("photos", photoIdOf(ref))) ?? null;
}

/**
 * A write's body as it is sent: each kept photo it refers to replaced by the photo's uploaded URL. The outbox
 * sends a photo's upload before any write made after it, so a reference still unresolved here means the upload
 * was refused or thrown away: the write is refused in turn, for the driver to fix, rather than sent without it.
 */
export async function withUploadedPhotos(body: unknown): Promise<unknown> {
  const refs = localPhotoRefsIn(body);
  if (refs.length === 0) return body;
  const db = await offlineDb();
  const urls = new Map<string, string>();
  for (const ref of refs) {
    const url = (await db.get("photos", photoIdOf(ref)))?.url;
    if (!url) throw new Error(messages.photoNotUploaded);
    urls.set(ref, url);
  }
  return replaceLocalPhotoRefs(body, urls);
}

/**
 * One try of a photo upload item: ask for a slot (once: kept on the item through `keep`), PUT the kept photo to
 * it, note the photo's URL on the kept photo. Both steps carry an Idempotency-Key that stays the same across
 * retries. A refused PUT gives the slot back, so trying again after a fix starts with a fresh slot.
 */
export async function uploadKeptPhoto(
  item: OutboxItem & { upload: NonNullable<OutboxItem["upload"]> },
  keep: (changes: Partial<OutboxItem>) => Promise<void>,
  signal: AbortSignal,
): Promise<{ photoURL: string }> {
  const db = await offlineDb();
  const photo = await db.get("photos", item.upload.photoId);
  if (!photo) throw new Error(messages.photoNotOnPhone);
  if (photo.url) return { photoURL: photo.url };
  let slot = item.upload.slot;
  if (!slot) {
    const target = await requestUploadSlot(item.idempotencyKey, signal);
    slot = { ...target, putKey: newId() };
    await keep({ upload: { ...item.upload, slot } });
  }
  try {
    await putPhoto(slot.uploadURL, photo.blob, { idempotencyKey: slot.putKey, signal });
  } catch (error) {
    if (classifyFailure(error) === "refused")
      await keep({ idempotencyKey: newId(), upload: { ...item.upload, slot: null } });
    throw error;
  }
  await db.put("photos", { ...photo, url: slot.photoURL });
  return { photoURL: slot.photoURL };
}

/** A photo just added is on the device's copy of its form only a moment later (the copy's writes are batched). */
const NEW_PHOTO_GRACE_MS = 60_000;

/**
 * Lets go of kept photos nothing needs any more: neither waiting in the outbox (as an upload or referred to by a
 * write) nor taken for a form this device still keeps.
 */
export async function forgetUnusedPhotos(now = Date.now()): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(["photos", "forms", "outbox"], "readwrite");
  const photos = tx.objectStore("photos");
  const kept = await photos.getAll();
  if (kept.length === 0) return tx.done;
  const used = new Set<string>();
  for (const item of await tx.objectStore("outbox").getAll()) {
    if (item.upload) used.add(item.upload.photoId);
    for (const ref of localPhotoRefsIn(item.body)) used.add(photoIdOf(ref));
  }
  for (const photo of kept) {
    if (used.has(photo.id) || now - photo.createdAt < NEW_PHOTO_GRACE_MS) continue;
    if (photo.formKey !== null && (await tx.objectStore("forms").getKey(photo.formKey)) !== undefined)
      continue;
    await photos.delete(photo.id);
  }
  return tx.done;
}
