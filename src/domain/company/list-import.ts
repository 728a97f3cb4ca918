import { z } from "zod";
import { CHECK_TEMPLATES, DEFAULT_CHECK_TEMPLATE } from "../forms/check-templates";
import {
  CUSTOMER_KEYS,
  clashesOf,
  FLEET_KEYS,
  listKey,
  type NewCustomer,
  NewCustomerSchema,
  type NewFleetVehicle,
  NewFleetVehicleSchema,
} from "./company-lists";
import { parseCsv } from "./csv";

/**
 * Importing a company's machines or customers from a CSV file (decision record 029). The file is read here, row by
 * row, with each row's problems named (a missing or bad value, a value too long, the same key twice in the file, a
 * clash with the company's list); the server adds what it knows (the list as it stands) and saves the rows without
 * a problem in one transaction. A row is valid exactly when adding it by hand would be: the same schema decides.
 */

/** The largest file taken: a fleet of 2,000 machines with long descriptions fits with room to spare. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
/** The most rows a file may hold below its header. */
export const MAX_IMPORT_ROWS = 2000;

export type ImportList = "fleet" | "customers";

/** A column an import reads: the field it fills, its name on screen, and the header cells that name it. */
export interface ImportColumn<F extends string = string> {
  field: F;
  header: string;
  /** Header cells as `headerKey` reads them: "Plant No." and "plant number" are both "plantno"/"plantnumber". */
  names: readonly string[];
  required: boolean;
}

/** What can be wrong with one row of a file. `field` names a column of the import. */
export type RowProblem =
  | { kind: "missing"; field: string }
  | { kind: "too-long"; field: string; max: number }
  | { kind: "not-one-line"; field: string }
  | { kind: "bad-value"; field: string; value: string }
  /** The same value (any case or spacing) is in this column of the other rows named. */
  | { kind: "duplicate"; field: string; lines: number[] }
  /** The company's list has an entry with this value already. */
  | { kind: "clash"; field: string; retired: boolean }
  /** Another fleet (another company's, or the shared list) has this QR code: each label's code is unique. */
  | { kind: "taken"; field: string }
  /** Cells beyond the header's columns hold something: a separator in a cell that was not quoted, most likely. */
  | { kind: "extra-cells"; count: number };

/** Why a file cannot be read at all. */
export type FileProblem =
  | { kind: "too-large" }
  | { kind: "not-utf8" }
  | { kind: "unstorable" }
  | { kind: "unclosed-quote"; line: number }
  | { kind: "no-rows" }
  | { kind: "too-many-rows" }
  | { kind: "missing-column"; field: string }
  | { kind: "repeated-column"; field: string };

/** One row of a file as read: its line, its cells by column, the entry it makes and what is wrong with it. */
export interface ImportRow<T> {
  line: number;
  values: Record<string, string>;
  /** Null when the cells do not make an entry; a row with an entry may still clash. */
  entry: T | null;
  problems: RowProblem[];
}

/** What the rules of one list's import are. */
export interface ListImportSpec<T, K extends string> {
  list: ImportList;
  columns: readonly ImportColumn[];
  /** The columns no two entries may share (the list's keys). */
  keys: readonly K[];
  /** The entry a row's cells make, or what is wrong with them. */
  entryOf(values: Readonly<Record<string, string>>): { entry: T } | { problems: RowProblem[] };
}

