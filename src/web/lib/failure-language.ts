import type { Translator } from "../../domain/text/i18n/translate";

// The language failures are worded in. Kept apart from failure-text.ts so that lib/i18n.ts, on the first screen,
// sets it without loading the request code; the service worker, which has no language of its own, leaves it unset
// (the server's own English).
let translator: Translator | null = null;

/** The page's language changed: failures are worded in it from now on. */
export function wordFailuresIn(chosen: Translator): void {
  translator = chosen;
}

/** The language a failure the server did not word from the catalogs is worded in, or null for its English. */
export function failureReader(): Translator | null {
  return translator && translator.locale !== "en-GB" ? translator : null;
}

/** The page's translator, for a failure the server named by a message of the catalogs (null when unset). */
export function failureTranslator(): Translator | null {
  return translator;
}
