import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, matchLocale } from "./locales";

describe("matchLocale", () => {
  it("takes the first language the app speaks, by its language alone", () => {
    expect(matchLocale(["pl-PL", "en-GB"])).toBe("pl");
    expect(matchLocale(["de-DE", "ro-RO", "en"])).toBe("ro");
    expect(matchLocale(["pt-BR"])).toBe("pt");
    expect(matchLocale(["bg"])).toBe("bg");
    expect(matchLocale(["LT_lt"])).toBe("lt");
    expect(matchLocale(["en-US", "pl"])).toBe("en-GB");
  });

  it("falls back to English for none it speaks, or no list at all", () => {
    expect(matchLocale([])).toBe(DEFAULT_LOCALE);
    expect(matchLocale(["de-DE", "fr", ""])).toBe("en-GB");
  });

  it("always answers a language the app speaks, and the first one it speaks in the list", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom("pl-PL", "ro", "en-US", "pt-PT", "bg-BG", "lt"), fc.string())),
        (tags) => {
          const chosen = matchLocale(tags);
          expect(isLocale(chosen)).toBe(true);
          const firstSpoken = tags.findIndex(
            (tag) => matchLocale([tag]) !== DEFAULT_LOCALE || /^\s*en(?:[-_]|$)/i.test(tag),
          );
          if (firstSpoken === -1) expect(chosen).toBe(DEFAULT_LOCALE);
          else expect(chosen).toBe(matchLocale([tags[firstSpoken] as string]));
        },
      ),
    );
  });
});

it("names every language in itself", () => {
  expect(Object.keys(LOCALE_NAMES).sort()).toEqual([...LOCALES].sort());
  expect(LOCALE_NAMES.pl).toBe("Polski");
  expect(LOCALE_NAMES.bg).toBe("Български");
});
