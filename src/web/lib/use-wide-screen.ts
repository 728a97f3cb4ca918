import { useSyncExternalStore } from "react";

/** Tailwind's lg breakpoint: from here an office screen has room for the table and a set's detail. */
const WIDE = "(min-width: 1024px)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True on a screen at least 1024 px wide, following the window as it is resized. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}
