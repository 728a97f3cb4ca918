import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "../../domain/forms/constants";
import englishCatalog from "../../domain/text/catalogs/en-GB.json";
import {
  DEFAULT_LOCALE,
  DOCUMENT_LANGUAGES,
  type DocumentLanguage,
  isLocale,
  type Locale,
  matchLocale,
} from "../../domain/text/i18n/locales";
import {
  type AnyLocale,
  type Catalog,
  createTranslator,
  PSEUDO_LOCALES,
  type PseudoLocale,
  type Translator,
  textDirection,
} from "../../domain/text/i18n/translate";
import { wordFailuresIn } from "./failure-language";
import { localStore } from "./local-store";

const english = englishCatalog as Catalog;

// English is part of the app; each other catalog is a chunk of its own, fetched only when its language is chosen
// (and kept by the service worker with every other file of the app, so it works offline).
const catalogLoaders = import.meta.glob<Catalog>(
  ["../../domain/text/catalogs/*.json", "!../../domain/text/catalogs/en-GB.json"],
  {
    import: "default",
  },
);

function isPseudoLocale(value: unknown): value is PseudoLocale {
  return typeof value === "string" && (PSEUDO_LOCALES as readonly string[]).includes(value);
}

/** The language chosen on this phone, else the first of the phone's own languages the app speaks. */
export function chosenLocale(): AnyLocale {
  const stored = localStore.get(STORAGE_KEYS.language);
  if (isLocale(stored) || isPseudoLocale(stored)) return stored;
  return matchLocale(typeof navigator === "undefined" ? [] : navigator.languages);
}

async function catalogFor(locale: AnyLocale): Promise<Catalog> {
  if (locale === DEFAULT_LOCALE) return english;
  // Only the tests' pseudo-locales need it: not part of the first screen's code.
  if (isPseudoLocale(locale))
    return (await import("../../domain/text/i18n/pseudo")).pseudoCatalog(english, locale);
  const load = catalogLoaders[`../../domain/text/catalogs/${locale}.json`];
  if (!load) throw new Error(`No catalog for ${locale}`);
  return load();
}

let current: Translator = createTranslator(DEFAULT_LOCALE, english);
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function activate(translator: Translator): void {
  current = translator;
  wordFailuresIn(translator);
  document.documentElement.lang = translator.locale;
  document.documentElement.dir = textDirection(translator.locale);
  for (const listener of listeners) listener();
}

/** Before the first render: the chosen language's catalog, so the first screen is drawn in it. */
export async function startInChosenLocale(): Promise<void> {
  const locale = chosenLocale();
  if (locale === DEFAULT_LOCALE) return;
  try {
    activate(createTranslator(locale, await catalogFor(locale)));
  } catch (error) {
    // A catalog that cannot be fetched leaves the app in English rather than not at all.
    console.warn(`The ${locale} catalog could not be loaded`, error);
  }
}

/** The header's menu: the language is kept on this phone and every screen redrawn in it, nothing typed lost. */
export async function chooseLocale(locale: AnyLocale): Promise<void> {
  const catalog = await catalogFor(locale);
  localStore.set(STORAGE_KEYS.language, locale);
  activate(createTranslator(locale, catalog));
}

/**
 * After a login: a phone on which no language was ever chosen takes the one the account chose elsewhere; a
 * choice made on this phone stands.
 */
export async function adoptAccountLocale(language: Locale | null | undefined): Promise<void> {
  if (!language || localStore.get(STORAGE_KEYS.language) !== null || language === current.locale) return;
  await chooseLocale(language);
}

/** The current language's translator; the server's prerender and tests without a choice get English. */
export function useTranslator(): Translator {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}

/** The message function of the current language: `t("home.title")`. */
export function useT(): Translator["t"] {
  return useTranslator().t;
}

/** The language a form is filled in, as the server takes it: a test's pseudo-locale is English to the server. */
export function senderLocale(): Locale {
  return isLocale(current.locale) ? current.locale : DEFAULT_LOCALE;
}

/**
 * The language last chosen for a client's copy on this phone (English until one is chosen); "both" only while
 * the app is in a language beside English.
 */
export function chosenDocumentLanguage(): DocumentLanguage {
  const stored = localStore.get(STORAGE_KEYS.documentLanguage);
  const chosen = DOCUMENT_LANGUAGES.find((language) => language === stored) ?? DEFAULT_LOCALE;
  return chosen === "both" && senderLocale() === DEFAULT_LOCALE ? DEFAULT_LOCALE : chosen;
}

export function chooseDocumentLanguage(language: DocumentLanguage): void {
  localStore.set(STORAGE_KEYS.documentLanguage, language);
}
