import { isJoiner } from "../../domain/text/printed-text";

/** A piece of a line drawn in one font, in the order it is drawn, left to right. */
export interface TextRun {
  font: string;
  text: string;
}

/** Which font draws what: the first font that has a character, and whether a given font has it. */
export interface FontChoice {
  fontFor(char: string): string | null;
  has(font: string, char: string): boolean;
  /** What is drawn, and in which font, for a character that no font has. */
  missing: TextRun;
}

const RIGHT_TO_LEFT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
const MARK = /\p{M}/u;

type Direction = "ltr" | "rtl" | "neutral";

/** Letters have a direction; digits read left to right in any script; the rest takes its neighbours'. */
function directionOf(char: string): Direction {
  if (/\p{N}/u.test(char)) return "ltr";
  if (!/\p{L}/u.test(char)) return "neutral";
  return RIGHT_TO_LEFT.test(char) ? "rtl" : "ltr";
}

interface Piece extends TextRun {
  direction: Direction;
  level: number;
}

/**
 * A line of text as runs of one font each, in drawing order. Each character goes to the first font that has it
 * (a joiner or mark stays with the character before it when that font has it); one no font has becomes the
 * missing-character box. Right-to-left words are put in reading order the way the Unicode bidi algorithm does
 * for text without explicit controls: the line's direction is its first letter's, neutral characters between
 * two letters of one direction take theirs, and runs are reversed level by level. The font's shaping then lays
 * out each right-to-left run from right to left. A line without a right-to-left letter (nearly every line) is all
 * at level 0, so its characters' directions are not looked up: that would cost more than the rest.
 */
export function textRuns(line: string, fonts: FontChoice): TextRun[] {
  const bidi = RIGHT_TO_LEFT.test(line);
  const pieces: Piece[] = [];
  for (const char of line) {
    const previous = pieces.at(-1);
    if (previous && (isJoiner(char) || MARK.test(char))) {
      if (fonts.has(previous.font, char)) {
        previous.text += char;
        continue;
      }
      if (isJoiner(char)) continue;
    }
    const font = fonts.fontFor(char);
    pieces.push(
      font
        ? { font, text: char, direction: bidi ? directionOf(char) : "ltr", level: 0 }
        : { ...fonts.missing, direction: "neutral", level: 0 },
    );
  }
  if (bidi) {
    const paragraph = pieces.find(
      (piece) => piece.direction === "rtl" || piece.direction === "ltr",
    )?.direction;
    resolveLevels(pieces, paragraph === "rtl" ? "rtl" : "ltr");
  }
  const runs: Piece[] = [];
  for (const piece of pieces) {
    const last = runs.at(-1);
    if (last && last.font === piece.font && last.level === piece.level) last.text += piece.text;
    else runs.push({ ...piece });
  }
  const highest = Math.max(0, ...runs.map((run) => run.level));
  for (let level = highest; level >= 1; level--) reverseFrom(runs, level);
  return runs.map(({ font, text }) => ({ font, text }));
}

/** Bidi levels: 0 for left-to-right in a left-to-right line, 1 for right-to-left, 2 for left-to-right in a right-to-left line. */
function resolveLevels(pieces: Piece[], paragraph: "ltr" | "rtl"): void {
  const levelOf = (direction: "ltr" | "rtl") => (direction === "rtl" ? 1 : paragraph === "rtl" ? 2 : 0);
  pieces.forEach((piece, index) => {
    if (piece.direction !== "neutral") {
      piece.level = levelOf(piece.direction);
      return;
    }
    const before = strongDirection(pieces, index, -1) ?? paragraph;
    const after = strongDirection(pieces, index, 1) ?? paragraph;
    piece.level = levelOf(before === after ? before : paragraph);
  });
}

function strongDirection(pieces: readonly Piece[], from: number, step: 1 | -1): "ltr" | "rtl" | undefined {
  for (let i = from + step; i >= 0 && i < pieces.length; i += step) {
    const direction = pieces[i]!.direction;
    if (direction !== "neutral") return direction;
  }
  return undefined;
}

/** Reverses, in place, every stretch of runs at `level` or above. */
function reverseFrom(runs: Piece[], level: number): void {
  let start = -1;
  for (let i = 0; i <= runs.length; i++) {
    const inside = i < runs.length && runs[i]!.level >= level;
    if (inside && start < 0) start = i;
    if (!inside && start >= 0) {
      const stretch = runs.slice(start, i).reverse();
      runs.splice(start, stretch.length, ...stretch);
      start = -1;
    }
  }
}
