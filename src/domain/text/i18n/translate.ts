import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import type englishCatalog from "../catalogs/en-GB.json";
import type { Locale } from "./locales";

/** Every message the app shows, by key: the English catalog is the list of keys. */
export type MessageKey = keyof typeof englishCatalog;

/**
 * A language's messages in ICU MessageFormat: as written (on the server and in tests), or as the build parsed them
 * ahead (in the browser, which then needs no parser).
 */
export type Catalog = Record<MessageKey, string | MessageFormatElement[]>;

export type MessageValue = string | number | Date;
export type MessageValues = Readonly<Record<string, MessageValue>>;

/** The pseudo-locales of the tests: every message accented and longer, left to right and right to left. */
export const PSEUDO_LOCALES = ["en-XA", "ar-XB"] as const;
export type PseudoLocale = (typeof PSEUDO_LOCALES)[number];
export type AnyLocale = Locale | PseudoLocale;

/** The locale Intl formats dates, numbers and plurals in: Portuguese as in Portugal, the pseudo-locales as en-GB. */
export function intlLocale(locale: AnyLocale): string {
  if (locale === "pt") return "pt-PT";
  if (locale === "en-XA" || locale === "ar-XB") return "en-GB";
  return locale;
}

export function textDirection(locale: AnyLocale): "ltr" | "rtl" {
  return locale === "ar-XB" ? "rtl" : "ltr";
}

/** A message with no placeholder, plural, select, tag or quote: shown exactly as written, with no formatter. */
export function isPlainText(message: string): boolean {
  return !/[{}<>'#]/.test(message);
}

export interface Translator {
  readonly locale: AnyLocale;
  /** The message `key` in this language, its placeholders filled from `values`. */
  t(key: MessageKey, values?: MessageValues): string;
}

/** A translator over one catalog; each message is compiled once, on its first use. */
export function createTranslator(locale: AnyLocale, catalog: Catalog): Translator {
  const compiled = new Map<MessageKey, IntlMessageFormat>();
  const formatLocale = intlLocale(locale);
  return {
    locale,
    t(key, values) {
      const message = catalog[key];
      // A message of a catalog part not yet fetched (catalog-parts.ts) is nothing for now: the screen is drawn
      // again when its part arrives.
      if (message === undefined) return "";
      if (typeof message === "string" && isPlainText(message)) return message;
      let format = compiled.get(key);
      if (!format) {
        format = new IntlMessageFormat(message, formatLocale);
        compiled.set(key, format);
      }
      return String(format.format(values as Record<string, MessageValue> | undefined));
    },
  };
}

/**
 * A document for two readers: each message as "first / second", and once where both say the same
 * ("Plant/Registration Number / Numer rejestracyjny", "OK").
 */
export function bilingualTranslator(first: Translator, second: Translator): Translator {
  if (first.locale === second.locale) return first;
  return {
    locale: first.locale,
    t(key, values) {
      const one = first.t(key, values);
      const other = second.t(key, values);
      return one === other ? one : `${one} / ${other}`;
    },
  };
}
