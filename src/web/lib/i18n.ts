import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "../../domain/forms/constants";
import englishStart from "../../domain/text/catalogs/en-GB.json?part=start";
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
import { recordingShown } from "./shown-messages";

// Each catalog comes in two parts (src/domain/text/i18n/catalog-parts.ts): the first screen's words, and every
// other screen's, fetched while the first is read. English's first part is part of the app; every other part is a
// chunk of its own, fetched when its language is chosen (and kept by the service worker with every other file of
// the app, so it works offline). English's rest is the whole English catalog, the module the domain's English
// messages read too, so it is fetched once.
const startLoaders = import.meta.glob<Catalog>(
  ["../../domain/text/catalogs/*.json", "!../../domain/text/catalogs/en-GB.json"],
  { query: "?part=start", import: "default" },
);
const restLoaders = import.meta.glob<Catalog>(
  ["../../domain/text/catalogs/*.json", "!../../domain/text/catalogs/en-GB.json"],
  { query: "?part=rest", import: "default" },
);
export const loadWholeEnglish = async () =>
  (await import("../../domain/text/catalogs/en-GB.json")).default as unknown as Catalog;

function isPseudoLocale(value: unknown): value is PseudoLocale {
  return typeof value === "string" && (PSEUDO_LOCALES as readonly string[]).includes(value);
}

/** The language chosen on this phone, else the first of the phone's own languages the app speaks. */
export function chosenLocale(): AnyLocale {
  const stored = localStore.get(STORAGE_KEYS.language);
  if (isLocale(stored) || isPseudoLocale(stored)) return stored;
  return matchLocale(typeof navigator === "undefined" ? [] : navigator.languages);
}

const catalogPath = (locale: Locale) => `../../domain/text/catalogs/${locale}.json`;

/** A language's first screen's messages. */
async function startOf(locale: AnyLocale): Promise<Catalog> {
  if (locale === DEFAULT_LOCALE) return englishStart as Catalog;
  // Only the tests' pseudo-locales need it: not part of the first screen's code.
  if (isPseudoLocale(locale)) return wholeOf(locale);
  const load = startLoaders[catalogPath(locale)];
  if (!load) throw new Error(`No catalog for ${locale}`);
  return load();
}

/** A language's every message. */
async function wholeOf(locale: AnyLocale): Promise<Catalog> {
  if (locale === DEFAULT_LOCALE) return loadWholeEnglish();
  if (isPseudoLocale(locale))
    return (await import("../../domain/text/i18n/pseudo")).pseudoCatalog(await loadWholeEnglish(), locale);
  const [start, rest] = await Promise.all([startOf(locale), restLoaders[catalogPath(locale)]?.()]);
  if (!rest) throw new Error(`No catalog for ${locale}`);
  return { ...start, ...rest };
}

let current: Translator = recordingShown(createTranslator(DEFAULT_LOCALE, englishStart as Catalog));
/** Whether `current` has every message of its language, or only its first screen's. */
let whole = false;
let wholeArrived: Promise<void> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function activate(translator: Translator, complete: boolean): void {
  current = recordingShown(translator);
  whole = complete;
  // The failures' words too, so a wrong one can be reported by a tap as any other.
  wordFailuresIn(current);
  // The build's prerender has no document: its pages are English, as index.html says.
  if (typeof document !== "undefined") {
    document.documentElement.lang = translator.locale;
    document.documentElement.dir = textDirection(translator.locale);
  }
  for (const listener of listeners) listener();
}

/**
 * The current language's every message, fetched once: the screens after the first wait for it (their code is
 * fetched at the same time), and a screen drawn before it arrived is drawn again with it.
 */
export function wholeCatalog(): Promise<void> {
  if (whole) return Promise.resolve();
  const locale = current.locale;
  wholeArrived ??= wholeOf(locale).then(
    (catalog) => {
      if (current.locale === locale) activate(createTranslator(locale, catalog), true);
    },
    (error: unknown) => {
      // Tried again by the next screen that needs it (a phone back in signal, say).
      wholeArrived = null;
      throw error;
    },
  );
  return wholeArrived;
}

/** Before the first render: the chosen language's first screen, so it is drawn in it; the rest follows. */
export async function startInChosenLocale(): Promise<void> {
  const locale = chosenLocale();
  try {
    if (locale !== DEFAULT_LOCALE) activate(createTranslator(locale, await startOf(locale)), false);
  } catch (error) {
    // A catalog that cannot be fetched leaves the app in English rather than not at all.
    console.warn(`The ${locale} catalog could not be loaded`, error);
  }
}

/** The header's menu: the language is kept on this phone and every screen redrawn in it, nothing typed lost. */
export async function chooseLocale(locale: AnyLocale): Promise<void> {
  const catalog = await wholeOf(locale);
  localStore.set(STORAGE_KEYS.language, locale);
  wholeArrived = null;
  activate(createTranslator(locale, catalog), true);
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
 * The language last chosen for a client's copy on this phone; until one is chosen, the sender's company's (English
 * without one). "Both" only while the app is in a language beside English.
 */
export function chosenDocumentLanguage(companyLanguage: Locale | null = null): DocumentLanguage {
  const stored = localStore.get(STORAGE_KEYS.documentLanguage);
  const chosen =
    DOCUMENT_LANGUAGES.find((language) => language === stored) ?? companyLanguage ?? DEFAULT_LOCALE;
  return chosen === "both" && senderLocale() === DEFAULT_LOCALE ? DEFAULT_LOCALE : chosen;
}

export function chooseDocumentLanguage(language: DocumentLanguage): void {
  localStore.set(STORAGE_KEYS.documentLanguage, language);
}
