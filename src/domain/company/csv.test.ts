import { stringify } from "csv-stringify/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";

const cellsOf = (text: string, max?: number) => {
  const reading = parseCsv(text, max);
  if (!reading.ok) throw new Error(`unclosed quote on line ${reading.unclosedQuoteLine}`);
  return reading.records.map((record) => record.cells);
};

describe("reading a CSV file", () => {
  it("reads cells between commas, records between line breaks of any kind", () => {
    expect(cellsOf("a,b\r\nc,d\ne,f\rg,h")).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
      ["g", "h"],
    ]);
    expect(cellsOf("a,b\r\n")).toEqual([["a", "b"]]);
    expect(cellsOf("")).toEqual([]);
  });

  it("keeps empty cells, spaces and a separator at the end of a record", () => {
    expect(cellsOf("a,,c\n ,b , \nx,\ny,")).toEqual([
      ["a", "", "c"],
      [" ", "b ", " "],
      ["x", ""],
      ["y", ""],
    ]);
  });

  it("reads quoted cells holding separators, doubled quotes and line breaks of every kind", () => {
    expect(cellsOf('name,notes\n"Smith, Jones","He said ""no""\r\nthen\ryes"\n"",x')).toEqual([
      ["name", "notes"],
      ["Smith, Jones", 'He said "no"\r\nthen\ryes'],
      ["", "x"],
    ]);
  });

  it("keeps text after a closing quote, and a quote inside an unquoted cell, as typed", () => {
    expect(cellsOf('a,b\n"x"y,5" tyre\n')).toEqual([
      ["a", "b"],
      ["xy", '5" tyre'],
    ]);
  });

  it("strips the byte order mark Excel's 'CSV UTF-8' starts with", () => {
    expect(cellsOf("\uFEFFQR code,Plant number\nA,B")).toEqual([
      ["QR code", "Plant number"],
      ["A", "B"],
    ]);
  });

  it("takes the separator the header uses: a semicolon where Excel writes one", () => {
    const reading = parseCsv("QR code;Plant number;Description\nEX-1;AX-1;8,5 tonne, midi\n");
    expect(reading).toEqual({
      ok: true,
      separator: ";",
      more: false,
      records: [
        { line: 1, cells: ["QR code", "Plant number", "Description"] },
        { line: 2, cells: ["EX-1", "AX-1", "8,5 tonne, midi"] },
      ],
    });
    expect(parseCsv("a,b;c\n")).toMatchObject({ separator: "," });
    // A semicolon inside a quoted header cell is not a separator.
    expect(parseCsv('"a;b;c",d\n')).toMatchObject({ separator: "," });
  });

  it("reads a file of one column whole, whichever separator its cells hold", () => {
    // Written with semicolons: a comma is not special, so a name holding one is not quoted.
    expect(cellsOf("Name\nSmith, Jones Ltd\nAcme\n")).toEqual([["Name"], ["Smith, Jones Ltd"], ["Acme"]]);
    expect(cellsOf("Name\nA; B\n")).toEqual([["Name"], ["A; B"]]);
  });

  it("follows Excel's sep= hint on the first line", () => {
    expect(parseCsv("sep=;\r\na;b,c\r\n")).toEqual({
      ok: true,
      separator: ";",
      more: false,
      records: [{ line: 2, cells: ["a", "b,c"] }],
    });
  });

  it("leaves out blank records, such as the ;;; lines below a table, and numbers records by their first line", () => {
    const reading = parseCsv('a;b\n;;\n  ; \n"x\ny";z\n\nlast;row\n;\n');
    expect(reading).toEqual({
      ok: true,
      separator: ";",
      more: false,
      records: [
        { line: 1, cells: ["a", "b"] },
        { line: 4, cells: ["x\ny", "z"] },
        { line: 7, cells: ["last", "row"] },
      ],
    });
  });

  it("says where a quote is opened and never closed", () => {
    expect(parseCsv('a,b\nc,"d\ne,f\n')).toEqual({ ok: false, unclosedQuoteLine: 2 });
    expect(parseCsv('"')).toEqual({ ok: false, unclosedQuoteLine: 1 });
  });

  it("stops after the records asked for, saying whether there are more", () => {
    const text = "h\n1\n2\n\n3\n";
    expect(parseCsv(text, 3)).toMatchObject({ more: true, records: [{ line: 1 }, { line: 2 }, { line: 3 }] });
    expect(parseCsv(text, 4)).toMatchObject({ more: false });
    expect(parseCsv("h,x\n1,\n2,\n,\n", 3)).toMatchObject({ more: false });
    expect(parseCsv("h\n1\n2\n3", 3)).toMatchObject({ more: true });
  });

  it("reads back any table a CSV writer writes, with either separator, line ending and the byte order mark", () => {
    const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,15}$/);
    const anyText = fc.string({ unit: "grapheme", maxLength: 12 });
    const awkward = fc.constantFrom('"', ",", ";", "\r", "\n", "\r\n", " ", "=1+2", "<b>", "");
    const cell = fc.oneof(
      anyText,
      awkward,
      fc.array(awkward, { maxLength: 4 }).map((parts) => parts.join("")),
    );
    const table = fc
      .integer({ min: 1, max: 5 })
      .chain((columns) =>
        fc.tuple(
          fc.array(headerName, { minLength: columns, maxLength: columns }),
          fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), { maxLength: 8 }),
        ),
      );
    fc.assert(
      fc.property(
        table,
        fc.constantFrom(",", ";"),
        fc.constantFrom("windows", "unix", "mac"),
        fc.boolean(),
        ([header, rows], delimiter, ending, bom) => {
          const text = stringify([header, ...rows], {
            delimiter,
            record_delimiter: ending as "windows" | "unix" | "mac",
            // Otherwise, given a record delimiter, csv-stringify leaves a lone "\n" or "\r" in a cell unquoted.
            quote_record_delimiter: true,
            bom,
          });
          const reading = parseCsv(text);
          const notBlank = (cells: string[]) => cells.some((value) => value.trim() !== "");
          expect(reading.ok && reading.records.map((record) => record.cells)).toEqual(
            [header, ...rows].filter(notBlank),
          );
          if (reading.ok && header.length > 1) expect(reading.separator).toBe(delimiter);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("never throws and never loops, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 100 }), fc.nat(5), (text, max) => {
        const reading = parseCsv(text, max);
        if (reading.ok) {
          expect(reading.records.length).toBeLessThanOrEqual(max);
          const lines = reading.records.map((record) => record.line);
          expect([...lines].sort((a, b) => a - b)).toEqual(lines);
          expect(new Set(lines).size).toBe(lines.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});
