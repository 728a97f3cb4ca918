/** Toast behaviour of spec section 9. */

/** Only one toast is visible at a time; a new one replaces the old. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
/** Swiping right further than this dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_SWIPE_DIRECTION = "right";
/** Keyboard shortcut that focuses the notification region. */
export const TOAST_HOTKEY = ["F8"] as const;
export const TOAST_MAX_WIDTH_PX = 420;
/** How long a dismissed toast stays mounted before removal (the spec's value, kept as is). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** Adds a toast to the visible list: newest first, never more than `limit`. */
export function enqueueToast<T>(visible: readonly T[], toast: T, limit: number = TOAST_LIMIT): T[] {
  return [toast, ...visible].slice(0, Math.max(0, limit));
}
