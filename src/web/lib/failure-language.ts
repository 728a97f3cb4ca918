import type { Translator } from "../../domain/text/i18n/translate";

// The language failures are worded in: null while it is English, the server's own words. Kept apart from
// failure-text.ts so that lib/i18n.ts, on the first screen, sets it without loading the request code; the service
// worker, which has no language of its own, leaves it English.
let reader: Translator | null = null;

/** The page's language changed: failures are worded in it from now on. */
export function wordFailuresIn(translator: Translator): void {
  reader = translator.locale === "en-GB" ? null : translator;
}

/** The language a failure is worded in, or null for the server's own English. */
export function failureReader(): Translator | null {
  return reader;
}
