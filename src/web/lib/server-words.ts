import { readMessageRef } from "../../domain/api/api-error";
import type { MessageKey } from "../../domain/text/i18n/translate";
import { failureTranslator } from "./failure-language";

/**
 * A line the server worded from the catalogs (an error, a success) in the page's language, or null when this page
 * cannot word it: no key or a malformed one, a key this build does not know (a newer server's), one whose part of
 * the catalog has not arrived yet, or values it cannot take. Then the server's own words are shown instead.
 */
export function catalogWords(key: unknown, params: unknown): string | null {
  const translator = failureTranslator();
  const ref = readMessageRef(key, params);
  if (!translator || !ref) return null;
  try {
    const words = translator.t(ref.key as MessageKey, ref.params);
    return words.trim() === "" ? null : words;
  } catch {
    return null;
  }
}
