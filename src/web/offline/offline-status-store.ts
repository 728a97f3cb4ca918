import { createValueStore } from "../lib/value-store";

/** What the header shows about the connection and the writes waiting on this device. */
export interface OfflineStatus {
  online: boolean;
  /** Waiting for signal (or their turn). */
  waiting: number;
  /** Waiting for the driver to sign in again. */
  needsLogin: number;
  /** Refused by the server: the driver must fix or discard them. */
  refused: number;
}

export interface OutboxCounts {
  waiting: number;
  needsLogin: number;
  refused: number;
}

const store = createValueStore<OfflineStatus>({
  online: typeof navigator === "undefined" ? true : navigator.onLine,
  waiting: 0,
  needsLogin: 0,
  refused: 0,
});

function update(next: Partial<OfflineStatus>): void {
  store.set({ ...store.get(), ...next });
}

if (typeof window !== "undefined") {
  window.addEventListener("online", () => update({ online: true }));
  window.addEventListener("offline", () => update({ online: false }));
}

/**
 * Kept apart from the outbox itself so the header can show the badge without loading IndexedDB code on the
 * first screen; the outbox (loaded a moment later) publishes its counts here.
 */
export function publishOutboxCounts(counts: OutboxCounts): void {
  const status = store.get();
  if (
    counts.waiting !== status.waiting ||
    counts.needsLogin !== status.needsLogin ||
    counts.refused !== status.refused
  ) {
    update(counts);
  }
}

export function useOfflineStatus(): OfflineStatus {
  return store.useValue();
}
