/** A value that goes into JSON text as it is. */
export type JsonScalar = string | number | boolean | null;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function notAnObject(): Error {
  return new Error("The stored JSON is not an object.");
}

function skipSpace(text: string, at: number): number {
  let i = at;
  for (;;) {
    const c = text.charCodeAt(i);
    // Space, tab, line feed, carriage return: the only whitespace JSON has.
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return i;
    i++;
  }
}

/** Just past the closing quote of the string whose opening quote is at `at`. */
function stringEnd(text: string, at: number): number {
  let i = at;
  for (;;) {
    i = text.indexOf('"', i + 1);
    if (i < 0) throw notAnObject();
    // The quote ends the string unless an odd number of backslashes escapes it.
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return i + 1;
  }
}

/** Just past the value that starts at `at`: nested objects and arrays are skipped by their brackets. */
function valueEnd(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return stringEnd(text, at);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    let i = at;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        i = stringEnd(text, i);
        continue;
      }
      if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) return i + 1;
      } else if (Number.isNaN(c)) throw notAnObject();
      i++;
    }
  }
  // A number, true, false or null: up to what follows it.
  let i = at;
  for (;;) {
    const c = text.charCodeAt(i);
    if (
      c === COMMA ||
      c === CLOSE_BRACE ||
      c === CLOSE_BRACKET ||
      c === 0x20 ||
      c === 0x09 ||
      c === 0x0a ||
      c === 0x0d
    )
      break;
    if (Number.isNaN(c)) throw notAnObject();
    i++;
  }
  if (i === at) throw notAnObject();
  return i;
}

/**
 * Which of `names` the key between `start` and `end` (its quotes) is, or -1; `escaped` tells whether the key holds
 * a backslash. Compared in place: making a string of every key to look it up cost more than the rest of reading.
 */
function nameIndex(
  json: string,
  start: number,
  end: number,
  escaped: boolean,
  names: readonly string[],
): number {
  // A key written with escapes is compared as what it stands for.
  if (escaped) return names.indexOf(JSON.parse(json.slice(start, end)) as string);
  const length = end - start - 2;
  for (let n = 0; n < names.length; n++) {
    const name = names[n]!;
    if (name.length === length && json.startsWith(name, start + 1)) return n;
  }
  return -1;
}

function memberText(name: string, value: JsonScalar): string {
  return `${JSON.stringify(name)}:${JSON.stringify(value)}`;
}

/**
 * The JSON text of an object with some members set, as `JSON.stringify(Object.assign(JSON.parse(json), fields))`
 * would give for text that JSON.stringify made, but without parsing it: a member that is there gets its new value
 * in place, one that is not is added at the end, and everything else is copied as it is, its values skipped by
 * their quotes and brackets rather than read. A stored form is answered this way: its 20-odd KB of text went
 * through JSON.parse and JSON.stringify for no change but these few fields, which cost more than all the rest of
 * the request. Throws when the text is not a JSON object; values inside it are not checked.
 */
export function assignJsonMembers(json: string, fields: Readonly<Record<string, JsonScalar>>): string {
  const names = Object.keys(fields);
  const done = names.map(() => false);
  const parts: string[] = [];
  let copiedTo = 0;
  let i = skipSpace(json, 0);
  if (json.charCodeAt(i) !== OPEN_BRACE) throw notAnObject();
  i = skipSpace(json, i + 1);
  let members = 0;
  // The first backslash at or after the key being read (-1: none left), found once per backslash, not per key.
  let backslash = json.indexOf("\\");
  // Where the last member copied as it was ends, and where the last member of all ends.
  let previousEnd = i;
  let lastEnd = i;
  if (json.charCodeAt(i) !== CLOSE_BRACE) {
    for (;;) {
      if (json.charCodeAt(i) !== QUOTE) throw notAnObject();
      const keyStart = i;
      const keyEnd = stringEnd(json, i);
      i = skipSpace(json, keyEnd);
      if (json.charCodeAt(i) !== COLON) throw notAnObject();
      const start = skipSpace(json, i + 1);
      const end = valueEnd(json, start);
      if (backslash >= 0 && backslash < keyStart) backslash = json.indexOf("\\", keyStart);
      const n = nameIndex(json, keyStart, keyEnd, backslash >= 0 && backslash < keyEnd, names);
      if (n >= 0) {
        if (done[n]) {
          // JSON.parse keeps the last of repeated keys; one key, once, is answered.
          parts.push(json.slice(copiedTo, previousEnd));
        } else {
          parts.push(json.slice(copiedTo, start), JSON.stringify(fields[names[n]!]));
          done[n] = true;
          previousEnd = end;
        }
        copiedTo = end;
      } else {
        previousEnd = end;
      }
      members++;
      lastEnd = end;
      i = skipSpace(json, end);
      const next = json.charCodeAt(i);
      if (next === CLOSE_BRACE) break;
      if (next !== COMMA) throw notAnObject();
      i = skipSpace(json, i + 1);
    }
  }
  if (skipSpace(json, i + 1) !== json.length) throw notAnObject();
  parts.push(json.slice(copiedTo, previousEnd));
  let separator = members > 0 ? "," : "";
  for (let n = 0; n < names.length; n++) {
    if (done[n]) continue;
    const name = names[n]!;
    parts.push(separator, memberText(name, fields[name]!));
    separator = ",";
  }
  parts.push(json.slice(lastEnd, i), "}");
  return parts.join("");
}

/** The UTF-8 bytes of a text. Text that is all ASCII, as most forms are, is the same bytes as Latin-1, a plain copy. */
export function utf8Bytes(text: string): Buffer {
  return Buffer.byteLength(text) === text.length ? Buffer.from(text, "latin1") : Buffer.from(text);
}
