import bg from "../domain/text/catalogs/bg.json" with { type: "json" };
import english from "../domain/text/catalogs/en-GB.json" with { type: "json" };
import lt from "../domain/text/catalogs/lt.json" with { type: "json" };
import pl from "../domain/text/catalogs/pl.json" with { type: "json" };
import pt from "../domain/text/catalogs/pt.json" with { type: "json" };
import ro from "../domain/text/catalogs/ro.json" with { type: "json" };
import { DEFAULT_LOCALE, type DocumentLanguage, isLocale, type Locale } from "../domain/text/i18n/locales";
import {
  bilingualTranslator,
  type Catalog,
  createTranslator,
  type Translator,
} from "../domain/text/i18n/translate";

/**
 * The server's messages in every language, for what it writes to a person (mails): all six catalogs are bundled
 * here, where size does not matter. The browser never imports this: it loads its one catalog when it needs it.
 */
const catalogs: Record<Locale, Catalog> = {
  "en-GB": english as Catalog,
  pl: pl as Catalog,
  ro: ro as Catalog,
  lt: lt as Catalog,
  bg: bg as Catalog,
  pt: pt as Catalog,
};

const translators = new Map<Locale, Translator>();

/**
 * The translator of a language, made once and kept (it compiles each message on first use). Anything that is
 * not a language the app speaks (null for an account that never chose one, a value stored by an older build) is
 * English.
 */
export function translatorFor(locale: string | null | undefined): Translator {
  const chosen: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  let translator = translators.get(chosen);
  if (!translator) {
    translator = createTranslator(chosen, catalogs[chosen]);
    translators.set(chosen, translator);
  }
  return translator;
}

/** A document's words in the language chosen for it: "both" is English beside the sender's language. */
export function documentTranslator(
  language: DocumentLanguage,
  senderLocale: string | null | undefined,
): Translator {
  if (language !== "both") return translatorFor(language);
  return bilingualTranslator(translatorFor(DEFAULT_LOCALE), translatorFor(senderLocale));
}
