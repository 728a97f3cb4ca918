import { alternatives } from "../messages";
import { type AnyLocale, intlLocale } from "./translate";

/**
 * "P-, S-, or M-" in the reader's language: Intl's list of alternatives, except that English keeps the spec's
 * wording (a comma before "or", which Intl's en-GB leaves out).
 */
export function alternativesIn(locale: AnyLocale, items: readonly string[]): string {
  const formatLocale = intlLocale(locale);
  if (formatLocale === "en-GB") return alternatives(items);
  return new Intl.ListFormat(formatLocale, { type: "disjunction" }).format(items);
}
