import { type ErrorParams, readMessageRef } from "../../domain/api/api-error";
import type { MessageKey } from "../../domain/text/i18n/translate";
import { schemaMessageText } from "../../domain/text/schema-messages";
import { failureTranslator } from "./failure-language";

/** The words a schema refused a field with, in the page's language when the catalogs have them. */
export function schemaWords(message: string): string {
  const text = schemaMessageText(message);
  return (text && catalogWords(text.key, text.params)) ?? message;
}

/** A refusal of one field that quotes its schema's own words: those words, in the page's language, say it best. */
function quotedSchemaWords(key: string, params: ErrorParams | undefined): string | null {
  if (key !== "apiError.fieldInvalid" && key !== "apiError.inputInvalid") return null;
  const problem = params?.problem;
  const text = typeof problem === "string" ? schemaMessageText(problem) : undefined;
  return text ? catalogWords(text.key, text.params) : null;
}

/**
 * A line the server worded from the catalogs (an error, a success) in the page's language, or null when this page
 * cannot word it: no key or a malformed one, a key this build does not know (a newer server's), one whose part of
 * the catalog has not arrived yet, or values it cannot take. Then the server's own words are shown instead.
 */
export function catalogWords(key: unknown, params: unknown): string | null {
  const translator = failureTranslator();
  const ref = readMessageRef(key, params);
  if (!translator || !ref) return null;
  const quoted = quotedSchemaWords(ref.key, ref.params);
  if (quoted) return quoted;
  try {
    const words = translator.t(ref.key as MessageKey, ref.params);
    return words.trim() === "" ? null : words;
  } catch {
    return null;
  }
}
