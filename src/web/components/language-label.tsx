import Globe from "lucide-react/icons/globe";
import { isLocale, LOCALE_NAMES } from "../../domain/text/i18n/locales";
import type { AnyLocale } from "../../domain/text/i18n/translate";
import { useT } from "../lib/i18n";

/** The language under its own name ("Polski"); a test's pseudo-locale by its tag. */
export function languageName(locale: AnyLocale): string {
  return isLocale(locale) ? LOCALE_NAMES[locale] : locale;
}

/**
 * What the language button shows: a globe and the language's own name, or on a narrow phone its short tag ("PL"),
 * so the header's title keeps its line. A screen reader hears "Language: Polski" at every width.
 */
export function LanguageLabel({ locale }: { locale: AnyLocale }) {
  const t = useT();
  const name = languageName(locale);
  return (
    <>
      <Globe aria-hidden="true" className="size-5" />
      <span className="sr-only">{t("language.buttonLabel", { language: name })}</span>
      <span aria-hidden="true" lang={locale} className="hidden sm:inline">
        {name}
      </span>
      <span aria-hidden="true" lang={locale} className="sm:hidden">
        {locale.slice(0, 2).toUpperCase()}
      </span>
    </>
  );
}
