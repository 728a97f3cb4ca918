import { messages } from "../../domain/text/messages";
import { ApiError } from "../lib/api-client";
import { newId } from "../lib/new-id";
import { PhotoUploadError, putPhoto, requestUploadSlot } from "../lib/upload-photo";
import { type LocalPhoto, offlineDb, type PhotoUpload, type UploadSlot } from "./offline-db";
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
 * sends a photo's upload before any write made after it, so a photo whose own upload is still in the queue
 * (`queuedUploads`: refused, or waiting) or gone from the phone makes the write refused in turn, for the driver
 * to fix, rather than sent without it. A kept photo with no upload of its own left is one this write set to
 * upload again (the server no longer held it): it is uploaded here, first.
 */
export async function withUploadedPhotos(
  body: unknown,
  queuedUploads: ReadonlySet<string>,
  signal: () => AbortSignal,
): Promise<unknown> {
  const refs = localPhotoRefsIn(body);
  if (refs.length === 0) return body;
  const db = await offlineDb();
  const urls = new Map<string, string>();
  for (const ref of refs) {
    const photo = await db.get("photos", photoIdOf(ref));
    if (!photo || (!photo.url && queuedUploads.has(photo.id))) throw new Error(messages.photoNotUploaded);
    urls.set(ref, photo.url ?? (await uploadKeptPhoto(photo.id, signal())));
  }
  return replaceLocalPhotoRefs(body, urls);
}

/**
 * The server answered a write that it does not hold these photos (`missing`, as the write named them): each one
 * the write refers to as a kept photo is set to upload again, to a fresh slot. False, and nothing changed, when
 * any of them is not kept on this phone: only the driver can replace that one.
 */
export async function uploadAgain(body: unknown, missing: readonly string[]): Promise<boolean> {
  const db = await offlineDb();
  const tx = db.transaction("photos", "readwrite");
  const kept: LocalPhoto[] = [];
  for (const ref of localPhotoRefsIn(body)) {
    const photo = await tx.store.get(photoIdOf(ref));
    if (photo?.url && missing.includes(photo.url)) kept.push(photo);
  }
  const all = missing.every((url) => kept.some((photo) => photo.url === url));
  if (all) {
    for (const photo of kept) await tx.store.put({ ...photo, url: null, upload: freshUpload() });
  }
  await tx.done;
  return all;
}

function freshUpload(): PhotoUpload {
  return { key: newId(), slot: null };
}

/** This server's upload URL answering that the slot takes no bytes any more (used up, or expired). */
function slotGone(error: unknown): boolean {
  const cause = error instanceof PhotoUploadError ? error.cause : error;
  return cause instanceof ApiError && cause.status === 404;
}

/**
 * Uploads a kept photo, unless it already is, and returns its URL: asks for a slot, PUTs the photo to it, notes
 * the URL on the kept photo. The upload is kept on the photo as it goes (LocalPhoto.upload): the slot's key before
 * it is asked for, the slot once handed out, so a try cut short anywhere (no signal, a reload, the app closed)
 * is taken up with the same slot: asked again with the same key, the server answers with the same slot, and the
 * PUT's own key gets the first PUT's answer. A slot is let go only for a fresh one: when its PUT is refused (the
 * fix then starts afresh), and at once, in the same try, when the server says the slot takes no bytes any more.
 * `first`: the upload to start with when the photo has none yet.
 */
export async function uploadKeptPhoto(
  photoId: string,
  signal: AbortSignal,
  first?: PhotoUpload,
): Promise<string> {
  const db = await offlineDb();
  let photo = await db.get("photos", photoId);
  if (!photo) throw new Error(messages.photoNotOnPhone);
  const keep = async (changes: Partial<LocalPhoto>): Promise<LocalPhoto> => {
    photo = { ...(photo as LocalPhoto), ...changes };
    await db.put("photos", photo);
    return photo;
  };
  if (photo.url) return photo.url;
  let upload = photo.upload ?? (await keep({ upload: first ?? freshUpload() })).upload!;
  for (let fresh = false; ; fresh = true) {
    if (!upload.slot) {
      const target = await requestUploadSlot(upload.key, signal);
      upload = { ...upload, slot: { ...target, putKey: newId() } };
      await keep({ upload });
    }
    const { slot } = upload as PhotoUpload & { slot: UploadSlot };
    try {
      await putPhoto(slot.uploadURL, photo.blob, { idempotencyKey: slot.putKey, signal });
    } catch (error) {
      if (classifyFailure(error) !== "refused") throw error;
      upload = freshUpload();
      await keep({ upload });
      if (fresh || !slotGone(error)) throw error;
      continue;
    }
    await keep({ url: slot.photoURL, upload: null });
    return slot.photoURL;
  }
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
