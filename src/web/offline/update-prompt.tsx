/// <reference types="vite-plugin-pwa/client" />
import RefreshCw from "lucide-react/icons/refresh-cw";
import { useEffect, useState } from "react";
import { Button } from "../components/ui/button";
import { useT } from "../lib/i18n";

type Apply = () => Promise<void>;

let registered: Promise<void> | null = null;
const waitingListeners = new Set<(apply: Apply) => void>();
let waiting: Apply | null = null;

/** Registers the service worker once per page; a newer version then waits for the driver's Reload. */
function registerServiceWorker(): void {
  if (registered || !("serviceWorker" in navigator) || import.meta.env.DEV) return;
  registered = import("virtual:pwa-register").then(({ registerSW }) => {
    const updateSW = registerSW({
      immediate: true,
      onNeedRefresh() {
        waiting = () => {
          // The new version takes over, then the page reloads into it. Waiting for the takeover ourselves
          // covers a page whose first-ever install this was, which the register helper does not reload.
          navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
            once: true,
          });
          // Should the new version never take over (it was replaced meanwhile), the button still reloads.
          setTimeout(() => window.location.reload(), 5_000);
          return updateSW(true);
        };
        for (const listener of waitingListeners) listener(waiting);
      },
      onRegisterError(error: unknown) {
        console.warn("The app could not be made available offline", error);
      },
    });
    // The worker claims the open pages when it first takes over, but misses one that was still loading then
    // (a navigation during its install): such a page asks for itself, so it too works offline at once.
    void navigator.serviceWorker.ready.then((registration) => {
      if (!navigator.serviceWorker.controller) registration.active?.postMessage({ type: "CLAIM" });
    });
  });
}

/**
 * 'A new version is ready' with a Reload button. The new version is never swapped in by itself: the driver
 * chooses when, and the form in progress is on the device anyway (use-local-form.ts), so Reload loses nothing.
 */
export function UpdatePrompt() {
  const [apply, setApply] = useState<Apply | null>(() => waiting);
  const t = useT();

  useEffect(() => {
    const listener = (next: Apply) => setApply(() => next);
    waitingListeners.add(listener);
    registerServiceWorker();
    return () => {
      waitingListeners.delete(listener);
    };
  }, []);

  if (!apply) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl border border-slate-700 bg-slate-900 p-3 text-white shadow-lg"
    >
      <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-amber-400" />
      <p className="flex-1 font-semibold">{t("update.ready")}</p>
      <Button onClick={() => void apply()}>{t("update.reload")}</Button>
    </div>
  );
}
