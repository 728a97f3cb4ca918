import { useEffect } from "react";
import { useSession } from "../lib/session-store";

/**
 * Starts the outbox's sending in the background of every screen, and prunes old device copies once. Its code (and IndexedDB's) loads after the
 * first screen, so the first load stays small.
 */
export function OfflineSync() {
  const signedIn = useSession() !== null;

  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void import("./outbox-sync").then((sync) => {
      if (live) stop = sync.startOutboxSync();
    });
    // Old copies the server already has are not kept forever (device-copies.ts).
    void import("./device-copies")
      .then((copies) => copies.pruneDeviceCopies())
      .catch((error: unknown) => console.warn("Could not prune this device's copies", error));
    return () => {
      live = false;
      stop?.();
    };
  }, []);

  useEffect(() => {
    if (signedIn) void import("./outbox-sync").then((sync) => sync.sendAfterLogin());
  }, [signedIn]);

  return null;
}
