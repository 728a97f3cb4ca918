/**
 * The languages the app speaks. English (en-GB) is the default and the spec's own wording; the others are the
 * languages many operators on UK sites read first.
 */
export const LOCALES = ["en-GB", "pl", "ro", "lt", "bg", "pt"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en-GB";

/** Each language under its own name, as its reader looks for it in the language menu. */
export const LOCALE_NAMES: Record<Locale, string> = {
  "en-GB": "English",
  pl: "Polski",
  ro: "Română",
  lt: "Lietuvių",
  bg: "Български",
  pt: "Português",
};

/**
 * The language of a signed form's copy for its client or office: one of the app's languages, or "both", which
 * prints every word in English and in the sender's language side by side.
 */
export const DOCUMENT_LANGUAGES = [...LOCALES, "both"] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The primary language subtag, lower case: "pt-BR" -> "pt", "EN_gb" -> "en". */
function languageOf(tag: string): string {
  return tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? "";
}

/**
 * The app's language for a phone's list of preferred languages (navigator.languages, most wanted first): the
 * first one the app speaks, by its language alone (any English is en-GB, Brazilian Portuguese is pt), else English.
 */
export function matchLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = languageOf(tag);
    if (language === "en") return "en-GB";
    const match = LOCALES.find((locale) => locale === language);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
