import { type LocalForm, offlineDb } from "./offline-db";

export function localFormKey(kind: string, id: string): string {
  return `${kind}:${id}`;
}

/** The start a form was made for (customer and order number), as one comparable string. */
export function formStartKey(start: { customerId?: string | null; orderNumber?: string | null }): string {
  return `${start.customerId ?? ""}|${start.orderNumber ?? ""}`;
}

/** Storage can be refused (private browsing, a full disk): the form goes on working, only unprotected. */
function warn(action: string, error: unknown): void {
  console.warn(`Could not ${action} the form on this device`, error);
}

export async function writeLocalForm<S>(record: LocalForm<S>): Promise<void> {
  try {
    const db = await offlineDb();
    await db.put("forms", record as LocalForm);
  } catch (error) {
    warn("keep", error);
  }
}

export async function readLocalForm<S>(kind: string, id: string): Promise<LocalForm<S> | null> {
  try {
    const db = await offlineDb();
    return ((await db.get("forms", localFormKey(kind, id))) as LocalForm<S> | undefined) ?? null;
  } catch (error) {
    warn("read", error);
    return null;
  }
}

/**
 * Whether a form in progress is offered to this driver: their own, and for a signed-in driver also one started
 * on this device without an account (signing in mid-form must not lose it; once opened, it is theirs).
 */
export function offeredTo(form: Pick<LocalForm, "owner">, owner: string | null): boolean {
  return form.owner === owner || form.owner === null;
}

/** The newest form in progress of a kind offered to this driver (offeredTo) from the same start. */
export async function latestLocalForm<S>(
  kind: string,
  match: { owner: string | null; start: string },
): Promise<LocalForm<S> | null> {
  try {
    const db = await offlineDb();
    const forms = (await db.getAllFromIndex("forms", "byKind", kind)) as LocalForm<S>[];
    const candidates = forms
      .filter((form) => !form.sending && offeredTo(form, match.owner) && form.start === match.start)
      .sort((a, b) => b.updatedAt - a.updatedAt);
    return candidates[0] ?? null;
  } catch (error) {
    warn("read", error);
    return null;
  }
}

export async function deleteLocalForm(kind: string, id: string): Promise<void> {
  try {
    const db = await offlineDb();
    await db.delete("forms", localFormKey(kind, id));
  } catch (error) {
    warn("forget", error);
  }
}

/** The form was submitted into the outbox: kept until it is sent, but no longer offered as in progress. */
export async function markLocalFormSending(kind: string, id: string): Promise<void> {
  try {
    const db = await offlineDb();
    const form = await db.get("forms", localFormKey(kind, id));
    if (form) await db.put("forms", { ...form, sending: true });
  } catch (error) {
    warn("keep", error);
  }
}
