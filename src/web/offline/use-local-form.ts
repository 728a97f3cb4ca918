import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { deleteLocalForm, latestLocalForm, localFormKey, readLocalForm, writeLocalForm } from "./local-forms";
import type { LocalForm } from "./offline-db";

/** Reading the device's copy never holds a wizard up longer than this (a wedged IndexedDB). */
const READ_LIMIT_MS = 2_000;

export interface LocalFormCopyOptions<S> {
  /** The form kind, e.g. "timesheet" or "check-sheet". */
  kind: string;
  id: string;
  /** The wizard's whole state as one plain object: strings, numbers, data URLs, Blobs (photos). */
  state: S;
  /** Whose form: the signed-in driver's name when the form was started, or null. */
  owner: string | null;
  /** formStartKey() of the customer and order number the form was started for. */
  start: string;
  /** From the draft saver: whether the server holds the form, and which version it has. */
  stored: boolean;
  savedVersion: number;
}

/**
 * Keeps a wizard's form in progress on this device (IndexedDB) as it is typed, so a reload, a closed tab, a
 * flat battery or an ended session loses nothing. Works the same with and without an account.
 *
 * How a wizard adopts it (the one wizard, features/forms/wizard, does exactly this for every form type):
 * 1. Keep the wizard's whole state in one plain object with an `id` made on the device (new-id.ts).
 * 2. Before showing a new form, `useRestoredLocalForm(kind, { owner, start })`; if it finds one, start the wizard
 *    from `form.state` (with `form.stored` / `form.savedVersion` for the draft saver) and offer to start afresh
 *    (`deleteLocalForm`). For an opened server draft, `readLocalForm(kind, id)` and `preferLocalCopy()` decide
 *    between the device's copy and the server's.
 * 3. In the wizard, call this hook with the state on every render.
 * 4. Submit through the outbox's `send()` with `label`, `formKey: localFormKey(kind, id)`, `fixUrl` and
 *    `idempotencyKey` ("one-step:" + one id per submission), calling the returned `markSending()` first; if the
 *    server refuses, call `resume()`. After a submission that was sent, nothing more is written (the outbox
 *    deletes the copy); one that was queued shows `messages.savedOnPhone` (form-page.tsx's SavedOnPhone).
 * 5. Pass `label` (what the waiting list shows) to `useDraftSaver`, and its `stored` / `savedVersion` to this hook.
 */
export function useLocalFormCopy<S>(options: LocalFormCopyOptions<S>) {
  const latest = useRef(options);
  latest.current = options;
  const initialState = useRef(options.state);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // After a submission: the outbox owns the copy now, and a late write must not bring it back.
  const stopped = useRef(false);

  const record = useCallback((sending: boolean): LocalForm<S> => {
    const { kind, id, state, owner, start, stored, savedVersion } = latest.current;
    return {
      key: localFormKey(kind, id),
      kind,
      id,
      state,
      updatedAt: Date.now(),
      stored,
      savedVersion,
      owner,
      start,
      sending,
    };
  }, []);

  const writeNow = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    // An untouched form is not worth keeping (nor offering back later).
    if (stopped.current || latest.current.state === initialState.current) return;
    void writeLocalForm(record(false));
  }, [record]);

  const { state, stored, savedVersion } = options;
  // Every change is written as it is made, keystroke by keystroke: a reload a moment after the last one loses
  // nothing. IndexedDB runs the writes in the order they were asked for, so the last one stands.
  useEffect(() => {
    if (stopped.current || state === initialState.current) return;
    writeNow();
  }, [state, writeNow]);

  // A save the server has taken is written at once: a copy that still counted it as unsent work would win
  // over the newer server draft if the page were left before a delayed write.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of these is what is written
  useEffect(() => {
    if (timer.current !== undefined || latest.current.state !== initialState.current) writeNow();
  }, [stored, savedVersion, writeNow]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden" && timer.current !== undefined) writeNow();
    };
    const onPageHide = () => {
      if (timer.current !== undefined) writeNow();
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onPageHide);
      if (timer.current !== undefined) writeNow();
    };
  }, [writeNow]);

  return {
    /** The form goes into the outbox: written once more, marked as sending, and no longer written after. */
    markSending: useCallback(async () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      stopped.current = true;
      await writeLocalForm(record(true));
    }, [record]),
    /** The server refused the submission: the form is in progress again. */
    resume: useCallback(() => {
      stopped.current = false;
      writeNow();
    }, [writeNow]),
    /** The form is finished with (sent, or thrown away): forget the device's copy. */
    forget: useCallback(async () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      stopped.current = true;
      const { kind, id } = latest.current;
      await deleteLocalForm(kind, id);
    }, []),
  };
}

export type RestoredLocalForm<S> = { ready: false } | { ready: true; form: LocalForm<S> | null };

function withinLimit<T>(work: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), READ_LIMIT_MS)),
  ]);
}

/** The newest form in progress on this device for this kind, owner and start; ready within two seconds. */
export function useRestoredLocalForm<S>(
  kind: string,
  match: { owner: string | null; start: string },
): RestoredLocalForm<S> {
  const [restored, setRestored] = useState<RestoredLocalForm<S>>({ ready: false });
  const { owner, start } = match;
  useEffect(() => {
    let live = true;
    void withinLimit(latestLocalForm<S>(kind, { owner, start }), null).then((form) => {
      // The form's screen is large: built in short slices, so a slow phone stays responsive meanwhile.
      if (live) startTransition(() => setRestored({ ready: true, form }));
    });
    return () => {
      live = false;
    };
  }, [kind, owner, start]);
  return restored;
}

/** The device's copy of one form (an opened draft); ready within two seconds. */
export function useLocalFormById<S>(kind: string, id: string): RestoredLocalForm<S> {
  const [restored, setRestored] = useState<RestoredLocalForm<S>>({ ready: false });
  useEffect(() => {
    let live = true;
    void withinLimit(readLocalForm<S>(kind, id), null).then((form) => {
      // The form's screen is large: built in short slices, so a slow phone stays responsive meanwhile.
      if (live) startTransition(() => setRestored({ ready: true, form }));
    });
    return () => {
      live = false;
    };
  }, [kind, id]);
  return restored;
}

/**
 * Whether to open the device's copy of a draft rather than the server's: when it holds work the server has
 * not had (typed after the last save, or saved offline and still waiting to be sent), or when it changed last.
 * Without the server's copy (no signal), the device's is all there is.
 */
export function preferLocalCopy(
  local: { updatedAt: number; savedVersion: number; version: number },
  serverUpdatedAt: string | null | undefined,
): boolean {
  if (local.version > local.savedVersion) return true;
  if (!serverUpdatedAt) return true;
  const server = Date.parse(serverUpdatedAt);
  return Number.isNaN(server) || local.updatedAt >= server;
}

/**
 * The device's copy to open for a saved draft, or null to open the server's: a copy being sent is the outbox's
 * now, and otherwise `preferLocalCopy` decides. `server` is the draft as fetched, or null without signal.
 */
export function localCopyToOpen<S extends { version: number }>(
  local: LocalForm<S> | null,
  server: unknown,
): LocalForm<S> | null {
  if (!local || local.sending) return null;
  const updatedAt = (server as { updatedAt?: unknown } | null)?.updatedAt;
  const prefer = preferLocalCopy(
    { updatedAt: local.updatedAt, savedVersion: local.savedVersion, version: local.state.version },
    typeof updatedAt === "string" ? updatedAt : null,
  );
  return prefer ? local : null;
}
