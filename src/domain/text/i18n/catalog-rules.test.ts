import { describe, expect, it } from "vitest";
import { catalogProblems, messageShape, unusedKeys } from "./catalog-rules";

const english = {
  "photos.attached": "{count, plural, one {# photo attached} other {# photos attached}}",
  greeting: "Hello {name}",
  role: "{role, select, driver {Driver} admin {Admin} other {Someone}}",
};

describe("catalogProblems", () => {
  it("accepts a complete translation with Polish's plural forms", () => {
    const polish = {
      "photos.attached": "{count, plural, one {# zdjęcie} few {# zdjęcia} many {# zdjęć} other {# zdjęcia}}",
      greeting: "Dzień dobry {name}",
      role: "{role, select, driver {Kierowca} admin {Administrator} other {Ktoś}}",
    };
    expect(catalogProblems(english, polish, "pl")).toEqual([]);
  });

  it("names a key missing, one extra, a placeholder renamed, a select branch lost and a plural form lacking", () => {
    const broken = {
      "photos.attached": "{count, plural, one {# zdjęcie} other {# zdjęcia}}",
      role: "{role, select, driver {Kierowca} other {Ktoś}}",
      "greeting.extra": "Hej",
    };
    expect(catalogProblems(english, broken, "pl")).toEqual([
      "pl: greeting is missing",
      "pl: photos.attached has no few, many form for {count}",
      "pl: role selects role:driver, role:other, English role:admin, role:driver, role:other",
      "pl: greeting.extra is not in the English catalog",
    ]);
    expect(catalogProblems(english, { ...english, greeting: "Hello {nmae}" }, "en-GB")).toEqual([
      "en-GB: greeting has {nmae:text}, English has {name:text}",
    ]);
  });

  it("names a message that does not parse", () => {
    expect(catalogProblems(english, { ...english, greeting: "Hello {name" }, "en-GB")).toEqual([
      expect.stringMatching(/^en-GB: greeting does not parse/),
    ]);
  });
});

it("a message's shape lists its arguments by kind", () => {
  expect(
    messageShape("{n, number} of {total, plural, other {#}} on {day, date, short} by {who}").arguments,
  ).toEqual(["day:date", "n:number", "total:plural", "who:text"]);
});

it("a key no source names is unused", () => {
  expect(unusedKeys(["a.used", "a.unused"], ['t("a.used")'])).toEqual(["a.unused"]);
});
