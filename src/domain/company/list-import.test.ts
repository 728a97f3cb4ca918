import { stringify } from "csv-stringify/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { companyMessages } from "../text/company-messages";
import { clashesOf, FLEET_KEYS, listKey, NewCustomerSchema, NewFleetVehicleSchema } from "./company-lists";
import {
  CUSTOMER_IMPORT,
  checkAgainstList,
  FLEET_IMPORT,
  type ImportRow,
  type ListImportSpec,
  MAX_IMPORT_ROWS,
  readImport,
} from "./list-import";

function rowsOf<T, K extends string>(spec: ListImportSpec<T, K>, text: string): ImportRow<T>[] {
  const reading = readImport(spec, text);
  if (!reading.ok) throw new Error(`file refused: ${JSON.stringify(reading.problem)}`);
  return reading.rows;
}

const FLEET_HEADER = "QR code,Plant number,Machine,Type,Description,Check list";

describe("reading a fleet file", () => {
  it("reads each row into the machine adding it by hand would make", () => {
    const rows = rowsOf(
      FLEET_IMPORT,
      `${FLEET_HEADER}\r\nACME-1, AX-1 ,JCB 86C,Excavator,"8 tonne midi, with ""quick hitch""",excavator\r\nACME-2,AX-2,,,,\r\n`,
    );
    expect(rows).toEqual([
      {
        line: 2,
        values: {
          qrCode: "ACME-1",
          plantNumber: "AX-1",
          machineNumber: "JCB 86C",
          vehicleType: "Excavator",
          description: '8 tonne midi, with "quick hitch"',
          checkTemplate: "excavator",
        },
        entry: {
          qrCode: "ACME-1",
          plantNumber: "AX-1",
          machineNumber: "JCB 86C",
          vehicleType: "Excavator",
          description: '8 tonne midi, with "quick hitch"',
          checkTemplate: "excavator",
        },
        problems: [],
      },
      {
        line: 3,
        values: {
          qrCode: "ACME-2",
          plantNumber: "AX-2",
          machineNumber: "",
          vehicleType: "",
          description: "",
          checkTemplate: "",
        },
        // A blank check list is the general one.
        entry: {
          qrCode: "ACME-2",
          plantNumber: "AX-2",
          machineNumber: "",
          vehicleType: "",
          description: "",
          checkTemplate: "general-plant",
        },
        problems: [],
      },
    ]);
  });

  it("finds the columns by name in any order, case and punctuation, and names those it does not use", () => {
    const reading = readImport(
      FLEET_IMPORT,
      "\uFEFFPlant No.;Notes;QR;;DAILY CHECK LIST\nAX-1;keep;ACME-1;;Forward tipping dumper\n",
    );
    expect(reading).toEqual({
      ok: true,
      unusedHeaders: ["Notes"],
      rows: [
        expect.objectContaining({
          line: 2,
          entry: expect.objectContaining({ qrCode: "ACME-1", plantNumber: "AX-1", checkTemplate: "dumper" }),
          problems: [],
        }),
      ],
    });
  });

  it("takes a check list by its id or its name, in any case and spacing", () => {
    const rows = rowsOf(
      FLEET_IMPORT,
      "QR code,Plant number,Check list\nA,1,Telehandler\nB,2,mobile elevating work platform (MEWP)\nC,3,SKID-STEER\nD,4,skid steer loader\n",
    );
    expect(rows.map((row) => row.entry?.checkTemplate)).toEqual([
      "telehandler",
      "mewp",
      "skid-steer",
      "skid-steer",
    ]);
  });

  it("keeps text that starts like a formula or holds markup exactly as typed", () => {
    const rows = rowsOf(
      FLEET_IMPORT,
      'QR code,Plant number,Description\n=HYPERLINK("http://evil.example"),+AX-1,<script>alert(1)</script>\n@SUM(A1),-2,\n',
    );
    expect(rows.map((row) => [row.entry?.qrCode, row.entry?.plantNumber, row.entry?.description])).toEqual([
      ['=HYPERLINK("http://evil.example")', "+AX-1", "<script>alert(1)</script>"],
      ["@SUM(A1)", "-2", ""],
    ]);
    expect(rows.every((row) => row.problems.length === 0)).toBe(true);
  });

  it("names each row's problems: a missing, too long, multi-line or bad value, and cells past the header", () => {
    const long = "x".repeat(201);
    const rows = rowsOf(
      FLEET_IMPORT,
      [
        FLEET_HEADER,
        ",AX-1,,,,",
        `A-2,${long},,,${"d".repeat(2001)},`,
        'A-3,"AX\n3",,,"two\nlines are fine here",',
        "A-4,AX-4,,,,spaceship",
        "A-5,AX-5,,,,,surplus,more",
        "A-6,AX-6,,,,,  ,",
      ].join("\n"),
    );
    expect(rows.map((row) => [row.line, row.problems])).toEqual([
      [2, [{ kind: "missing", field: "qrCode" }]],
      [
        3,
        [
          { kind: "too-long", field: "plantNumber", max: 200 },
          { kind: "too-long", field: "description", max: 2000 },
        ],
      ],
      [4, [{ kind: "not-one-line", field: "plantNumber" }]],
      // Row 4 spans three lines of the file.
      [7, [{ kind: "bad-value", field: "checkTemplate", value: "spaceship" }]],
      [8, [{ kind: "extra-cells", count: 2 }]],
      // Empty cells past the header (as Excel leaves them) are no problem.
      [9, []],
    ]);
    expect(rows.map((row) => row.entry === null)).toEqual([true, true, true, true, false, false]);
  });

  it("names every row that shares a QR code or plant number with another row, in any case and spacing", () => {
    const rows = rowsOf(
      FLEET_IMPORT,
      "QR code,Plant number\nA-1,AX 1\na-1 ,AX-2\nB-1, ax  1\nC-1,C\nA-1,D\n",
    );
    expect(rows.map((row) => [row.line, row.problems])).toEqual([
      [
        2,
        [
          { kind: "duplicate", field: "qrCode", lines: [3, 6] },
          { kind: "duplicate", field: "plantNumber", lines: [4] },
        ],
      ],
      [3, [{ kind: "duplicate", field: "qrCode", lines: [2, 6] }]],
      [4, [{ kind: "duplicate", field: "plantNumber", lines: [2] }]],
      [5, []],
      [6, [{ kind: "duplicate", field: "qrCode", lines: [2, 3] }]],
    ]);
  });

  it("names each row that clashes with the company's fleet, retired machines included, or holds a code on another fleet", () => {
    const rows = rowsOf(
      FLEET_IMPORT,
      "QR code,Plant number\nOWN-1,NEW-1\nNEW-2,own-plant\nNEW-3,OLD-PLANT\nTHEIRS,NEW-4\nNEW-5,NEW-5\n",
    );
    const checked = checkAgainstList(
      FLEET_IMPORT,
      rows,
      [
        { qrCode: "own-1", plantNumber: "OWN-PLANT", retired: false },
        { qrCode: "OLD-1", plantNumber: "old-plant", retired: true },
      ],
      (field, value) => field === "qrCode" && (value === "THEIRS" || value === "OWN-1"),
    );
    expect(checked.map((row) => [row.line, row.problems])).toEqual([
      // A clash with the company's own says so; that another fleet has it too is not said twice.
      [2, [{ kind: "clash", field: "qrCode", retired: false }]],
      [3, [{ kind: "clash", field: "plantNumber", retired: false }]],
      [4, [{ kind: "clash", field: "plantNumber", retired: true }]],
      [5, [{ kind: "taken", field: "qrCode" }]],
      [6, []],
    ]);
  });

  it("refuses a file it cannot read, saying why", () => {
    const problem = (text: string) => {
      const reading = readImport(FLEET_IMPORT, text);
      return reading.ok ? null : reading.problem;
    };
    expect(problem("")).toEqual({ kind: "no-rows" });
    expect(problem(`${FLEET_HEADER}\r\n,,,,,\r\n , ,\r\n`)).toEqual({ kind: "no-rows" });
    expect(problem("Plant number,Machine\nAX-1,JCB\n")).toEqual({ kind: "missing-column", field: "qrCode" });
    expect(problem("QR code,Plant number,plant no\nA,1,2\n")).toEqual({
      kind: "repeated-column",
      field: "plantNumber",
    });
    expect(problem('QR code,Plant number\nA,"1\nB,2\n')).toEqual({ kind: "unclosed-quote", line: 2 });
    expect(problem("QR code,Plant number\nA\u0000,1\n")).toEqual({ kind: "unstorable" });
  });

  it("reads 2,000 rows and refuses a file with more", () => {
    const file = (rows: number) =>
      ["QR code,Plant number", ...Array.from({ length: rows }, (_, i) => `Q-${i},P-${i}`), ",,"].join("\n");
    const reading = readImport(FLEET_IMPORT, file(MAX_IMPORT_ROWS));
    expect(reading.ok && reading.rows.length).toBe(MAX_IMPORT_ROWS);
    expect(readImport(FLEET_IMPORT, file(MAX_IMPORT_ROWS + 1))).toEqual({
      ok: false,
      problem: { kind: "too-many-rows" },
    });
    expect(readImport(FLEET_IMPORT, file(100_000))).toEqual({
      ok: false,
      problem: { kind: "too-many-rows" },
    });
  });
});

