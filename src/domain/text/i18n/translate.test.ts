import { describe, expect, it } from "vitest";
import english from "../catalogs/en-GB.json";
import { pseudoCatalog, pseudoText } from "./pseudo";
import { bilingualTranslator, type Catalog, createTranslator, intlLocale, textDirection } from "./translate";

const photos = {
  "photos.attached": "{count, plural, one {# zdjęcie} few {# zdjęcia} many {# zdjęć} other {# zdjęcia}}",
} as unknown as Catalog;

describe("createTranslator", () => {
  it("fills placeholders", () => {
    expect(
      createTranslator("en-GB", english as Catalog).t("language.buttonLabel", { language: "English" }),
    ).toBe("Language: English");
  });

  it("chooses plural forms by the language's CLDR rules", () => {
    const t = createTranslator("pl", photos).t as (key: string, values: { count: number }) => string;
    expect([1, 2, 5, 22, 25].map((count) => t("photos.attached", { count }))).toEqual([
      "1 zdjęcie",
      "2 zdjęcia",
      "5 zdjęć",
      "22 zdjęcia",
      "25 zdjęć",
    ]);
  });
});

it("formats Portuguese as in Portugal and the pseudo-locales as British English, ar-XB right to left", () => {
  expect(intlLocale("pt")).toBe("pt-PT");
  expect(intlLocale("en-XA")).toBe("en-GB");
  expect(textDirection("ar-XB")).toBe("rtl");
  expect(textDirection("bg")).toBe("ltr");
});

describe("pseudo-locales", () => {
  it("accent, lengthen and bracket every message, keeping its placeholders", () => {
    const t = createTranslator("en-XA", pseudoCatalog(english as Catalog, "en-XA")).t;
    expect(t("language.buttonLabel", { language: "Polski" })).toBe(`[${pseudoText("Language: ")}Polski]`);
    expect(pseudoText("Logout").length).toBeGreaterThanOrEqual(Math.ceil("Logout".length * 1.3));
    expect(pseudoText("Logout")).not.toMatch(/[a-z]/);
  });

  it("mark ar-XB right to left", () => {
    const t = createTranslator("ar-XB", pseudoCatalog(english as Catalog, "ar-XB")).t;
    expect(t("header.logout")).toBe(`\u200F[${pseudoText("Logout")}]\u200F`);
  });
});

describe("bilingualTranslator", () => {
  const english = createTranslator("en-GB", {
    "a.label": "Plant number",
    "a.same": "OK",
  } as unknown as Catalog);
  const polish = createTranslator("pl", { "a.label": "Numer maszyny", "a.same": "OK" } as unknown as Catalog);
  const t = bilingualTranslator(english, polish).t as (key: string) => string;

  it("gives each message in both languages, and once where they agree", () => {
    expect(t("a.label")).toBe("Plant number / Numer maszyny");
    expect(t("a.same")).toBe("OK");
  });

  it("is the one language when both are the same", () => {
    expect(bilingualTranslator(english, english)).toBe(english);
  });
});
