import { once } from "node:events";
import { PassThrough, pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import ExcelJS from "exceljs";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import {
  DEFECT_COLUMNS,
  defectRowCells,
  defectRows,
  EXPORT_SHEETS,
  type ExportCheckSheet,
  type ExportQuery,
  ExportQuerySchema,
  type ExportTimesheet,
  exportFileName,
  HOURS_COLUMNS,
  hourRowCells,
  hourRows,
} from "../../../domain/exports";
import type { Account } from "../../db/accounts-repository";
import { findCustomer } from "../../db/customers-repository";
import { listApprovedOrganisationTimesheets, type ReviewListPosition } from "../../db/forms-repository";
import { parseInput } from "../../parse-input";
import { asTimesheet, type StoredCheckSheet, type StoredTimesheet } from "../combined-set-forms";
import { pairedCheckSheets } from "./office-review";
import { memberOf } from "./organisation-access";

/** Approved timesheets read at a time: a batch's forms and their check sheets are all that is held at once. */
export const EXPORT_BATCH = 200;

/** One approved week: its timesheet, the check sheets approved with it, and the name of its picked customer. */
export interface ApprovedSet {
  timesheet: StoredTimesheet;
  checkSheets: StoredCheckSheet[];
  customerName: string | null;
}

type Cells = Array<string | number | null>;

/** An export ready to send: its bytes as they are made, and the name to save it under. */
export interface ExportDownload {
  stream: NodeJS.ReadableStream;
  fileName: string;
}

/**
 * The organisation's approved sets with a week ending in the query's range, oldest week first (ties by the
 * timesheet's id), read a batch at a time from where the last batch ended (keyset), so memory stays flat however
 * long the range. The check sheets are paired as the review list pairs them, keeping those approved; they are read
 * only when asked for. A customer's name is looked up once per export.
 */
export async function* approvedSets(
  app: FastifyInstance,
  organisationId: string,
  query: ExportQuery,
  withCheckSheets: boolean,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<ApprovedSet> {
  const { db } = app.deps.database;
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
      ? await pairedCheckSheets(app, organisationId, batch, { onlyReviewApproved: true })
      : new Map<string, StoredCheckSheet[]>();
    for (const form of batch) {
      const timesheet = asTimesheet(form);
      yield {
        timesheet,
        checkSheets: paired.get(form.id) ?? [],
        customerName: await customerNameOf(timesheet.customerId ?? ""),
      };
    }
    const last = batch.at(-1);
    if (batch.length < batchSize || !last) return;
    after = { weekEnding: last.date ?? "", id: last.id };
  }
}

async function* hoursRecords(app: FastifyInstance, organisationId: string, query: ExportQuery) {
  for await (const set of approvedSets(app, organisationId, query, false)) {
    for (const row of hourRows(set.timesheet as ExportTimesheet, set.customerName)) yield hourRowCells(row);
  }
}

/**
 * The defects' rows. Their photo links are `/api/photos/{id}` under the public address: that route needs a
 * session (the driver's, or a supervisor's or admin's of the company whose form the photo is on: read-photo.ts),
 * so a link opened in a browser not signed in to Plant Sheets answers 404 until the office user signs in there.
 */
async function* defectRecords(app: FastifyInstance, organisationId: string, query: ExportQuery) {
  const { publicUrl } = app.deps.config;
  for await (const set of approvedSets(app, organisationId, query, true)) {
    for (const row of defectRows(set.checkSheets as unknown as ExportCheckSheet[], publicUrl)) {
      yield defectRowCells(row);
    }
  }
}

/**
 * Records as CSV, streamed: a byte order mark first, so a spreadsheet opens the file as UTF-8 (names such as
 * Łukasz or Siôn), then the header row and a row per record, CRLF between rows (RFC 4180). csv-stringify quotes
 * what needs quoting. A failure part way destroys the stream, so the download ends short rather than looking whole.
 */
function csvStream(
  columns: readonly string[],
  records: AsyncIterable<Cells>,
  log: FastifyBaseLogger,
): NodeJS.ReadableStream {
  return pipeline(
    Readable.from(records),
    stringify({ header: true, columns: [...columns], bom: true, record_delimiter: "windows" }),
    (error) => {
      if (error) log.error({ err: error }, "export failed part way");
    },
  );
}

/**
 * The caller may export the organisation's weeks (admins: 404 to anyone not in it, 403 to its drivers and
 * supervisors, whatever they ask for), and what range they ask for (400 when it is not one).
 */
async function exportAccess(
  app: FastifyInstance,
  account: Account,
  organisationId: string,
  rawQuery: unknown,
): Promise<ExportQuery> {
  await memberOf(app, account, organisationId, "export");
  return parseInput(ExportQuerySchema, rawQuery);
}

/** GET /api/organisations/{id}/exports/hours.csv: a row per driver per day of the approved weeks. Admins only. */
export async function hoursCsv(
  app: FastifyInstance,
  account: Account,
  organisationId: string,
  rawQuery: unknown,
): Promise<ExportDownload> {
  const query = await exportAccess(app, account, organisationId, rawQuery);
  return {
    stream: csvStream(HOURS_COLUMNS, hoursRecords(app, organisationId, query), app.log),
    fileName: exportFileName("hours", query),
  };
}

/** GET /api/organisations/{id}/exports/defects.csv: a row per defect of the approved weeks' check sheets. */
export async function defectsCsv(
  app: FastifyInstance,
  account: Account,
  organisationId: string,
  rawQuery: unknown,
): Promise<ExportDownload> {
  const query = await exportAccess(app, account, organisationId, rawQuery);
  return {
    stream: csvStream(DEFECT_COLUMNS, defectRecords(app, organisationId, query), app.log),
    fileName: exportFileName("defects", query),
  };
}

const HOURS_WIDTHS = [12, 24, 12, 24, 14, 24, 8, 8, 11, 10, 24, 40];
const DEFECT_WIDTHS = [12, 12, 32, 48, 60];

/** Writes records to a sheet a row at a time, letting the download catch up whenever its buffer is full. */
async function writeSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  out: PassThrough,
  name: string,
  columns: readonly string[],
  widths: readonly number[],
  records: AsyncIterable<Cells>,
): Promise<void> {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((header, index) => ({
    header,
    key: String(index),
    width: widths[index] ?? 12,
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const cells of records) {
    sheet.addRow(cells).commit();
    if (out.writableNeedDrain) await Promise.race([once(out, "drain"), once(out, "close")]);
    // The download went away: stop reading (the generator's return ends the reads).
    if (out.destroyed) return;
  }
  sheet.commit();
}

/**
 * GET /api/organisations/{id}/exports/workbook.xlsx: the same rows as the two CSVs, in one workbook of two sheets,
 * "Hours" and "Defects", the break and net hours as numbers. exceljs's streaming writer zips each row as it is
 * committed, so the workbook is never whole in memory; the approved sets are read once for each sheet.
 */
export async function approvedWeeksWorkbook(
  app: FastifyInstance,
  account: Account,
  organisationId: string,
  rawQuery: unknown,
): Promise<ExportDownload> {
  const query = await exportAccess(app, account, organisationId, rawQuery);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const write = async () => {
    const hours = hoursRecords(app, organisationId, query);
    await writeSheet(workbook, out, EXPORT_SHEETS.hours, HOURS_COLUMNS, HOURS_WIDTHS, hours);
    if (out.destroyed) return;
    const defects = defectRecords(app, organisationId, query);
    await writeSheet(workbook, out, EXPORT_SHEETS.defects, DEFECT_COLUMNS, DEFECT_WIDTHS, defects);
    if (out.destroyed) return;
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    app.log.error({ err: error }, "export failed part way");
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { stream: out, fileName: exportFileName("workbook", query) };
}
