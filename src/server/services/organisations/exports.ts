import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { setImmediate as nextTurn } from "node:timers/promises";
import { stringify } from "csv-stringify";
import ExcelJS from "exceljs";
import {
  type ApprovedTimesheet,
  approvedHourRows,
  csvCells,
  defectColumns,
  defectRowCells,
  defectRows,
  type ExportCell,
  type ExportCheckSheet,
  type ExportKind,
  type ExportQuery,
  ExportQuerySchema,
  type ExportTimesheet,
  exportFileName,
  exportSheets,
  hourRowCells,
  hoursColumns,
  workbookCell,
} from "../../../domain/company/exports";
import {
  type InvoicedTimesheet,
  type InvoiceTimesheet,
  invoiceLineCells,
  invoiceLineColumns,
  invoiceLines,
} from "../../../domain/company/invoice-lines";
import { READINGS } from "../../../domain/forms/check-sheet-readings";
import type { Translator } from "../../../domain/text/i18n/translate";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import { findCustomer } from "../../db/customers-repository";
import { claimExportSlot, releaseExportSlot, renewExportSlot } from "../../db/export-slots-repository";
import { listApprovedOrganisationTimesheets, type ReviewListPosition } from "../../db/forms-repository";
import { findOrganisationLanguage } from "../../db/organisations-repository";
import { translatorFor } from "../../i18n";
import { parseInput } from "../../parse-input";
import { asTimesheet, type StoredCheckSheet, type StoredTimesheet } from "../combined-set-forms";
import type { ServiceDeps } from "../service-deps";
import { type PairedWeek, pairedWeeks } from "./office-review";
import { memberOf } from "./organisation-access";

/**
 * Approved timesheets read at a time: a batch's forms and their check sheets are all that is held at once, and
 * reading and pairing them is the longest the build keeps other requests waiting between its turns.
 */
export const EXPORT_BATCH = 50;

/**
 * One approved week: its timesheet, the check sheets approved with it, the name of its picked customer, its
 * driver's account, the office's rating and when the office approved it.
 */
export interface ApprovedSet {
  timesheet: StoredTimesheet;
  checkSheets: StoredCheckSheet[];
  customerName: string | null;
  driverId: string;
  rating: string | null;
  approvedAt: string;
}

/**
 * The organisation's approved sets with a week ending in the query's range, oldest week first (ties by the
 * timesheet's id), read a batch at a time from where the last batch ended (keyset), so memory stays flat however
 * long the range. The check sheets are paired as the review list pairs them, keeping those approved; they are read
 * only when asked for. A customer's name is looked up once per export.
 */
