import { ApiError, apiRequest } from "../lib/api-client";
import { failureText } from "../lib/failure-text";
import { newId } from "../lib/new-id";
import { uploadPhoto } from "../lib/upload-photo";
import {
  forgetUnusedPhotos,
  localPhotoRef,
  readLocalPhoto,
  uploadAgain,
  uploadKeptPhoto,
  withUploadedPhotos,
} from "./local-photos";
import { type LocalPhoto, type OutboxItem, offlineDb } from "./offline-db";
import {
  classifyFailure,
  coalesceTarget,
  isRateLimited,
  isServerFailure,
  nextAttemptAfter,
  nextStep,
} from "./outbox-schedule";

/** A write to send through the outbox. */
export interface OutboxRequest {
  method: "POST" | "PUT";
  url: string;
  body: unknown;
  /** What the driver sees in the waiting list. */
  label: string;
  /** Saves of one draft share a group, so a newer save replaces one not yet tried. */
  group?: string | null;
  /** Given when the first try was made outside the outbox, so a retry is recognised as the same request. */
  idempotencyKey?: string;
  /** The local form this request submits: kept until sent, reopened for fixing if the server refuses it. */
  formKey?: string | null;
  /** Where the driver fixes it if refused. */
  fixUrl?: string | null;
  /** The signed-in account making it (its id, never its name), or null without an account (OutboxItem.owner). */
  owner: string | null;
}

interface EnqueueOptions {
  /** The driver is waiting on this one: the queue's back-off ends now and everything due is tried. */
  hurry?: boolean;
}

/** How a request sent through the outbox ended, as far as the screen waiting on it can tell. */
export type OutboxOutcome =
  | { kind: "sent"; reply: unknown }
  /**
   * Kept on this device; sent when the signal returns. `serverError` when the server answered with a failure
   * worth retrying (busy, down) rather than not answering at all; `waitingFor` when it asked to wait (a limit),
   * in its words: it is sent by itself once the wait is over.
   */
  | { kind: "queued"; serverError?: unknown; waitingFor?: string }
  /** Kept on this device; sent once the driver signs in again. */
  | { kind: "needs-login" }
  /** The server said no; the request has been taken out of the queue and the screen shows why. */
  | { kind: "refused"; error: unknown };

/** Also the Background Sync tag the service worker listens for. */
export const OUTBOX_SYNC_TAG = "plant-sheets-outbox";
const CHANNEL_NAME = "plant-sheets-outbox";
const LOCK_NAME = "plant-sheets-outbox";
/** A try that hangs this long on a poor connection is given up and retried later. */
const TRY_TIMEOUT_MS = 30_000;
/** A photo's upload carries a few hundred kilobytes more than a form: it gets longer before it is given up. */
const UPLOAD_TIMEOUT_MS = 120_000;
/** A screen waits this long for its own request before telling the driver it will be sent later. */
const SCREEN_WAIT_MS = 20_000;

const listeners = new Set<() => void>();
const landedListeners = new Set<() => void>();
const outcomes = new Map<number, OutboxOutcome>();
let channel: BroadcastChannel | null = null;
let wakeTimer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> = Promise.resolve();

function broadcast(): BroadcastChannel | null {
  if (channel === null && typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel(CHANNEL_NAME);
    // Node (the unit tests) would otherwise stay alive for the channel's sake.
    (channel as { unref?: () => void }).unref?.();
    // Another tab or the service worker changed the queue, or sent something from it.
    channel.onmessage = (event: MessageEvent) => {
      for (const listener of listeners) listener();
      if (event.data === "landed") for (const listener of landedListeners) listener();
    };
  }
  return channel;
}

function changed(): void {
  for (const listener of listeners) listener();
  broadcast()?.postMessage("changed");
}

/** A write reached the server: the lists that show it must load afresh, here and in every other tab. */
function landed(): void {
  for (const listener of landedListeners) listener();
  broadcast()?.postMessage("landed");
}

