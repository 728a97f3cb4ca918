import { useEffect } from "react";
import { preloadWhenIdle } from "../lib/preload-when-idle";
import { useSession } from "../lib/session-store";

/**
 * Starts the outbox's sending in the background of every screen, and prunes old device copies once. Its code
 * (and IndexedDB's) loads once the first screen is up, so the first load stays small and quick.
 */
export function OfflineSync() {
  // Each sign-in is a new login time, also when the device still counted the old session as alive (the
  // server's had ended): what waited for a sign-in goes out after every one.
  const session = useSession();
  const driver = session?.accountId ?? null;
  const loginTime = session?.loginTime ?? null;

  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    // Once the first screen is up (at most two seconds in), not in its way.
    const cancel = preloadWhenIdle(async () => {
      const sync = await import("./outbox-sync");
      if (live) stop = sync.startOutboxSync();
      // Old copies the server already has are not kept forever (device-copies.ts).
      const copies = await import("./device-copies");
      await copies
        .pruneDeviceCopies()
        .catch((error: unknown) => console.warn("Could not prune this device's copies", error));
    });
    return () => {
      live = false;
      cancel();
      stop?.();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new login time is a new sign-in
  useEffect(() => {
    if (driver !== null) void import("./outbox-sync").then((sync) => sync.sendAfterLogin(driver));
  }, [driver, loginTime]);

  return null;
}