export async function* approvedSets(
  deps: ServiceDeps,
  organisationId: string,
  query: ExportQuery,
  withCheckSheets: boolean,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<ApprovedSet> {
  const { db } = deps.database;
  const customerNames = new Map<string, string | null>();
  const customerNameOf = async (id: string): Promise<string | null> => {
    if (id === "") return null;
    if (!customerNames.has(id)) customerNames.set(id, (await findCustomer(db, id))?.name ?? null);
    return customerNames.get(id) ?? null;
  };
  let after: ReviewListPosition | undefined;
  for (;;) {
    const batch = await listApprovedOrganisationTimesheets(db, organisationId, {
      from: query.from,
      to: query.to,
      after,
      limit: batchSize,
    });
    const paired = withCheckSheets
      ? await pairedWeeks(deps, organisationId, batch, { onlyReviewApproved: true })
      : new Map<string, PairedWeek>();
    for (const form of batch) {
      const timesheet = asTimesheet(form);
      yield {
        timesheet,
        checkSheets: paired.get(form.id)?.checkSheets ?? [],
        customerName: await customerNameOf(timesheet.customerId ?? ""),
        driverId: form.ownerId,
        rating: form.reviewRating,
        // Never null here: only approved weeks are read.
        approvedAt: form.reviewApprovedAt ?? "",
      };
    }
    const last = batch.at(-1);
    if (batch.length < batchSize || !last) return;
    after = { weekEnding: last.date ?? "", id: last.id };
    // Let the requests that came in meanwhile be answered before the next batch (decision record 039).
    await nextTurn();
  }
}

/**
 * An export's rows a week ending at a time: the approved sets come oldest week first, so the timesheets of one
 * week ending (a timesheet per driver and machine) are held together and each week's rows are worked out whole.
 */
async function* weekByWeek<T>(
  sets: AsyncIterable<ApprovedSet>,
  take: (set: ApprovedSet) => T,
  rowsOf: (week: readonly T[]) => ExportCell[][],
) {
  let week: T[] = [];
  let weekEnding: string | null = null;
  for await (const set of sets) {
    if (weekEnding !== null && weekEnding !== set.timesheet.weekEnding) {
      yield* rowsOf(week);
      week = [];
    }
    weekEnding = set.timesheet.weekEnding;
    week.push(take(set));
  }
  yield* rowsOf(week);
}

/** The hours' rows: each driver's total for the week is over all of their timesheets of that week. */
function hoursRecords(deps: ServiceDeps, organisationId: string, query: ExportQuery) {
  return weekByWeek<ApprovedTimesheet>(
    approvedSets(deps, organisationId, query, false),
    (set) => ({
      timesheet: set.timesheet as ExportTimesheet,
      driverId: set.driverId,
      customerName: set.customerName,
      rating: set.rating,
    }),
    (weeks) => approvedHourRows(weeks).map(hourRowCells),
  );
}

/** The invoice lines: each line's hours are `timesheetCharge` of its stored timesheets, as their PDFs print them. */
function invoiceLineRecords(deps: ServiceDeps, organisationId: string, query: ExportQuery) {
  return weekByWeek<InvoicedTimesheet>(
    approvedSets(deps, organisationId, query, false),
    (set) => ({
      timesheet: set.timesheet as InvoiceTimesheet,
      customerName: set.customerName,
      approvedAt: set.approvedAt,
    }),
    (weeks) => invoiceLines(weeks).map(invoiceLineCells),
  );
}

/**
 * The defects' rows. Their photo links are `/api/photos/{id}` under the public address: that route needs a
 * session (the driver's, or a supervisor's or admin's of the company whose form the photo is on: read-photo.ts),
 * so a link opened in a browser not signed in to Plant Sheets answers 404 until the office user signs in there.
 */
async function* defectRecords(deps: ServiceDeps, organisationId: string, query: ExportQuery) {
  const { publicUrl } = deps.config;
  for await (const set of approvedSets(deps, organisationId, query, true)) {
    const sheets = set.checkSheets as unknown as ExportCheckSheet[];
    for (const row of defectRows(sheets, publicUrl, set.timesheet.weekEnding)) {
      yield defectRowCells(row);
    }
  }
}

/** Rows made between two turns of the event loop while an export is built, so other requests are answered. */
const ROWS_PER_TURN = 25;
/** An export's slot is free again this long after it was last renewed, should the instance making it die. */
const SLOT_LEASE_MS = 60_000;
/** How often an export being made renews its slot's lease. */
const SLOT_RENEW_MS = 20_000;
/** What an export refused for the company's allowance is told to wait: a year's export takes a few seconds. */
const BUSY_RETRY_AFTER_MS = 10_000;

/** An export ready to send: the built file's bytes, its size, and the name to save it under. */
export interface ExportDownload {
  stream: NodeJS.ReadableStream;
  size: number;
  fileName: string;
}

class TooManyRows extends Error {}

/** Counts an export's rows as they are written: throws past the cap, and gives the event loop a turn now and then. */
type RowCounter = <T>(records: AsyncIterable<T>) => AsyncIterable<T>;

/**
 * Builds an export into a file of its own, then answers it whole (decision record 039). While it is built the
 * export holds one of the company's slots, counted in the database so every instance agrees: none free answers
 * 429 with `Retry-After`. Rows are counted as they are written; past the cap the file is dropped and the answer
 * says to narrow the range, so a download is never cut short. Every few hundred rows, and after each batch read,
 * the build lets the event loop answer what came in meanwhile.
 */
async function buildExport(
  deps: ServiceDeps,
  organisationId: string,
  fileName: string,
  write: (path: string, count: RowCounter) => Promise<void>,
): Promise<ExportDownload> {
  const { database, config, now } = deps;
  const { perCompany, maxRows } = config.exports;
  const leaseEnd = () => new Date(now().getTime() + SLOT_LEASE_MS);
  const slot = await claimExportSlot(database.db, organisationId, {
    slots: perCompany,
    runId: randomUUID(),
    now: now(),
    expiresAt: leaseEnd(),
  });
  if (!slot) {
    throw new AppError(
      "rate_limited",
      { key: "apiError.exportsBusy", params: { limit: perCompany } },
      {
        retryAfterMs: BUSY_RETRY_AFTER_MS,
        logMessage: "the company's exports are all being made",
      },
    );
  }
  let rows = 0;
  let renewedAt = Date.now();
  const count: RowCounter = async function* (records) {
    for await (const record of records) {
      rows += 1;
      if (rows > maxRows) throw new TooManyRows();
      if (rows % ROWS_PER_TURN === 0) {
        await nextTurn();
        if (Date.now() - renewedAt > SLOT_RENEW_MS) {
          renewedAt = Date.now();
          await renewExportSlot(database.db, slot, leaseEnd());
        }
      }
      yield record;
    }
  };
  const folder = await mkdtemp(join(tmpdir(), "plant-sheets-export-"));
  const path = join(folder, fileName);
  try {
    await write(path, count);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    if (error instanceof TooManyRows) {
      throw new AppError(
        "unprocessable",
        { key: "apiError.exportTooManyRows", params: { maxRows } },
        {
          logMessage: `export over ${maxRows} rows refused`,
        },
      );
    }
    throw error;
  } finally {
    await releaseExportSlot(database.db, slot);
  }
  const { size } = await stat(path);
  const stream = createReadStream(path);
  stream.once("close", () => void rm(folder, { recursive: true, force: true }));
  return { stream, size, fileName };
}

/**
 * Records as CSV into a file: a byte order mark first, so a spreadsheet opens the file as UTF-8 (names such as
 * Łukasz or Siôn), then the header row and a row per record, CRLF between rows (RFC 4180), typed text guarded
 * against running as a formula (`csvCells`). csv-stringify quotes a cell holding a comma or a quote; a line break
alone it would leave bare (it looks for CRLF), and a spreadsheet would start a new row there: that is quoted too.
 */
async function writeCsv(path: string, columns: readonly string[], records: AsyncIterable<ExportCell[]>) {
  async function* guarded() {
    for await (const cells of records) yield csvCells(cells);
  }
  await pipeline(
    Readable.from(guarded()),
    stringify({
      header: true,
      columns: [...columns],
      bom: true,
      record_delimiter: "windows",
      quoted_match: /[\r\n]/,
    }),
    createWriteStream(path),
  );
}

/**
 * The caller may export the organisation's weeks (admins: 404 to anyone not in it, 403 to its drivers and
 * supervisors, whatever they ask for), and what range they ask for (400 when it is not one); with the words of
 * the company's language for the headers.
 */
async function exportAccess(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  rawQuery: unknown,
): Promise<{ query: ExportQuery; t: Translator["t"] }> {
  await memberOf(deps, account, organisationId, "export");
  const query = parseInput(ExportQuerySchema, rawQuery);
  return { query, t: translatorFor(await findOrganisationLanguage(deps.database.db, organisationId)).t };
}

/**
 * A CSV download of the approved weeks, for admins: its header row in the company's language, then its records as
 * they are read, a batch of weeks at a time.
 */
function csvExport(
  kind: Exclude<ExportKind, "workbook">,
  columns: (t: Translator["t"]) => string[],
  records: (deps: ServiceDeps, organisationId: string, query: ExportQuery) => AsyncIterable<ExportCell[]>,
) {
  return async (
    deps: ServiceDeps,
    account: Account,
    organisationId: string,
    rawQuery: unknown,
  ): Promise<ExportDownload> => {
    const { query, t } = await exportAccess(deps, account, organisationId, rawQuery);
    return buildExport(deps, organisationId, exportFileName(kind, query), (path, count) =>
      writeCsv(path, columns(t), count(records(deps, organisationId, query))),
    );
  };
}

/** GET /api/organisations/{id}/exports/hours.csv: a row per driver per day of the approved weeks. */
export const hoursCsv = csvExport("hours", hoursColumns, hoursRecords);

/** GET /api/organisations/{id}/exports/defects.csv: a row per defect of the approved weeks' check sheets. */
export const defectsCsv = csvExport("defects", defectColumns, defectRecords);

/**
 * GET /api/organisations/{id}/exports/invoice-lines.csv: a line per customer, order number, plant and week ending
 * of the approved weeks, with their chargeable hours.
 */
export const invoiceLinesCsv = csvExport("invoiceLines", invoiceLineColumns, invoiceLineRecords);

const HOURS_WIDTHS = [12, 12, 24, 12, 14, 24, 14, 24, 8, 8, 11, 10, 24, 24, 40, 19, 12];
const DEFECT_WIDTHS = [12, 12, 12, 32, 48, 60, ...READINGS.map(() => 16)];
const INVOICE_LINE_WIDTHS = [12, 24, 14, 12, 10, 10, 10, 10, 12, 12, 10, 10, 12];

/**
 * Writes records to a sheet a row at a time, each cell as `workbookCell` makes it: typed text as a text cell (which
 * a spreadsheet never runs, so it needs no apostrophe), numbers as numbers, dates and times as dates with their
 * number format. Waits for the file whenever its buffer is full.
 */
async function writeSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  file: WriteStream,
  name: string,
  columns: readonly string[],
  widths: readonly number[],
  records: AsyncIterable<ExportCell[]>,
): Promise<void> {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((header, index) => ({
    header,
    key: String(index),
    width: widths[index] ?? 12,
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const cells of records) {
    const written = cells.map(workbookCell);
    const row = sheet.addRow(written.map((cell) => cell.value));
    written.forEach(({ numFmt }, index) => {
      if (numFmt) row.getCell(index + 1).numFmt = numFmt;
    });
    row.commit();
    if (file.writableNeedDrain) await once(file, "drain");
  }
  sheet.commit();
}

/**
 * GET /api/organisations/{id}/exports/workbook.xlsx: the same rows as the three CSVs, in one workbook of three
 * sheets, "Hours", "Defects" and "Invoice lines" (in the company's language), the break and hours as numbers, the
 * dates and times as dates. exceljs's streaming writer zips each row as it is committed, so the workbook is never
 * whole in memory; the approved sets are read once for each sheet, and the rows of all three count towards the cap.
 */
export async function approvedWeeksWorkbook(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  rawQuery: unknown,
): Promise<ExportDownload> {
  const { query, t } = await exportAccess(deps, account, organisationId, rawQuery);
  const sheets = exportSheets(t);
  return buildExport(deps, organisationId, exportFileName("workbook", query), async (path, count) => {
    const file = createWriteStream(path);
    try {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: file,
        useStyles: true,
        useSharedStrings: false,
      });
      const hours = count(hoursRecords(deps, organisationId, query));
      await writeSheet(workbook, file, sheets.hours, hoursColumns(t), HOURS_WIDTHS, hours);
      const defects = count(defectRecords(deps, organisationId, query));
      await writeSheet(workbook, file, sheets.defects, defectColumns(t), DEFECT_WIDTHS, defects);
      const lines = count(invoiceLineRecords(deps, organisationId, query));
      await writeSheet(
        workbook,
        file,
        sheets.invoiceLines,
        invoiceLineColumns(t),
        INVOICE_LINE_WIDTHS,
        lines,
      );
      await workbook.commit();
      if (!file.closed) await once(file, "close");
    } finally {
      file.destroy();
    }
  });
}
