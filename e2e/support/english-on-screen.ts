import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";

/** A language's catalog file, as the app's build reads it. */
export function catalogFile(locale: string): Record<string, string> {
  return JSON.parse(
    readFileSync(new URL(`../../src/domain/text/catalogs/${locale}.json`, import.meta.url), "utf8"),
  ) as Record<string, string>;
}

/** A language's catalog, read as the app's build reads it. */
export function catalog(locale: string): (key: string) => string {
  const messages = catalogFile(locale);
  return (key) => {
    const message = messages[key];
    if (message === undefined) throw new Error(`${locale} has no ${key}`);
    return message;
  };
}

const english = catalog("en-GB");
const polish = catalog("pl");

/**
 * The English words of these messages that a reader would meet: the whole message where it is plain text, else
 * each run of words between its placeholders (plural and select messages by their branches' words). Messages the
 * Polish catalog writes the same (names, numbers) are left out: they are not English on a Polish screen.
 */
export function englishWords(keys: readonly string[]): string[] {
  const words = new Set<string>();
  for (const key of keys) {
    const message = english(key);
    if (message === polish(key)) continue;
    const text = message.replaceAll("''", "'");
    // What lies between placeholders, and each plural or select branch's words.
    const parts = text
      .replace(/\{\w+\}/g, "¦")
      .replace(/\{\w+, (?:plural|select|number)[^{]*/g, "¦")
      .replace(/\}\s*\w+\s*\{/g, "¦")
      .split(/[¦{}#]/);
    for (const part of parts) {
      const trimmed = part.replace(/^[\s,:;.()'+-]+|[\s,:;.()'+-]+$/g, "");
      if (/\p{L}{3}/u.test(trimmed)) words.add(trimmed);
    }
  }
  return [...words];
}

/** The English words found in what the screen shows: its visible text, and the labels and hints of its controls. */
export async function englishOnScreen(page: Page, keys: readonly string[]): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const attributes = [...document.querySelectorAll("[aria-label], [placeholder], [title], [alt]")].flatMap(
      (element) =>
        ["aria-label", "placeholder", "title", "alt"].map((name) => element.getAttribute(name) ?? ""),
    );
    return [document.body.innerText, ...attributes].join("\n");
  });
  return englishWords(keys).filter((words) =>
    new RegExp(`(^|[^\\p{L}])${words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(shown),
  );
}

export async function scrollsSideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