/** Runs when a queued write reaches the server, here, in another tab or from the service worker. */
export function onOutboxLanded(listener: () => void): () => void {
  broadcast();
  landedListeners.add(listener);
  return () => landedListeners.delete(listener);
}

/** Runs when the queue changes here, in another tab or in the service worker. */
export function onOutboxChange(listener: () => void): () => void {
  broadcast();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function listOutbox(): Promise<OutboxItem[]> {
  const db = await offlineDb();
  return db.getAll("outbox");
}

/**
 * Waiting out a back-off earned without signal, which may end now; a wait the server asked for (a limit) is
 * kept, as trying earlier would only be refused again.
 */
function backingOff(item: OutboxItem, now: number): boolean {
  return item.state === "waiting" && item.nextAttemptAt > now && !item.waitingFor;
}

/** Puts a request at the end of the queue (or into a waiting save of the same draft) and returns its place. */
export function enqueue(request: OutboxRequest, options: EnqueueOptions = {}): Promise<number> {
  return addToQueue(request, options, null);
}

/** `photo`: the request is the upload of this photo, kept on the device in the same step. */
async function addToQueue(
  request: OutboxRequest,
  options: EnqueueOptions,
  photo: LocalPhoto | null,
): Promise<number> {
  const db = await offlineDb();
  const tx = db.transaction(["outbox", "photos"], "readwrite");
  const outbox = tx.objectStore("outbox");
  const items = await outbox.getAll();
  const target = photo ? null : coalesceTarget(items, request.group ?? null);
  const now = Date.now();
  if (options.hurry) {
    for (const item of items) {
      if (backingOff(item, now)) await outbox.put({ ...item, nextAttemptAt: now });
    }
  }
  let seq: number;
  if (target) {
    // A create stays a create (with the newest fields); an update takes the newest fields.
    await outbox.put({
      ...target,
      body: request.body,
      label: request.label,
      idempotencyKey: newId(),
      nextAttemptAt: now,
    });
    seq = target.seq;
  } else {
    const item: Omit<OutboxItem, "seq"> = {
      method: request.method,
      url: request.url,
      body: request.body,
      idempotencyKey: request.idempotencyKey ?? newId(),
      label: request.label,
      group: request.group ?? null,
      formKey: request.formKey ?? null,
      fixUrl: request.fixUrl ?? null,
      createdAt: now,
      attempts: 0,
      nextAttemptAt: now,
      state: "waiting",
      problem: null,
      owner: request.owner ?? null,
      ...(photo ? { upload: { photoId: photo.id } } : {}),
    };
    if (photo) await tx.objectStore("photos").put(photo);
    // seq is assigned by the store's key generator.
    seq = await outbox.add(item as OutboxItem);
  }
  await tx.done;
  changed();
  requestBackgroundSync();
  return seq;
}

/** Where the browser has Background Sync, the service worker sends the queue even after the tab is closed. */
function requestBackgroundSync(): void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => {
      const sync = (registration as { sync?: { register(tag: string): Promise<void> } }).sync;
      return sync?.register(OUTBOX_SYNC_TAG);
    })
    .catch(() => {
      // Without Background Sync the page sends when it comes back online or starts.
    });
}

/** A submission the server refused is a form in progress again, for the driver to fix and send. */
async function reopenForm(formKey: string): Promise<void> {
  const db = await offlineDb();
  const form = await db.get("forms", formKey);
  if (form?.sending) await db.put("forms", { ...form, sending: false });
}

/**
 * One try: a photo's upload, or a write with the photos it refers to replaced by their uploaded URLs. A write the
 * server answers that it does not hold some of its photos (photo_missing) has those it keeps here uploaded again
 * and is sent once more, in the same try; one it cannot fix (a photo not kept here) is refused with the
 * server's reason.
 */
