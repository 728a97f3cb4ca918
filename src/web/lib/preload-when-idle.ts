/**
 * Runs `load` once the browser is idle after the first screen (or after two seconds at the latest), so code kept
 * off the first load is still fetched early, and is there when it is needed, even if the signal drops.
 */
export function preloadWhenIdle(load: () => Promise<unknown>): () => void {
  const run = () => void load().catch(() => undefined);
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, 200);
  return () => window.clearTimeout(timer);
}
