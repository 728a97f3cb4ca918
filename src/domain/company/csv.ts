/**
 * Reading a CSV file as spreadsheets write it (RFC 4180, leniently): a comma or a semicolon between cells (Excel
 * writes a semicolon where the comma is the decimal mark), quoted cells that hold separators, quotes (doubled) and
 * line breaks, CRLF, LF or CR between records, and a UTF-8 byte order mark. Pure and small, so the domain owns it
 * and its tests can throw anything at it; the file's rows are read by the rules that use it.
 */

export type CsvSeparator = "," | ";";

export interface CsvRecord {
  /** The line of the file the record starts on, from 1: the row number a spreadsheet shows for it. */
  line: number;
  cells: string[];
}

export type CsvReading =
  | { ok: true; separator: CsvSeparator; records: CsvRecord[]; more: boolean }
  /** A quote opened on this line is never closed: everything after it would be one cell. */
  | { ok: false; unclosedQuoteLine: number };

const QUOTE = 34;
const LF = 10;
const CR = 13;
const COMMA = 44;
const SEMICOLON = 59;

/** Counts the separators of each kind outside quotes, from `from` up to the end of the line (or of the text). */
function separatorsOutsideQuotes(text: string, from: number, wholeText: boolean) {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = from; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) quoted = !quoted;
    else if (quoted) continue;
    else if (c === COMMA) commas += 1;
    else if (c === SEMICOLON) semicolons += 1;
    else if (!wholeText && (c === LF || c === CR)) break;
  }
  return { commas, semicolons };
}

/**
 * The separator of a file whose first line (its header) starts at `from`: the one the header uses more. A header
 * of one column uses neither, and then the file has one column: a separator written in it is a cell's text, and a
 * writer quotes cells holding its own separator, so the one seen unquoted is not the file's.
 */
function separatorOf(text: string, from: number): CsvSeparator {
  const header = separatorsOutsideQuotes(text, from, false);
  if (header.commas !== header.semicolons) return header.semicolons > header.commas ? ";" : ",";
  const all = separatorsOutsideQuotes(text, from, true);
  return all.commas > all.semicolons ? ";" : ",";
}

function lineBreaksIn(text: string): number {
  let breaks = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === LF) breaks += 1;
    else if (c === CR && text.charCodeAt(i + 1) !== LF) breaks += 1;
  }
  return breaks;
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

/**
 * The records of a CSV text, each with the line it starts on. Blank records (every cell empty or spaces, as the
 * ";;;" lines Excel leaves below a table) are left out. Reads at most `maxRecords` records; `more` says whether
 * the text holds another, so a file far over a limit is not read to its end. A first line "sep=;" (Excel's hint)
 * names the separator; otherwise the header decides (`separatorOf`). Text after a quoted cell's closing quote is
 * kept as typed, as spreadsheets do; a quote inside an unquoted cell is an ordinary character.
 */
export function parseCsv(text: string, maxRecords = Number.POSITIVE_INFINITY): CsvReading {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let separator: CsvSeparator;
  const hint = /^sep=([,;])(\r\n|\n|\r|$)/.exec(text.slice(i, i + 7));
  if (hint) {
    separator = hint[1] as CsvSeparator;
    i += hint[0].length;
    if (hint[2]) line += 1;
  } else separator = separatorOf(text, i);
  const separatorCode = separator.charCodeAt(0);

  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let recordLine = line;
  const n = text.length;
  while (i < n) {
    // At the start of a cell.
    let cell = "";
    if (text.charCodeAt(i) === QUOTE) {
      const openedOn = line;
      i += 1;
      for (;;) {
        const close = text.indexOf('"', i);
        if (close === -1) return { ok: false, unclosedQuoteLine: openedOn };
        const part = text.slice(i, close);
        line += lineBreaksIn(part);
        cell += part;
        if (text.charCodeAt(close + 1) === QUOTE) {
          cell += '"';
          i = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
    }
    let end = i;
    while (end < n) {
      const c = text.charCodeAt(end);
      if (c === separatorCode || c === LF || c === CR) break;
      end += 1;
    }
    cell += text.slice(i, end);
    cells.push(cell);
    i = end;
    if (i < n && text.charCodeAt(i) === separatorCode) {
      i += 1;
      // A separator at the very end: the record's last cell is empty.
      if (i === n) cells.push("");
      continue;
    }
    // The end of a record: a line break, or the end of the text.
    if (i < n) {
      i += text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line += 1;
    }
    if (!isBlank(cells)) {
      if (records.length >= maxRecords) return { ok: true, separator, records, more: true };
      records.push({ line: recordLine, cells });
    }
    cells = [];
    recordLine = line;
  }
  if (cells.length > 0 && !isBlank(cells)) {
    if (records.length >= maxRecords) return { ok: true, separator, records, more: true };
    records.push({ line: recordLine, cells });
  }
  return { ok: true, separator, records, more: false };
}
