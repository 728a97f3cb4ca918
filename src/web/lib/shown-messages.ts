import { useSyncExternalStore } from "react";
import type { MessageKey, MessageValues, Translator } from "../../domain/text/i18n/translate";

/** A message as drawn: its key and the values it was drawn with, so its English can be drawn the same. */
export interface ShownMessage {
  key: MessageKey;
  values: MessageValues | undefined;
  text: string;
}

/** The words of each message drawn lately, so a tap on words finds their message (a wrong translation's report). */
const shown = new Map<string, ShownMessage>();
/** More than any screen draws; past it the oldest screens' words are forgotten at once. */
const MAX_SHOWN = 3_000;

const normalise = (text: string) => text.replace(/\s+/g, " ").trim();

/** The translator, noting each message it words. */
export function recordingShown(translator: Translator): Translator {
  return {
    locale: translator.locale,
    t(key, values) {
      const text = translator.t(key, values);
      if (text) {
        if (shown.size >= MAX_SHOWN) shown.clear();
        shown.set(normalise(text), { key, values, text });
      }
      return text;
    },
  };
}

/** Every way an element shows words: its text, and what a screen reader or a tooltip reads of it. */
function wordsOf(element: Element): string[] {
  return [
    element.textContent ?? "",
    ...["aria-label", "title", "placeholder", "alt"].map((name) => element.getAttribute(name) ?? ""),
  ]
    .map(normalise)
    .filter(Boolean);
}

/**
 * The message whose words were tapped: the tapped element's (or, a few levels up, its container's) words as one
 * message, else the longest message its words contain; null for words no message drew (a name, what was typed).
 */
export function shownMessageAt(target: Element | null): ShownMessage | null {
  const levels: string[][] = [];
  for (let element = target; element && levels.length < 4; element = element.parentElement)
    levels.push(wordsOf(element));
  return shownMessageIn(levels);
}

/** shownMessageAt's choice, from each level's words, the tapped element's first. */
export function shownMessageIn(levels: readonly (readonly string[])[]): ShownMessage | null {
  for (const level of levels)
    for (const words of level) {
      const exact = shown.get(normalise(words));
      if (exact) return exact;
    }
  const words = levels[0]?.[0];
  if (!words) return null;
  let best: { message: ShownMessage; length: number } | null = null;
  for (const [text, message] of shown)
    if (text.length > (best?.length ?? 0) && words.includes(text)) best = { message, length: text.length };
  return best?.message ?? null;
}

let picking = false;
const listeners = new Set<() => void>();

/** "Report a wrong translation": the next tap picks the words to report rather than acting on them. */
export function setPickingWords(on: boolean): void {
  picking = on;
  for (const listener of listeners) listener();
}

export function usePickingWords(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => picking,
    () => false,
  );
}
