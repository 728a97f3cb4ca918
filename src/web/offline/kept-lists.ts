import { NetworkError } from "../lib/api-client";
import { type KeptList, offlineDb } from "./offline-db";

/** The account's form lists the app keeps for reading offline (the History tab, a record opened from it). */
export const KEPT_LIST_URLS = ["/api/timesheets", "/api/check-sheets"] as const;

/** A list as read: fresh from the server (keptAt null), or the device's copy from keptAt when there was no signal. */
export interface ListAnswer {
  data: unknown;
  keptAt: number | null;
}

function listKey(owner: string, url: string): string {
  return `${owner}|${url}`;
}

async function keepList(owner: string, url: string, data: unknown): Promise<void> {
  try {
    const db = await offlineDb();
    await db.put("lists", { key: listKey(owner, url), owner, url, data, savedAt: Date.now() });
  } catch (error) {
    // Without storage the list is only unreadable offline; it still shows now.
    console.warn("Could not keep the list on this device", error);
  }
}

async function readKeptList(owner: string, url: string): Promise<KeptList | null> {
  try {
    const db = await offlineDb();
    return (await db.get("lists", listKey(owner, url))) ?? null;
  } catch (error) {
    console.warn("Could not read the list kept on this device", error);
    return null;
  }
}

/**
 * Fetches one of the signed-in driver's lists and keeps it on the device; with no signal, answers with the
 * copy kept last time instead (for that driver only). Any other failure is the caller's, as before.
 */
export async function fetchKeepingOffline(
  owner: string | null,
  url: string,
  fetchList: () => Promise<unknown>,
): Promise<ListAnswer> {
  try {
    const data = await fetchList();
    if (owner !== null) await keepList(owner, url, data);
    return { data, keptAt: null };
  } catch (error) {
    if (!(error instanceof NetworkError) || owner === null) throw error;
    const kept = await readKeptList(owner, url);
    if (!kept) throw error;
    return { data: kept.data, keptAt: kept.savedAt };
  }
}

/** One form of the driver's kept lists, by id: what a record opened offline shows. */
export async function findKeptForm(
  owner: string,
  id: string,
): Promise<{ type: "timesheet" | "check-sheet"; form: Record<string, unknown>; keptAt: number } | null> {
  for (const url of KEPT_LIST_URLS) {
    const kept = await readKeptList(owner, url);
    if (!kept || !Array.isArray(kept.data)) continue;
    const form = (kept.data as unknown[]).find(
      (record): record is Record<string, unknown> =>
        typeof record === "object" && record !== null && (record as { id?: unknown }).id === id,
    );
    if (form)
      return { type: url === "/api/timesheets" ? "timesheet" : "check-sheet", form, keptAt: kept.savedAt };
  }
  return null;
}

/** A driver signed in: lists another account left on this device (a session that ran out) are not theirs. */
export async function forgetOtherAccounts(owner: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction("lists", "readwrite");
  for (const list of await tx.store.getAll()) {
    if (list.owner !== owner) await tx.store.delete(list.key);
  }
  await tx.done;
}