async function tryOnce(item: OutboxItem, queuedUploads: ReadonlySet<string>): Promise<unknown> {
  if (item.upload) {
    const { photoId, slot = null } = item.upload;
    const first = { key: item.idempotencyKey, slot };
    return { photoURL: await uploadKeptPhoto(photoId, AbortSignal.timeout(UPLOAD_TIMEOUT_MS), first) };
  }
  const send = async () =>
    apiRequest<unknown>(
      item.method,
      item.url,
      await withUploadedPhotos(item.body, queuedUploads, () => AbortSignal.timeout(UPLOAD_TIMEOUT_MS)),
      { idempotencyKey: item.idempotencyKey, signal: AbortSignal.timeout(TRY_TIMEOUT_MS) },
    );
  try {
    return await send();
  } catch (error) {
    const missing = error instanceof ApiError && error.code === "photo_missing" ? error.missingPhotos : [];
    if (missing.length === 0 || !(await uploadAgain(item.body, missing))) throw error;
    return send();
  }
}

async function tryItem(item: OutboxItem, queue: readonly OutboxItem[]): Promise<void> {
  const db = await offlineDb();
  const current: OutboxItem = { ...item, attempts: item.attempts + 1 };
  await db.put("outbox", current);
  const queuedUploads = new Set(queue.flatMap((queued) => (queued.upload ? [queued.upload.photoId] : [])));
  try {
    const reply = await tryOnce(current, queuedUploads);
    await db.delete("outbox", item.seq);
    if (item.formKey) await db.delete("forms", item.formKey);
    outcomes.set(item.seq, { kind: "sent", reply });
    landed();
  } catch (error) {
    const kind = classifyFailure(error);
    const problem = failureText(error);
    if (kind === "retry") {
      const limited = isRateLimited(error);
      await db.put("outbox", {
        ...current,
        nextAttemptAt: nextAttemptAfter(error, current.attempts, Date.now()),
        problem,
        waitingFor: limited ? problem : null,
      });
      outcomes.set(
        item.seq,
        limited
          ? { kind: "queued", waitingFor: problem }
          : isServerFailure(error)
            ? { kind: "queued", serverError: error }
            : { kind: "queued" },
      );
    } else if (kind === "needs-login") {
      await db.put("outbox", { ...current, state: "needs-login", problem });
      outcomes.set(item.seq, { kind: "needs-login" });
    } else {
      await db.put("outbox", { ...current, state: "refused", problem });
      if (item.formKey) await reopenForm(item.formKey);
      outcomes.set(item.seq, { kind: "refused", error });
    }
  }
  changed();
}

function scheduleWake(until: number): void {
  if (typeof window === "undefined") return; // the service worker is woken by the browser instead
  clearTimeout(wakeTimer);
  wakeTimer = setTimeout(() => void flushOutbox(), Math.max(0, until - Date.now()));
}

/** The browser knows there is no network at all: trying would only grow the back-off. */
function knownOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

async function drain(): Promise<void> {
  if (knownOffline()) return;
  const db = await offlineDb();
  for (;;) {
    const queue = await db.getAll("outbox");
    const step = nextStep(queue, Date.now());
    if (step.kind === "send") {
      await tryItem(step.item, queue);
      continue;
    }
    if (step.kind === "wait") scheduleWake(step.until);
    break;
  }
  await forgetUnusedPhotos();
}

/** One sender at a time across tabs and the service worker, so the queue's order holds. */
async function exclusively(work: () => Promise<void>): Promise<void> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (locks) await locks.request(LOCK_NAME, work);
  else await work();
}

/**
 * Sends what is due, in order, until the queue is empty, the head must wait (back-off), or the session has
 * ended. Safe to call at any time and from anywhere: calls run one after another.
 */
export function flushOutbox(): Promise<void> {
  const next = running.then(() => exclusively(drain));
  running = next.catch((error: unknown) => {
    console.warn("The outbox could not be sent", error);
  });
  return running;
}

/**
 * The signal is back, or the app was opened: a back-off earned without signal means nothing now, so
 * everything waiting is due at once.
 */
