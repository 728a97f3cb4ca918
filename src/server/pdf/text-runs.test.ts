import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type FontChoice, textRuns } from "./text-runs";

const COVERAGE: Record<string, (char: string) => boolean> = {
  Latin: (char) => /^[\p{Script=Latin}\p{Nd} .,:'()\-\u0301]$/u.test(char),
  Arabic: (char) => /^\p{Script=Arabic}$/u.test(char),
  Emoji: (char) => /^\p{Extended_Pictographic}$/u.test(char) || char === "\u200d" || char === "\ufe0f",
};

const fonts: FontChoice = {
  fontFor: (char) => Object.keys(COVERAGE).find((font) => COVERAGE[font]!(char)) ?? null,
  has: (font, char) => COVERAGE[font]!(char),
  missing: { font: "Box", text: "□" },
};

const runs = (line: string) => textRuns(line, fonts).map(({ font, text }) => `${font}:${text}`);

describe("textRuns", () => {
  it("keeps text one font has as one run", () => {
    expect(runs("Łukasz Wójcik-Śliwiński")).toEqual(["Latin:Łukasz Wójcik-Śliwiński"]);
  });

  it("draws what the first font lacks in the next font that has it", () => {
    expect(runs("Ana 😀 Lee")).toEqual(["Latin:Ana ", "Emoji:😀", "Latin: Lee"]);
  });

  it("keeps joiners and marks with the character before them, or leaves out a joiner its font lacks", () => {
    expect(runs("👨\u200d👩\u200d👧 ok")).toEqual(["Emoji:👨\u200d👩\u200d👧", "Latin: ok"]);
    expect(runs("Ze\u0301 a\u200db")).toEqual(["Latin:Ze\u0301 ab"]);
  });

  it("draws a box, in the box's font, for a character no font has", () => {
    expect(runs("A中B")).toEqual(["Latin:A", "Box:□", "Latin:B"]);
  });

  it("puts right-to-left words in reading order inside a left-to-right line", () => {
    expect(runs("Ahmed محمد علي Smith")).toEqual([
      "Latin:Ahmed ",
      "Arabic:علي",
      "Latin: ",
      "Arabic:محمد",
      "Latin: Smith",
    ]);
  });

  it("lays out a right-to-left line from the right, numbers and Latin words still left to right", () => {
    expect(runs("محمد علي")).toEqual(["Arabic:علي", "Latin: ", "Arabic:محمد"]);
    expect(runs("شركة ABC للبناء")).toEqual([
      "Arabic:للبناء",
      "Latin: ",
      "Latin:ABC",
      "Latin: ",
      "Arabic:شركة",
    ]);
    expect(runs("شارع 12")).toEqual(["Latin:12", "Latin: ", "Arabic:شارع"]);
  });

  it("keeps every character of a line, and the order of one without right-to-left letters", () => {
    const char = fc.constantFrom(..."aé zZ1 .,-ال😀中");
    fc.assert(
      fc.property(fc.array(char, { maxLength: 30 }), (chars) => {
        const line = chars.join("");
        const drawn = textRuns(line, fonts)
          .map((run) => run.text)
          .join("");
        const expected = line.replace(/中/g, "□");
        expect([...drawn].sort()).toEqual([...expected].sort());
        if (!/\p{Script=Arabic}/u.test(line)) expect(drawn).toBe(expected);
      }),
    );
  });
});
