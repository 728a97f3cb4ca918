import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { create, type Font } from "fontkit";
import { unprintableCharacters } from "../../domain/text/printed-text";
import type { FontChoice, TextRun } from "./text-runs";

const require = createRequire(import.meta.url);

export type FontStyle = "regular" | "bold" | "italic";

/** The character drawn, as a visible box, for one that no font has. */
export const MISSING_CHARACTER = "\u25a1";

/** Noto Sans, in the document's three styles: Latin (every European language), Greek, Cyrillic, Vietnamese. */
const MAIN: Readonly<Record<FontStyle, string>> = {
  regular: require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf"),
  bold: require.resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf"),
  italic: require.resolve("@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf"),
};

/**
 * What Noto Sans lacks, first font first, each in its regular weight whatever the style: Arabic script, Chinese
 * and Japanese, emoji (drawn in black), then DejaVu Sans for Hebrew, Armenian, Georgian and many symbols (and
 * the box drawn for a character none of them has).
 */
const FALLBACKS: readonly string[] = [
  require.resolve("@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf"),
  join(dirname(require.resolve("@embedpdf/fonts-sc")), "../fonts/NotoSansHans-Regular.otf"),
  require.resolve("@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf"),
  require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
];

export interface PdfFonts {
  /**
   * Each font by the name a document registers it under, parsed once for every document: parsing a font's
   * tables again for each document would cost more than the rest of a render.
   */
  readonly fonts: ReadonlyMap<string, Font>;
  /** Which font draws which character in a style, for `textRuns`. */
  choice(style: FontStyle): FontChoice;
  /** Whether any font can draw a character: one that none can is printed as a box. */
  canPrint(codePoint: number): boolean;
}

let loaded: PdfFonts | undefined;

/** The fonts every PDF draws its text with, read once per process when the first PDF needs them. */
export function pdfFonts(): PdfFonts {
  loaded ??= loadFonts();
  return loaded;
}

function loadFonts(): PdfFonts {
  const open = (path: string) => {
    const font = create(readFileSync(path)) as Font;
    return { name: font.postscriptName, font };
  };
  const main = { regular: open(MAIN.regular), bold: open(MAIN.bold), italic: open(MAIN.italic) };
  const fallbacks = FALLBACKS.map(open);
  const byName = new Map([...Object.values(main), ...fallbacks].map((entry) => [entry.name, entry.font]));
  const boxFont = fallbacks.find((entry) =>
    entry.font.hasGlyphForCodePoint(MISSING_CHARACTER.codePointAt(0)!),
  );
  if (!boxFont) throw new Error("No PDF font has the missing-character box");
  const missing: TextRun = { font: boxFont.name, text: MISSING_CHARACTER };

  const fallbackFor = new Map<number, string | null>();
  const fallbackName = (codePoint: number) => {
    let name = fallbackFor.get(codePoint);
    if (name === undefined) {
      name = fallbacks.find((entry) => entry.font.hasGlyphForCodePoint(codePoint))?.name ?? null;
      fallbackFor.set(codePoint, name);
    }
    return name;
  };
  const choices = new Map<FontStyle, FontChoice>();
  for (const style of ["regular", "bold", "italic"] as const) {
    const first = main[style];
    const mainHas = new Map<number, boolean>();
    const inMain = (codePoint: number) => {
      let has = mainHas.get(codePoint);
      if (has === undefined) {
        has = first.font.hasGlyphForCodePoint(codePoint);
        mainHas.set(codePoint, has);
      }
      return has;
    };
    choices.set(style, {
      fontFor: (char) => {
        const codePoint = char.codePointAt(0)!;
        if (inMain(codePoint)) return first.name;
        // Bold and italic lack a few rare letters that regular has: those are printed upright.
        if (main.regular.font.hasGlyphForCodePoint(codePoint)) return main.regular.name;
        return fallbackName(codePoint);
      },
      has: (font, char) => byName.get(font)?.hasGlyphForCodePoint(char.codePointAt(0)!) ?? false,
      missing,
    });
  }
  const regular = choices.get("regular")!;
  return {
    fonts: byName,
    choice: (style) => choices.get(style)!,
    canPrint: (codePoint) => regular.fontFor(String.fromCodePoint(codePoint)) !== null,
  };
}

/** The characters of a form's text that its PDF prints as boxes, for the read-only view to point out. */
export function unprintableInForm(form: Readonly<Record<string, unknown>>): string[] {
  const texts = Object.values(form).filter((value): value is string => typeof value === "string");
  return unprintableCharacters(texts.join("\n"), pdfFonts().canPrint);
}