export async function sendNow(): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction("outbox", "readwrite");
  const now = Date.now();
  for (const item of await tx.store.getAll()) {
    if (backingOff(item, now)) await tx.store.put({ ...item, nextAttemptAt: now });
  }
  await tx.done;
  await flushOutbox();
}

/** Whether a request may be sent while this driver is signed in: theirs, or made without an account. */
function sendableAs(item: OutboxItem, driver: string): boolean {
  return (item.owner ?? null) === null || item.owner === driver;
}

/**
 * A driver signed in (again): what waited for them goes out now. Another driver's requests wait for that
 * driver instead of being sent as this one (a shared phone).
 */
export async function resumeAfterLogin(driver: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction("outbox", "readwrite");
  for (const item of await tx.store.getAll()) {
    const mine = sendableAs(item, driver);
    if (mine && item.state === "needs-login") {
      await tx.store.put({ ...item, state: "waiting", nextAttemptAt: 0 });
    } else if (!mine && item.state === "waiting") {
      await tx.store.put({ ...item, state: "needs-login" });
    }
  }
  await tx.done;
  changed();
  await flushOutbox();
}

/** The driver logs out keeping what is not sent: their requests wait for them to sign in again. */
export async function holdUntilSignIn(driver: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction("outbox", "readwrite");
  for (const item of await tx.store.getAll()) {
    if (item.owner === driver && item.state === "waiting")
      await tx.store.put({ ...item, state: "needs-login" });
  }
  await tx.done;
  changed();
}

/** The driver asked to try a request again now (after fixing what was refused, or to skip the back-off). */
export async function retryOutboxItem(seq: number): Promise<void> {
  const db = await offlineDb();
  const item = await db.get("outbox", seq);
  if (!item) return;
  await db.put("outbox", { ...item, state: "waiting", nextAttemptAt: 0 });
  changed();
  await flushOutbox();
}

/** Takes a request out of the queue, leaving its form alone (the screen that made it still shows it). */
async function takeOut(seq: number): Promise<void> {
  const db = await offlineDb();
  await db.delete("outbox", seq);
  changed();
}

/** Drops a request for good; a submission's form goes with it, and an upload's photo. */
export async function discardOutboxItem(seq: number): Promise<void> {
  const db = await offlineDb();
  const item = await db.get("outbox", seq);
  await db.delete("outbox", seq);
  if (item?.formKey) await db.delete("forms", item.formKey);
  if (item?.upload) await db.delete("photos", item.upload.photoId);
  changed();
}

interface ScreenWaitOptions {
  waitMs?: number;
  /**
   * When the server answers with a failure worth retrying (busy, down): "keep" leaves the request queued
   * (a draft save: sent later by itself), "refuse" takes it out and hands the failure to the screen (a
   * submission the driver was told failed must not go out later behind their back).
   */
  onServerFailure?: "keep" | "refuse";
}

function delay(ms: number): Promise<"timeout"> {
  return new Promise((resolve) => setTimeout(() => resolve("timeout"), ms));
}

/**
 * The one way the app writes: sends a write through the queue and tells the screen how it went: sent (with the server's answer), kept on
 * the device for later, or refused. A refused request is taken out of the queue: the screen that made it shows
 * the failure and still holds the form to fix. The screen never waits longer than SCREEN_WAIT_MS.
 */
export async function send(request: OutboxRequest, options: ScreenWaitOptions = {}): Promise<OutboxOutcome> {
  let seq: number;
  try {
    seq = await enqueue(request, { hurry: true });
  } catch (storageError) {
    // Storage refused (private browsing, a full disk): send directly, as if there were no outbox.
    console.warn("The outbox is not available; sending directly", storageError);
    try {
      const reply = await apiRequest<unknown>(request.method, request.url, request.body, {
        idempotencyKey: request.idempotencyKey ?? newId(),
      });
      return { kind: "sent", reply };
    } catch (error) {
      return { kind: "refused", error };
    }
  }
  return outcomeFor(seq, options);
}