describe("reading a customer file", () => {
  it("reads yes and no in the ways spreadsheets write them, blank as no", () => {
    const rows = rowsOf(
      CUSTOMER_IMPORT,
      "Customer;Order number required\nA;Yes\nB;n\nC;\nD;TRUE\nE;0\nF;1\nG;maybe\n",
    );
    expect(rows.map((row) => row.entry?.requiresOrderValidation ?? row.problems)).toEqual([
      true,
      false,
      false,
      true,
      false,
      true,
      [{ kind: "bad-value", field: "requiresOrderValidation", value: "maybe" }],
    ]);
  });

  it("reads a file of names alone, a comma in a name included", () => {
    const rows = rowsOf(CUSTOMER_IMPORT, "Name\nSmith, Jones & Co\nŁukasz Wróbel Ltd\n");
    expect(rows.map((row) => row.entry)).toEqual([
      { name: "Smith, Jones & Co", requiresOrderValidation: false },
      { name: "Łukasz Wróbel Ltd", requiresOrderValidation: false },
    ]);
  });

  it("names duplicate names and clashes with the company's customers, in any case and spacing", () => {
    const rows = rowsOf(CUSTOMER_IMPORT, "Name\nAcme  Ltd\nacme ltd\nBuildCo\nRetired Co\nNew Co\n");
    const checked = checkAgainstList(CUSTOMER_IMPORT, rows, [
      { name: "BUILDCO", retired: false },
      { name: "Retired Co", retired: true },
    ]);
    expect(checked.map((row) => row.problems)).toEqual([
      [{ kind: "duplicate", field: "name", lines: [3] }],
      [{ kind: "duplicate", field: "name", lines: [2] }],
      [{ kind: "clash", field: "name", retired: false }],
      [{ kind: "clash", field: "name", retired: true }],
      [],
    ]);
  });
});

