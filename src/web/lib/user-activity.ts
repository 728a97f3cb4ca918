/**
 * When the person last touched the page: a tap, a key, a scroll wheel. The session slides with these, not with
 * the calls the page makes by itself (a list refreshed, the outbox retried), so an open page left alone still
 * ends its session after 30 minutes (decision record 041). Loading the page counts as a touch.
 */
const INPUT_EVENTS = ["pointerdown", "keydown", "wheel"] as const;

let lastInput = Date.now();
const inputListeners = new Set<() => void>();

function noteInput(): void {
  lastInput = Date.now();
  for (const listener of inputListeners) listener();
}

if (typeof window !== "undefined") {
  for (const type of INPUT_EVENTS) window.addEventListener(type, noteInput, { capture: true, passive: true });
}

export function lastInputAt(): number {
  return lastInput;
}

/** Runs on each touch of the page. */
export function onInput(listener: () => void): () => void {
  inputListeners.add(listener);
  return () => inputListeners.delete(listener);
}