/** Sends what is due and tells how the request at `seq` went, waiting at most the screen's time. */
async function outcomeFor(seq: number, options: ScreenWaitOptions): Promise<OutboxOutcome> {
  outcomes.delete(seq);
  const finished = await Promise.race([flushOutbox(), delay(options.waitMs ?? SCREEN_WAIT_MS)]);
  const outcome = outcomes.get(seq);
  outcomes.delete(seq);
  if (outcome?.kind === "queued" && outcome.serverError !== undefined && options.onServerFailure !== "keep") {
    await takeOut(seq);
    return { kind: "refused", error: outcome.serverError };
  }
  if (outcome?.kind === "refused") {
    // The screen still shows the form (reopened above): only the request goes.
    await takeOut(seq);
    return outcome;
  }
  if (outcome) return outcome;
  if (finished === "timeout") return { kind: "queued" };
  // Sent by another tab or the service worker while this one waited for its turn.
  const db = await offlineDb();
  const item = await db.get("outbox", seq);
  if (!item) return { kind: "sent", reply: undefined };
  return item.state === "needs-login" ? { kind: "needs-login" } : { kind: "queued" };
}

/** A photo taken for a form, to be uploaded now or, without signal, kept on the phone and uploaded later. */
export interface PhotoUploadRequest {
  /** The photo as it is sent (already shrunk). */
  photo: Blob;
  /** What the waiting list calls the upload. */
  label: string;
  /** The local form the photo is for (LocalForm.key): the photo is kept on the device at least as long. */
  formKey: string | null;
  /** Where the driver fixes the form if the server refuses the photo. */
  fixUrl?: string | null;
  /** The signed-in driver (OutboxRequest.owner): the photo is uploaded under their session only. */
  owner?: string | null;
}

export type PhotoUploadOutcome =
  /** Uploaded: the form lists the photo by its URL. */
  | { kind: "uploaded"; url: string }
  /**
   * Kept on this device and waiting in the outbox: the form lists the photo by `ref` (localPhotoRef), which
   * a write sent after the upload carries as the photo's URL.
   */
  | { kind: "kept"; ref: string }
  /** The server said no (not an image, say): nothing is kept, and the screen shows why. */
  | { kind: "refused"; error: unknown };

/**
 * Uploads a photo through the outbox, so that it is never lost: the photo is kept on the device and its upload
 * queued in one step, then the screen waits for it like for any write. A refusal, or a failure of the server,
 * is handed back to the screen (as the upload was before it went through the outbox).
 */
export async function uploadPhotoThroughOutbox(request: PhotoUploadRequest): Promise<PhotoUploadOutcome> {
  const photo: LocalPhoto = {
    id: newId(),
    blob: request.photo,
    formKey: request.formKey,
    url: null,
    createdAt: Date.now(),
  };
  let seq: number;
  try {
    seq = await addToQueue(
      {
        method: "POST",
        url: "/api/objects/upload",
        body: null,
        label: request.label,
        fixUrl: request.fixUrl ?? null,
        owner: request.owner ?? null,
      },
      { hurry: true },
      photo,
    );
  } catch (storageError) {
    console.warn("The outbox is not available; uploading directly", storageError);
    try {
      return { kind: "uploaded", url: await uploadPhoto(request.photo) };
    } catch (error) {
      return { kind: "refused", error };
    }
  }
  const outcome = await outcomeFor(seq, {});
  const ref = localPhotoRef(photo.id);
  const db = await offlineDb();
  if (outcome.kind === "refused") {
    await db.delete("photos", photo.id);
    return outcome;
  }
  const uploaded = outcome.kind === "sent" ? (await readLocalPhoto(ref))?.url : null;
  if (uploaded) {
    // Listed by its URL from the start: nothing will ask for the kept copy.
    await db.delete("photos", photo.id);
    return { kind: "uploaded", url: uploaded };
  }
  return { kind: "kept", ref };
}