/** A header cell as it is matched: letters and digits only, lower case ("Plant No." is "plantno"). */
export function headerKey(cell: string): string {
  return cell.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** The problems zod found with a row's values, one per column, named in the import's terms. */
function problemsOf(error: z.ZodError, values: Readonly<Record<string, string>>): RowProblem[] {
  const problems: RowProblem[] = [];
  for (const issue of error.issues) {
    const field = String(issue.path[0]);
    if (problems.some((problem) => "field" in problem && problem.field === field)) continue;
    if (issue.code === "too_small") problems.push({ kind: "missing", field });
    else if (issue.code === "too_big") problems.push({ kind: "too-long", field, max: Number(issue.maximum) });
    else if (issue.code === "custom") problems.push({ kind: "not-one-line", field });
    else problems.push({ kind: "bad-value", field, value: values[field] ?? "" });
  }
  return problems;
}

/** A check list as a cell names it: its id or its name, in any case and spacing; blank is the general one. */
function checkTemplateIn(cell: string): string {
  if (cell === "") return DEFAULT_CHECK_TEMPLATE.id;
  const key = headerKey(cell);
  return (
    CHECK_TEMPLATES.find((template) => headerKey(template.id) === key || headerKey(template.name) === key)
      ?.id ?? cell
  );
}

const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0", ""]);

/** Whether a cell says yes or no; anything else is handed on as it is, for the schema to refuse. */
function yesOrNoIn(cell: string): boolean | string {
  const key = cell.toLowerCase();
  if (YES.has(key)) return true;
  if (NO.has(key)) return false;
  return cell;
}

export const FLEET_IMPORT: ListImportSpec<NewFleetVehicle, (typeof FLEET_KEYS)[number]> = {
  list: "fleet",
  columns: [
    { field: "qrCode", header: "QR code", names: ["qrcode", "qr", "qrlabel", "code"], required: true },
    {
      field: "plantNumber",
      header: "Plant number",
      names: ["plantnumber", "plantno", "plant", "registration", "registrationnumber"],
      required: true,
    },
    {
      field: "machineNumber",
      header: "Machine",
      names: ["machine", "machinenumber", "machineno"],
      required: false,
    },
    { field: "vehicleType", header: "Type", names: ["type", "vehicletype"], required: false },
    { field: "description", header: "Description", names: ["description"], required: false },
    {
      field: "checkTemplate",
      header: "Check list",
      names: ["checklist", "dailychecklist", "checktemplate", "template"],
      required: false,
    },
  ],
  keys: FLEET_KEYS,
  entryOf(values) {
    const parsed = NewFleetVehicleSchema.safeParse({
      ...values,
      checkTemplate: checkTemplateIn(values.checkTemplate ?? ""),
    });
    return parsed.success ? { entry: parsed.data } : { problems: problemsOf(parsed.error, values) };
  },
};

export const CUSTOMER_IMPORT: ListImportSpec<NewCustomer, (typeof CUSTOMER_KEYS)[number]> = {
  list: "customers",
  columns: [
    { field: "name", header: "Name", names: ["name", "customer", "customername"], required: true },
    {
      field: "requiresOrderValidation",
      header: "Order number required",
      names: [
        "ordernumberrequired",
        "ordernumberchecked",
        "checkordernumber",
        "ordernumber",
        "requiresordervalidation",
        "ordervalidation",
      ],
      required: false,
    },
  ],
  keys: CUSTOMER_KEYS,
  entryOf(values) {
    const parsed = NewCustomerSchema.safeParse({
      name: values.name,
      requiresOrderValidation: yesOrNoIn(values.requiresOrderValidation ?? ""),
    });
    return parsed.success ? { entry: parsed.data } : { problems: problemsOf(parsed.error, values) };
  },
};

export const LIST_IMPORTS = { fleet: FLEET_IMPORT, customers: CUSTOMER_IMPORT } as const;

export type ImportReading<T> =
  | { ok: false; problem: FileProblem }
  | { ok: true; rows: ImportRow<T>[]; unusedHeaders: string[] };

/**
 * The rows of a file with what is wrong with each on its own and against the file's other rows. The first row that
 * is not blank names the columns, in any order and any case; a column the import does not use is ignored and
 * named, so the admin sees it was.
 */
export function readImport<T, K extends string>(spec: ListImportSpec<T, K>, text: string): ImportReading<T> {
  // No field of the product holds a NUL, and PostgreSQL cannot store one: a file with one is not a text file.
  if (text.includes("\u0000")) return { ok: false, problem: { kind: "unstorable" } };
  const reading = parseCsv(text, MAX_IMPORT_ROWS + 1);
  if (!reading.ok) return { ok: false, problem: { kind: "unclosed-quote", line: reading.unclosedQuoteLine } };
  if (reading.more) return { ok: false, problem: { kind: "too-many-rows" } };
  const [header, ...records] = reading.records;
  if (!header || records.length === 0) return { ok: false, problem: { kind: "no-rows" } };

  const columnAt = new Map<string, number>();
  const unusedHeaders: string[] = [];
  for (const [index, cell] of header.cells.entries()) {
    const key = headerKey(cell);
    if (key === "") continue;
    const column = spec.columns.find((candidate) => candidate.names.includes(key));
    if (!column) unusedHeaders.push(cell.trim());
    else if (columnAt.has(column.field)) {
      return { ok: false, problem: { kind: "repeated-column", field: column.field } };
    } else columnAt.set(column.field, index);
  }
  const missing = spec.columns.find((column) => column.required && !columnAt.has(column.field));
  if (missing) return { ok: false, problem: { kind: "missing-column", field: missing.field } };

  const rows = records.map(({ line, cells }): ImportRow<T> => {
    const values: Record<string, string> = {};
    for (const { field } of spec.columns) {
      const index = columnAt.get(field);
      values[field] = index === undefined ? "" : (cells[index] ?? "").trim();
    }
    const problems: RowProblem[] = [];
    const extra = cells.slice(header.cells.length).filter((cell) => cell.trim() !== "").length;
    if (extra > 0) problems.push({ kind: "extra-cells", count: extra });
    const made = spec.entryOf(values);
    if ("problems" in made) problems.push(...made.problems);
    return { line, values, entry: "entry" in made ? made.entry : null, problems };
  });
  markDuplicates(rows, spec.keys);
  return { ok: true, rows, unusedHeaders };
}

/** Each row whose key (any case or spacing) another row of the file has too: none of them is saved. */
function markDuplicates<T>(rows: ImportRow<T>[], keys: readonly string[]): void {
  for (const field of keys) {
    const linesOf = new Map<string, number[]>();
    for (const row of rows) {
      const key = listKey(row.values[field] ?? "");
      if (key === "") continue;
      const lines = linesOf.get(key);
      if (lines) lines.push(row.line);
      else linesOf.set(key, [row.line]);
    }
    for (const row of rows) {
      const lines = linesOf.get(listKey(row.values[field] ?? ""));
      if (lines && lines.length > 1) {
        row.problems.push({ kind: "duplicate", field, lines: lines.filter((line) => line !== row.line) });
      }
    }
  }
}

/** The company's list as an import checks against it: each entry's keys, and whether it is retired. */
export type ListEntries<K extends string> = ReadonlyArray<Readonly<Record<K, string>> & { retired: boolean }>;

/**
 * The rows again, each with its clashes with the company's list (retired entries included) and, for keys that are
 * unique across every company's list (a QR code), with any other list: `takenElsewhere` says whether a value is.
 */
export function checkAgainstList<T, K extends string>(
  spec: ListImportSpec<T, K>,
  rows: readonly ImportRow<T>[],
  existing: ListEntries<K>,
  takenElsewhere: (field: K, value: string) => boolean = () => false,
): ImportRow<T>[] {
  return rows.map((row) => {
    const values = row.values as Record<K, string>;
    const clashes = clashesOf(values, existing, spec.keys);
    const problems: RowProblem[] = clashes.map(({ field, retired }) => ({ kind: "clash", field, retired }));
    for (const field of spec.keys) {
      const value = values[field];
      if (value !== "" && !clashes.some((clash) => clash.field === field) && takenElsewhere(field, value)) {
        problems.push({ kind: "taken", field });
      }
    }
    return problems.length === 0 ? row : { ...row, problems: [...row.problems, ...problems] };
  });
}

/** POST .../vehicles/import/preview and .../customers/import/preview: a file's rows, before anything is saved. */
export interface ImportPreview<T = Record<string, unknown>> {
  list: ImportList;
  /** Column names the file has that the import does not use. */
  unusedHeaders: string[];
  rows: ImportRow<T>[];
  /** How many rows have no problem: what a save adds. */
  goodRows: number;
  /** The good rows as this preview found them; the save names it, and is refused if its rows have changed. */
  fingerprint: string;
}

/** The query of POST .../import: the fingerprint of the preview the admin saw. */
export const ImportSaveQuerySchema = z.object({ expect: z.string().regex(/^[\w-]{43}$/) });

/** POST .../import?expect=: how many entries were added. */
export interface ImportResult {
  added: number;
}