describe("a row is good exactly when adding it by hand would be", () => {
  // Small alphabets, so that rows often share keys with each other and with the list.
  const key = fc.oneof(fc.constantFrom("", " ", "a", "A", "b", " b ", "a\nb"), fc.string({ maxLength: 3 }));
  const vehicle = fc.record({
    qrCode: key,
    plantNumber: key,
    machineNumber: fc.oneof(fc.constant(""), fc.string({ maxLength: 4 }), fc.constant("m".repeat(201))),
    checkTemplate: fc.constantFrom("", "excavator", "Roller", "nonsense"),
  });
  const existing = fc.array(fc.record({ qrCode: key, plantNumber: key, retired: fc.boolean() }), {
    maxLength: 3,
  });

  it("for the fleet: valid values, and no other row or machine of the company sharing a key", () => {
    fc.assert(
      fc.property(fc.array(vehicle, { minLength: 1, maxLength: 8 }), existing, (vehicles, list) => {
        const header = ["QR code", "Plant number", "Machine", "Check list"];
        const text = stringify(
          [header, ...vehicles.map((v) => [v.qrCode, v.plantNumber, v.machineNumber, v.checkTemplate])],
          {
            quote_record_delimiter: true,
          },
        );
        const reading = readImport(FLEET_IMPORT, text);
        if (!reading.ok) {
          // Only a file whose rows are all blank is refused.
          expect(reading.problem).toEqual({ kind: "no-rows" });
          return;
        }
        const rows = checkAgainstList(FLEET_IMPORT, reading.rows, list);
        for (const row of rows) {
          const others = rows.filter((other) => other !== row);
          const valid = NewFleetVehicleSchema.safeParse({
            ...row.values,
            checkTemplate:
              row.values.checkTemplate === ""
                ? "general-plant"
                : (row.values.checkTemplate ?? "").toLowerCase(),
          }).success;
          const shared = FLEET_KEYS.some((field) => {
            const mine = listKey(row.values[field]!);
            return (
              mine !== "" &&
              [...others.map((other) => other.values), ...list].some(
                (other) => listKey(other[field]!) === mine,
              )
            );
          });
          expect(row.problems.length === 0, JSON.stringify(row)).toBe(valid && !shared);
          expect(row.entry !== null || row.problems.length > 0).toBe(true);
        }
        // So the good rows added to the list never give it two machines with one key.
        const added = rows
          .filter((row) => row.problems.length === 0)
          .map((row) => ({ ...row.entry!, retired: false }));
        const kept = list.filter((entry) => entry.qrCode.trim() !== "" && entry.plantNumber.trim() !== "");
        const after = [...kept, ...added];
        for (const [index, entry] of added.entries()) {
          const rest = after.filter((_, i) => i !== kept.length + index);
          expect(clashesOf(entry, rest, FLEET_KEYS)).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("for customers: a valid name no other row or customer of the company has", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: key, order: fc.constantFrom("", "yes", "no", "perhaps") }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.array(fc.record({ name: key, retired: fc.boolean() }), { maxLength: 3 }),
        (customers, list) => {
          const text = stringify(
            [["Name", "Order number required"], ...customers.map((c) => [c.name, c.order])],
            {
              quote_record_delimiter: true,
            },
          );
          const reading = readImport(CUSTOMER_IMPORT, text);
          if (!reading.ok) return;
          const rows = checkAgainstList(CUSTOMER_IMPORT, reading.rows, list);
          for (const row of rows) {
            const valid =
              row.values.requiresOrderValidation !== "perhaps" &&
              NewCustomerSchema.safeParse({ name: row.values.name, requiresOrderValidation: true }).success;
            const mine = listKey(row.values.name!);
            const shared =
              mine !== "" &&
              [...rows.filter((other) => other !== row).map((other) => other.values), ...list].some(
                (other) => listKey(other.name!) === mine,
              );
            expect(row.problems.length === 0, JSON.stringify(row)).toBe(valid && !shared);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the words of an import's problems", () => {
  it("name the column, the value and the other rows", () => {
    const columns = FLEET_IMPORT.columns;
    const words = (problem: Parameters<typeof companyMessages.importRowProblem>[1]) =>
      companyMessages.importRowProblem("fleet", problem, columns, { qrCode: "ACME-1", plantNumber: "AX-1" });
    expect(words({ kind: "missing", field: "qrCode" })).toBe("QR code is missing.");
    expect(words({ kind: "too-long", field: "description", max: 2000 })).toBe(
      "Description is too long: at most 2,000 characters.",
    );
    expect(words({ kind: "not-one-line", field: "plantNumber" })).toBe("Plant number must be on one line.");
    expect(words({ kind: "bad-value", field: "checkTemplate", value: "spaceship" })).toMatch(
      /^Check list "spaceship" is not one of: General plant, Excavator, /,
    );
    expect(words({ kind: "duplicate", field: "qrCode", lines: [7] })).toBe(
      "QR code ACME-1 is also on row 7.",
    );
    expect(words({ kind: "duplicate", field: "plantNumber", lines: [3, 7, 9] })).toBe(
      "Plant number AX-1 is also on rows 3, 7 and 9.",
    );
    expect(words({ kind: "clash", field: "qrCode", retired: false })).toBe(
      "QR code ACME-1 is already on another vehicle of the company's fleet.",
    );
    expect(words({ kind: "clash", field: "plantNumber", retired: true })).toBe(
      "Plant number AX-1 is already on a retired vehicle of the company's fleet: return that one to service instead.",
    );
    expect(words({ kind: "taken", field: "qrCode" })).toBe(companyMessages.vehicleCodeTaken);
    expect(
      companyMessages.importRowProblem(
        "customers",
        { kind: "bad-value", field: "requiresOrderValidation", value: "maybe" },
        CUSTOMER_IMPORT.columns,
        {},
      ),
    ).toBe('Order number required "maybe" should be yes or no.');
    expect(
      companyMessages.importRowProblem(
        "customers",
        { kind: "clash", field: "name", retired: true },
        CUSTOMER_IMPORT.columns,
        {
          name: "Acme Ltd",
        },
      ),
    ).toBe("The company already has a customer called Acme Ltd, retired: return it to the list instead.");
  });

  it("say what is wrong with a file and what to do", () => {
    const columns = FLEET_IMPORT.columns;
    expect(companyMessages.importFileProblem({ kind: "missing-column", field: "qrCode" }, columns)).toBe(
      'The file has no "QR code" column. Its first row must name the columns: QR code, Plant number, Machine, Type, Description, Check list.',
    );
    expect(companyMessages.importFileProblem({ kind: "unclosed-quote", line: 12 }, columns)).toBe(
      'Row 12 opens a quote (") that is never closed.',
    );
    for (const kind of ["too-large", "not-utf8", "unstorable", "no-rows", "too-many-rows"] as const) {
      expect(companyMessages.importFileProblem({ kind } as never, columns)).toMatch(/^The file .+[.?]$/);
    }
  });
});
