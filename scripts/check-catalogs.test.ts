import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogProblems, unusedKeys } from "../src/domain/text/i18n/catalog-rules";
import { LOCALES } from "../src/domain/text/i18n/locales";

// The build's checks of the catalog files (kept out of src/domain, which reads no files): every language complete
// and consistent with English, and no message kept that nothing shows.
const catalogsDir = join(import.meta.dirname, "../src/domain/text/catalogs");
const readCatalog = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(catalogsDir, `${locale}.json`), "utf8")) as Record<string, string>;
const english = readCatalog("en-GB");

describe.each(LOCALES.filter((locale) => locale !== "en-GB"))("the %s catalog", (locale) => {
  it("has every English key, no other, and the same placeholders, selects and the plural forms it needs", () => {
    expect(catalogProblems(english, readCatalog(locale), locale)).toEqual([]);
  });
});

/** Each catalog's metadata, apart from its messages: whether a native speaker has read it, for whoever corrects it. */
const STATUS_FILE = join(catalogsDir, "meta/status.json");

it("every catalog file is a language the app offers", () => {
  const files = readdirSync(catalogsDir).filter((file) => file.endsWith(".json"));
  expect(files.map((file) => file.replace(/\.json$/, "")).sort()).toEqual([...LOCALES].sort());
});

it("every catalog says in its metadata whether a native speaker has reviewed it", () => {
  const status = JSON.parse(readFileSync(STATUS_FILE, "utf8")) as Record<
    string,
    { status: string; note: string }
  >;
  expect(Object.keys(status).sort()).toEqual([...LOCALES].sort());
  for (const locale of LOCALES) {
    expect(["source", "awaiting native review", "reviewed"], locale).toContain(status[locale]!.status);
    expect(status[locale]!.note.trim(), locale).not.toBe("");
  }
  expect(status["en-GB"]!.status).toBe("source");
});

it("every English message parses and is used by the code", () => {
  expect(catalogProblems(english, english, "en-GB")).toEqual([]);
  const srcDir = join(import.meta.dirname, "../src");
  const sources = readdirSync(srcDir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => readFileSync(join(srcDir, file), "utf8"));
  expect(unusedKeys(Object.keys(english), sources), `unused in ${relative(process.cwd(), srcDir)}`).toEqual(
    [],
  );
});
