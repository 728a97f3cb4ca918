import { type DBSchema, type IDBPDatabase, openDB } from "idb";

/**
 * A form in progress as this device keeps it: the wizard's whole state (signature data URLs included), written as
 * it is typed. Photos not uploaded yet are kept apart (LocalPhoto) and listed in the state by reference.
 */
export interface LocalForm<S = unknown> {
  /** `${kind}:${id}` */
  key: string;
  /** The form kind, e.g. "timesheet" or "check-sheet". */
  kind: string;
  id: string;
  state: S;
  /** When it last changed on this device (ms since the epoch). */
  updatedAt: number;
  /** The server already holds this form: later saves update it instead of creating it. */
  stored: boolean;
  /** The state version the server has (or the outbox will deliver); a larger version is unsaved work. */
  savedVersion: number;
  /** Whose form: the signed-in driver's name when it was started, or null for a form without an account. */
  owner: string | null;
  /** The customer and order number it was started for, so the same start finds it again. */
  start: string;
  /**
   * Submitted and waiting in the outbox: not offered again as a form in progress. Deleted once sent; should the
   * server refuse it, it becomes a form in progress again, for the driver to fix.
   */
  sending: boolean;
}

/**
 * A photo taken for a form, kept on this device from the moment it is added until the form no longer needs it:
 * shown from here while it is not uploaded, and uploaded from here by the outbox.
 */
export interface LocalPhoto {
  /** Made on this device; the form refers to the photo as localPhotoRef(id) until it is uploaded. */
  id: string;
  /** The photo as it is sent (already shrunk). */
  blob: Blob;
  /** The local form it was taken for (LocalForm.key): kept at least as long as that form. */
  formKey: string | null;
  /** The photo's address on the server once uploaded, which a submission sends in place of the reference. */
  url: string | null;
  createdAt: number;
  /**
   * Its upload under way, kept with the photo whichever request makes it (its own upload in the outbox, or a
   * write the server answered that it does not hold the photo), so an interrupted try is taken up where it was.
   * Absent before the first try and once uploaded.
   */
  upload?: PhotoUpload | null;
}

/** An upload of a kept photo: the key its slot is asked for with, and the slot once the server handed it out. */
export interface PhotoUpload {
  /** The Idempotency-Key of POST /api/objects/upload: asked again with it, the server hands out the same slot. */
  key: string;
  slot: UploadSlot | null;
}

/** Where an upload's bytes go, as POST /api/objects/upload handed it out; kept so a retry uses the same one. */
export interface UploadSlot {
  uploadURL: string;
  photoURL: string;
  /** The Idempotency-Key of the PUT to this slot, the same on every try. */
  putKey: string;
}

/** What a waiting request is doing. */
export type OutboxState = "waiting" | "needs-login" | "refused";

/** A write made offline (or that failed for want of signal), waiting its turn to be sent. */
export interface OutboxItem {
  /** The queue order; assigned by IndexedDB. */
  seq: number;
  method: "POST" | "PUT";
  url: string;
  /** The JSON body as the endpoint takes it. */
  body: unknown;
  /** The same key on every try, so a request that reached the server before the answer was lost runs once. */
  idempotencyKey: string;
  /** What the driver sees in the waiting list, e.g. "Timesheet, week ending 07/06/2025". */
  label: string;
  /** Requests of one group (one draft) coalesce: a newer save replaces one never tried yet. */
  group: string | null;
  /** The local form this request submits (LocalForm.key): deleted once sent, reopened if refused. */
  formKey: string | null;
  /** Where the driver fixes the form if the server refuses it. */
  fixUrl: string | null;
  createdAt: number;
  /** Tries so far; counted before each try, so a request in flight is never coalesced. */
  attempts: number;
  nextAttemptAt: number;
  state: OutboxState;
  /** Why the server refused it, or the last failure, in words for the driver. */
  problem: string | null;
  /**
   * The server's words when it asked to wait (too much sent for now): shown while it waits, and its time
   * (nextAttemptAt) is kept when the signal returns or the app opens. Absent or null otherwise.
   */
  waitingFor?: string | null;
  /**
   * The signed-in driver who made it, or null without an account (and for requests kept before this was
   * recorded): what waits for a sign-in is sent only once its own driver (or, for null, anyone) signs in.
   */
  owner?: string | null;
  /**
   * Present when this is a photo upload rather than a JSON write: it asks for an upload slot (method, url above,
   * its idempotencyKey the first key: LocalPhoto.upload) and PUTs the kept photo to it. `slot` is a slot kept
   * here by an earlier version of the app, taken up by the next try; the photo keeps its slot itself now.
   */
  upload?: { photoId: string; slot?: UploadSlot | null };
}

/** An account's list as the server last answered it, kept so the driver can read it without signal. */
export interface KeptList {
  /** `${owner}|${url}` */
  key: string;
  /** The signed-in driver's name when it was fetched: only that driver is shown it. */
  owner: string;
  /** What was fetched, e.g. "/api/timesheets". */
  url: string;
  data: unknown;
  /** When it was fetched (ms since the epoch). */
  savedAt: number;
}

interface OfflineSchema extends DBSchema {
  forms: { key: string; value: LocalForm; indexes: { byKind: string } };
  outbox: { key: number; value: OutboxItem };
  lists: { key: string; value: KeptList };
  photos: { key: string; value: LocalPhoto };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const DB_NAME = "plant-sheets";
const DB_VERSION = 3;

let opening: Promise<OfflineDb> | null = null;

/** The one IndexedDB database of the app, opened once per page (or service worker). */
export function offlineDb(): Promise<OfflineDb> {
  opening ??= openDB<OfflineSchema>(DB_NAME, DB_VERSION, {
    // One step per version, so a device on any older version is brought up to date in order.
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore("forms", { keyPath: "key" }).createIndex("byKind", "kind");
        db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
      }
      if (oldVersion < 2) db.createObjectStore("lists", { keyPath: "key" });
      if (oldVersion < 3) db.createObjectStore("photos", { keyPath: "id" });
    },
    // A newer app version in another tab wants to upgrade: step aside instead of blocking it.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Forgets the open connection; tests start each case on a fresh database. */
export async function closeOfflineDb(): Promise<void> {
  const db = await opening?.catch(() => null);
  db?.close();
  opening = null;
}
