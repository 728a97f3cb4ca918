import { isLocalPhotoRef } from "./local-photos";
import type { OutboxItem } from "./offline-db";
import { listOutbox } from "./outbox";

/** A draft save of the driver's still in the outbox: what the server's list does not show yet. */
export interface WaitingSave {
  id: string;
  /** The fields as the save sends them. */
  body: Record<string, unknown>;
  /** When the save was first queued (ms since the epoch): a new form's creation time until the server has it. */
  since: number;
}

/** The save's body without references to photos kept on this device: no list can read them as photos. */
function withoutLocalPhotos(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((entry) => !isLocalPhotoRef(entry)).map(withoutLocalPhotos);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withoutLocalPhotos(entry)]));
  }
  return value;
}

/**
 * The owner's draft saves waiting in the outbox for one collection (e.g. "/api/timesheets"), one per form,
 * later saves over earlier ones. A save the server refused is not the form's any more (the driver fixes or
 * discards it), so it is left out; one waiting for a sign-in is still the driver's work and counts.
 */
export function waitingSavesOf(
  items: readonly OutboxItem[],
  owner: string,
  collection: string,
): WaitingSave[] {
  const saves = new Map<string, WaitingSave>();
  for (const item of [...items].sort((a, b) => a.seq - b.seq)) {
    if (item.upload || item.state === "refused" || (item.owner ?? null) !== owner) continue;
    const create = item.method === "POST" && item.url === collection;
    const update = item.method === "PUT" && item.url.startsWith(`${collection}/`);
    const body = item.body as { id?: unknown } | null;
    if (!(create || update) || typeof body !== "object" || body === null || typeof body.id !== "string")
      continue;
    const earlier = saves.get(body.id);
    saves.set(body.id, {
      id: body.id,
      body: { ...earlier?.body, ...(withoutLocalPhotos(body) as Record<string, unknown>) },
      since: earlier?.since ?? item.createdAt,
    });
  }
  return [...saves.values()];
}

/**
 * A list of forms as the driver must see it: each form the server answered with the fields of its waiting save
 * over it, and forms the server has not had yet added, as their save made them. `read` turns a record into a
 * listed form or null: a form whose waiting save cannot be read is shown as the server has it.
 */
export function withWaitingSaves<T>(
  list: readonly unknown[],
  saves: readonly WaitingSave[],
  read: (record: unknown) => T | null,
): T[] {
  const byId = new Map(saves.map((save) => [save.id, save]));
  const listed: T[] = [];
  for (const record of list) {
    const id = (record as { id?: unknown } | null)?.id;
    const save = typeof id === "string" ? byId.get(id) : undefined;
    if (save) byId.delete(save.id);
    const form = (save && read({ ...(record as object), ...save.body, id: save.id })) ?? read(record);
    if (form !== null) listed.push(form);
  }
  for (const save of byId.values()) {
    const createdAt = new Date(save.since).toISOString();
    const form = read({ status: "draft", ...save.body, id: save.id, createdAt, updatedAt: createdAt });
    if (form !== null) listed.push(form);
  }
  return listed;
}

/**
 * The saves a list shows after the outbox changed: those waiting now, and those that left it since the list was
 * read (sent, or discarded) until the list is read again, so a form never blinks out between its save landing
 * and the server's list having it. `left` says whether the list must be read again.
 */
export function afterOutboxChange(
  shown: readonly WaitingSave[],
  waiting: readonly WaitingSave[],
): { saves: WaitingSave[]; left: boolean } {
  const now = new Set(waiting.map((save) => save.id));
  const gone = shown.filter((save) => !now.has(save.id));
  return { saves: [...gone, ...waiting], left: gone.length > 0 };
}

/** The owner's waiting saves for one collection, read from the outbox; none when it cannot be read. */
export async function readWaitingSaves(owner: string | null, collection: string): Promise<WaitingSave[]> {
  if (owner === null) return [];
  try {
    return waitingSavesOf(await listOutbox(), owner, collection);
  } catch (error) {
    console.warn("Could not read the saves waiting to send", error);
    return [];
  }
}
