import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { type Catalog, isPlainText, type PseudoLocale } from "./translate";

const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ACCENTS = [..."àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"];
const ACCENTED = new Map([...PLAIN].map((letter, index) => [letter, ACCENTS[index] as string]));

/** Accented, and about 40% longer (each vowel doubled), so a hard-coded word or a cut-off label shows at once. */
export function pseudoText(text: string): string {
  return [...text]
    .map((character) => {
      const accented = ACCENTED.get(character) ?? character;
      return /[aeiouAEIOU]/.test(character) ? accented + accented : accented;
    })
    .join("");
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.entries(element.options).map(([option, branch]) => [
        option,
        { ...branch, value: pseudoElements(branch.value) },
      ]);
      return { ...element, options: Object.fromEntries(options) };
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

const RIGHT_TO_LEFT_MARK = "\u200F";

/**
 * A pseudo-locale's catalog from the English one: each message accented, lengthened and in brackets; ar-XB is
 * also marked right to left. Placeholders and plurals are kept, so every screen can be drawn in it.
 */
export function pseudoCatalog(english: Catalog, locale: PseudoLocale): Catalog {
  const mark = locale === "ar-XB" ? RIGHT_TO_LEFT_MARK : "";
  const entries = Object.entries<Catalog[keyof Catalog]>(english).map(([key, message]) => {
    // In the browser a catalog's messages are syntax trees, or plain text (and there is no parser there).
    const elements: MessageFormatElement[] =
      typeof message !== "string"
        ? message
        : isPlainText(message)
          ? [{ type: TYPE.literal, value: message }]
          : parse(message);
    const wrapped: MessageFormatElement[] = [
      { type: TYPE.literal, value: `${mark}[` },
      ...pseudoElements(elements),
      { type: TYPE.literal, value: `]${mark}` },
    ];
    return [key, wrapped];
  });
  return Object.fromEntries(entries) as Catalog;
}
