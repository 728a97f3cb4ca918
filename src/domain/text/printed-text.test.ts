import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isJoiner, printedText, unprintableCharacters } from "./printed-text";

/** A stand-in for a document's fonts: Latin script, digits, spaces and common punctuation. */
const latinOnly = (codePoint: number) =>
  /[\p{Script=Latin}\p{Nd} .,'’\-&/()]/u.test(String.fromCodePoint(codePoint));

describe("printedText", () => {
  it("composes letters typed as a base and a mark", () => {
    expect(printedText("Lly\u0302r")).toBe("Llŷr");
    expect(printedText("S\u0301liwin\u0301ski")).toBe("Śliwiński");
  });

  it("makes every line break a newline and a tab a space", () => {
    expect(printedText("a\r\nb\rc\u2028d\u2029e\u0085f\tg")).toBe("a\nb\nc\nd\ne\nf g");
  });

  it("leaves out control codes, bidi controls and invisible formatting, keeping joiners", () => {
    expect(printedText("Ann\u0000a\u0007 \u202eevil\u202c \u2066x\u2069 soft\u00adhyphen \ufeffbom")).toBe(
      "Anna evil x softhyphen bom",
    );
    expect(printedText("👨\u200d👩\u200d👧 ❤\ufe0f")).toBe("👨\u200d👩\u200d👧 ❤\ufe0f");
  });

  it("keeps no control code but the newline, and is the same when applied twice", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (text) => {
        const printed = printedText(text);
        const shown = [...printed].filter((char) => char !== "\n");
        expect(shown.filter((char) => /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(char))).toEqual([]);
        expect(printedText(printed)).toBe(printed);
      }),
    );
  });
});

describe("unprintableCharacters", () => {
  it("finds nothing in names the fonts can print", () => {
    expect(unprintableCharacters("Łukasz Wójcik-Śliwiński\nZoë Ağaoğlu", latinOnly)).toEqual([]);
  });

  it("lists each character the fonts cannot print once, in the order they first appear", () => {
    expect(unprintableCharacters("Ana 😀 Ωmega 😀 Ω 中", latinOnly)).toEqual(["😀", "Ω", "中"]);
  });

  it("does not count line breaks, joiners, controls or invisible formatting", () => {
    expect(unprintableCharacters("a\nb\u200dc\ufe0f\u0000\u202e\u00ad\t", latinOnly)).toEqual([]);
  });

  it("holds exactly the printed characters the fonts reject", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (text) => {
        const found = unprintableCharacters(text, latinOnly);
        expect(new Set(found).size).toBe(found.length);
        const printed = [...printedText(text)];
        for (const char of found) {
          expect(printed).toContain(char);
          expect(latinOnly(char.codePointAt(0)!)).toBe(false);
        }
        for (const char of printed) {
          const rejected = char !== "\n" && !isJoiner(char) && !latinOnly(char.codePointAt(0)!);
          expect(found.includes(char)).toBe(rejected);
        }
      }),
    );
  });
});
