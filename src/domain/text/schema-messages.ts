import type { ErrorParams, ErrorText } from "../api/api-error";
import { english } from "./i18n/english";
import type { MessageKey } from "./i18n/translate";

// zod reports a refusal in the words a schema was given, and those are English: the same on the server and in the
// app. Each is remembered with the catalog's message it came from, so a screen that shows one (the app's own check
// of a form, or a server's refusal quoting it) can say it in the reader's language instead.
const known = new Map<string, ErrorText>();

/** A schema's refusal in English, worded from the catalogs; only ever for fixed values, never what was typed. */
export function schemaMessage(key: MessageKey, params?: ErrorParams): string {
  const words = english(key, params);
  known.set(words, params ? { key, params } : { key });
  return words;
}

/** The catalog's message a schema's English refusal was worded from, if it was. */
export function schemaMessageText(words: string): ErrorText | undefined {
  return known.get(words);
}
