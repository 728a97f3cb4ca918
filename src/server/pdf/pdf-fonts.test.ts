import { describe, expect, it } from "vitest";
import { MISSING_CHARACTER, pdfFonts, unprintableInForm } from "./pdf-fonts";

const fonts = pdfFonts();
const fontOf = (char: string, style: "regular" | "bold" | "italic" = "regular") =>
  fonts.choice(style).fontFor(char);

describe("pdfFonts", () => {
  it("draws European names in Noto Sans, in each style", () => {
    for (const char of "ŁóśńŷȘșăĂžūŠáÓüëğ€ß") {
      expect(fontOf(char)).toBe("NotoSans-Regular");
      expect(fontOf(char, "bold")).toBe("NotoSans-Bold");
      expect(fontOf(char, "italic")).toBe("NotoSans-Italic");
    }
  });

  it("falls back to Noto Sans Arabic, Noto Sans SC, Noto Emoji and DejaVu Sans, in that order", () => {
    expect(fontOf("م")).toBe("NotoSansArabic-Regular");
    expect(fontOf("王")).toBe("NotoSansHans-Regular");
    expect(fontOf("ア")).toBe("NotoSansHans-Regular");
    expect(fontOf("😀")).toBe("NotoEmoji-Regular");
    expect(fontOf("ש")).toBe("DejaVuSans");
    expect(fontOf("ა")).toBe("DejaVuSans");
    expect(fontOf(MISSING_CHARACTER)).not.toBeNull();
  });

  it("has no font for Hangul or Egyptian hieroglyphs, which print as boxes", () => {
    expect(fontOf("한")).toBeNull();
    expect(fonts.canPrint("한".codePointAt(0)!)).toBe(false);
    expect(fonts.canPrint("𓀀".codePointAt(0)!)).toBe(false);
    expect(fonts.canPrint("Ł".codePointAt(0)!)).toBe(true);
  });

  it("can print in bold and italic whatever it can print in regular", () => {
    for (let codePoint = 0x20; codePoint < 0x3000; codePoint++) {
      const char = String.fromCodePoint(codePoint);
      const regular = fontOf(char) !== null;
      expect({ codePoint, bold: fontOf(char, "bold") !== null }).toEqual({ codePoint, bold: regular });
      expect({ codePoint, italic: fontOf(char, "italic") !== null }).toEqual({ codePoint, italic: regular });
    }
  });

  it("lists the characters of a form's text that its PDF prints as boxes", () => {
    expect(unprintableInForm({ driverSignedName: "Łukasz 한", mondayBreak: 30, notes: "𓀀 ok 한" })).toEqual([
      "한",
      "𓀀",
    ]);
    expect(unprintableInForm({ driverSignedName: "Zoë Ağaoğlu", photos: ["/objects/1.jpg"] })).toEqual([]);
  });
});
