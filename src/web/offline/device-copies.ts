import { ACCOUNT_REFERENCE_URLS, IMAGE_CACHE, REFERENCE_CACHE } from "./cache-names";
import type { LocalForm, OutboxItem } from "./offline-db";
import { offlineDb } from "./offline-db";
import { holdUntilSignIn } from "./outbox";

/**
 * How long a copy the server already has (or a kept list) stays on the device unopened: long enough to reopen
 * last month's drafts without signal, short enough that a phone does not collect every form it ever saw.
 * Work the server has not had is never pruned, however old.
 */
export const DEVICE_COPY_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The form ids that requests still waiting in the outbox carry (a submission's formKey, a draft save's group). */
export function idsWaitingToSend(items: readonly Pick<OutboxItem, "formKey" | "group">[]): Set<string> {
  const ids = new Set<string>();
  for (const item of items) {
    // formKey is `${kind}:${id}`, a draft save's group `${collection}/${id}`; ids are UUIDs.
    if (item.formKey) ids.add(item.formKey.slice(item.formKey.indexOf(":") + 1));
    if (item.group) ids.add(item.group.slice(item.group.lastIndexOf("/") + 1));
  }
  return ids;
}

/**
 * Typed on this device and not yet handed to the server or the outbox: changed after its last save, or
 * never saved. A copy whose state has no version cannot be told apart, so it counts as unsaved.
 */
export function holdsUnsavedWork(form: LocalForm): boolean {
  if (form.sending) return false;
  const version = (form.state as { version?: unknown } | null)?.version;
  return typeof version !== "number" || version > form.savedVersion;
}

/**
 * The server has everything this copy holds, so removing it loses nothing: a saved draft with no change since,
 * or a submission the outbox has finished with. A copy an outbox request still refers to is kept.
 */
export function savedOnServer(form: LocalForm, waitingIds: ReadonlySet<string>): boolean {
  if (waitingIds.has(form.id)) return false;
  if (form.sending) return true;
  return form.stored && !holdsUnsavedWork(form);
}

/** Pruned at app start: saved on the server and not touched for DEVICE_COPY_MAX_AGE_MS. */
export function isStaleCopy(form: LocalForm, waitingIds: ReadonlySet<string>, now: number): boolean {
  return savedOnServer(form, waitingIds) && now - form.updatedAt > DEVICE_COPY_MAX_AGE_MS;
}

/**
 * What would be lost if this device forgot it: the driver's waiting requests (and those made without an
 * account), and their copies with unsaved changes; a copy whose save is waiting counts once.
 */
export function countUnsent(
  forms: readonly LocalForm[],
  items: readonly OutboxItem[],
  owner: string,
): number {
  const waitingIds = idsWaitingToSend(items);
  const requests = items.filter((item) => (item.owner ?? null) === null || item.owner === owner);
  const unsavedCopies = forms.filter(
    (form) => form.owner === owner && holdsUnsavedWork(form) && !waitingIds.has(form.id),
  );
  return requests.length + unsavedCopies.length;
}

/** How many of the driver's things on this device the server has not had yet. */
export async function countUnsentWork(owner: string): Promise<number> {
  const db = await offlineDb();
  return countUnsent(await db.getAll("forms"), await db.getAll("outbox"), owner);
}

/**
 * The driver logs out: the lists kept for reading offline go, and so do their copies the server already has,
 * so the next person on a shared phone sees none of it. Unsent work stays, and waits for the driver to sign
 * in again.
 */
export async function clearAccountFromDevice(owner: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(["forms", "outbox", "lists"], "readwrite");
  const waitingIds = idsWaitingToSend(await tx.objectStore("outbox").getAll());
  for (const form of await tx.objectStore("forms").getAll()) {
    if (form.owner === owner && savedOnServer(form, waitingIds))
      await tx.objectStore("forms").delete(form.key);
  }
  // Only the signed-in driver's lists are ever kept (forgetOtherAccounts), so all of them go.
  await tx.objectStore("lists").clear();
  await tx.done;
  await forgetKeptReads();
  await holdUntilSignIn(owner);
}

/**
 * The signatures kept for reading offline (see the service worker), and the account's part of the reference data,
 * where the browser has a cache.
 */
async function forgetKeptReads(): Promise<void> {
  if (!globalThis.caches) return;
  await globalThis.caches.delete(IMAGE_CACHE);
  const reference = await globalThis.caches.open(REFERENCE_CACHE);
  await Promise.all(ACCOUNT_REFERENCE_URLS.map((url) => reference.delete(url)));
}

/** Removes copies and kept lists grown old (see DEVICE_COPY_MAX_AGE_MS); run at app start. */
export async function pruneDeviceCopies(now: number = Date.now()): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(["forms", "outbox", "lists"], "readwrite");
  const waitingIds = idsWaitingToSend(await tx.objectStore("outbox").getAll());
  for (const form of await tx.objectStore("forms").getAll()) {
    if (isStaleCopy(form, waitingIds, now)) await tx.objectStore("forms").delete(form.key);
  }
  for (const list of await tx.objectStore("lists").getAll()) {
    if (now - list.savedAt > DEVICE_COPY_MAX_AGE_MS) await tx.objectStore("lists").delete(list.key);
  }
  await tx.done;
}
