/**
 * Marks that join or vary the character before them: zero-width joiner and non-joiner, variation selectors and
 * emoji tags. They are drawn as part of that character (an emoji sequence, a text or emoji style) when its font
 * knows them and are otherwise left out, as a screen does; they never print on their own.
 */
const JOINERS: readonly (readonly [number, number])[] = [
  [0x200c, 0x200d],
  [0xfe00, 0xfe0f],
  [0xe0020, 0xe007f],
  [0xe0100, 0xe01ef],
];

/** Control codes and invisible formatting (bidi controls, byte-order marks, soft hyphens): nothing to print. */
const INVISIBLE = /[\p{Cc}\p{Default_Ignorable_Code_Point}]/gu;

export function isJoiner(char: string): boolean {
  const codePoint = char.codePointAt(0) ?? 0;
  return (
    char.length === String.fromCodePoint(codePoint).length &&
    JOINERS.some(([first, last]) => codePoint >= first && codePoint <= last)
  );
}

/**
 * Text as a printed document shows it: composed (NFC, so "ŷ" typed as "y" and a circumflex is one letter),
 * every kind of line break a "\n", tabs a space, and control codes and invisible formatting left out. Bidi
 * overrides are among those: a printed line shows its characters in the order they were typed, whatever
 * direction the writer forced on screen.
 */
export function printedText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, "\n")
    .replace(/\t/g, " ")
    .replace(INVISIBLE, (char) => (char === "\n" || isJoiner(char) ? char : ""));
}

/**
 * The characters of a text that a document cannot print, given what its fonts can draw: each once, in the order
 * they first appear. A document shows a box in their place. Line breaks, joiners and the invisible characters
 * that `printedText` leaves out are not among them: nothing of them was meant to show.
 */
export function unprintableCharacters(text: string, canPrint: (codePoint: number) => boolean): string[] {
  const found = new Set<string>();
  for (const char of printedText(text)) {
    if (char === "\n" || isJoiner(char)) continue;
    if (!canPrint(char.codePointAt(0)!)) found.add(char);
  }
  return [...found];
}
