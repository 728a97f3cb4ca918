import { useEffect } from "react";
import { preloadWhenIdle } from "../lib/preload-when-idle";
import { useSession } from "../lib/session-store";

/**
 * Starts the outbox's sending in the background of every screen. Its code (and IndexedDB's) loads once the
 * first screen is up, so the first load stays small and quick.
 */
export function OfflineSync() {
  const signedIn = useSession() !== null;

  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    // Once the first screen is up (at most two seconds in), not in its way.
    const cancel = preloadWhenIdle(() =>
      import("./outbox-sync").then((sync) => {
        if (live) stop = sync.startOutboxSync();
      }),
    );
    return () => {
      live = false;
      cancel();
      stop?.();
    };
  }, []);

  useEffect(() => {
    if (signedIn) void import("./outbox-sync").then((sync) => sync.sendAfterLogin());
  }, [signedIn]);

  return null;
}
