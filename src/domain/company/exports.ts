import { z } from "zod";
import type { CheckItemValues } from "../checks/check-items";
import { READINGS, type ReadingField, readingValues } from "../forms/check-sheet-readings";
import { photoUrlsOf } from "../forms/photos";
import { breakMinutesOf, type DayHoursFields, dayNetHours } from "../hours/hours";
import { weekDefects, weekTotalHours } from "../hours/week-summary";
import { isRating, RATING_LABELS } from "../sets/rating-labels";
import { english } from "../text/i18n/english";
import type { MessageKey, Translator } from "../text/i18n/translate";
import { DAYS, type Day, dayKey } from "../time/days";
import { addDays, daysBetween, isIsoDate, parseIsoDate } from "../time/iso-date";

/**
 * The company's exports of approved weeks (decision record 029): the hours of each approved timesheet, one row per
 * day its driver recorded something, and the defects of the check sheets approved with it, one row per item
 * marked as a defect. Pure: the server reads the approved sets a batch at a time and writes these rows as CSV or
 * as an XLSX workbook. The hours are the ones the timesheet's PDF prints (`dayNetHours`, `breakMinutesOf`). The
 * columns are the ones a payroll clerk asked for (decision record 043): the week ending on every row, the driver's
 * total for the week, the hour meter, what the driver typed as the day's work, the office's rating in the rating
 * picker's words, and in the workbook real dates and times.
 */

/** The hours export's columns, in order: the CSV's header row and the workbook's hours sheet's. */
const HOURS_COLUMN_KEYS = [
  "exportFile.column.weekEnding",
  "exportFile.column.date",
  "exportFile.column.driver",
  "exportFile.column.plant",
  "exportFile.column.machineHours",
  "exportFile.column.customer",
  "exportFile.column.orderNumber",
  "exportFile.column.site",
  "exportFile.column.start",
  "exportFile.column.finish",
  "exportFile.column.breakMinutes",
  "exportFile.column.netHours",
  "exportFile.column.working",
  "exportFile.column.standing",
  "exportFile.column.breakdown",
  "exportFile.column.driverWeekTotal",
  "exportFile.column.rating",
] as const satisfies readonly MessageKey[];

/** The defects export's columns, in order, before the sheet's readings (a column each). */
const DEFECT_COLUMN_KEYS = [
  "exportFile.column.weekEnding",
  "exportFile.column.date",
  "exportFile.column.plant",
  "exportFile.column.item",
  "exportFile.column.notes",
  "exportFile.column.photoLinks",
] as const satisfies readonly MessageKey[];

/**
 * The headers in the company's language (decision record 029): only the headers, the values are the same in
 * every language, so a payroll sheet reads them alike.
 */
export function hoursColumns(t: Translator["t"]): string[] {
  return HOURS_COLUMN_KEYS.map((key) => t(key));
}

export function defectColumns(t: Translator["t"]): string[] {
  return [...DEFECT_COLUMN_KEYS.map((key) => t(key)), ...READINGS.map((reading) => t(reading.label))];
}

/** The workbook's sheets, in order. */
export function exportSheets(t: Translator["t"]): { hours: string; defects: string; invoiceLines: string } {
  return {
    hours: t("exportFile.sheet.hours"),
    defects: t("exportFile.sheet.defects"),
    invoiceLines: t("exportFile.sheet.invoiceLines"),
  };
}

/** The English headers, what every company without another language gets. */
export const HOURS_COLUMNS: readonly string[] = hoursColumns(english);
export const DEFECT_COLUMNS: readonly string[] = defectColumns(english);
export const EXPORT_SHEETS = exportSheets(english);

/** The longest range of week endings one export covers: a year of weeks, with a day to spare for a leap year. */
export const MAX_EXPORT_RANGE_DAYS = 366;

const ExportDateSchema = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isIsoDate(v), "Enter the date as YYYY-MM-DD");

/**
 * GET /api/organisations/{id}/exports/...: the week endings the export covers, `from` to `to`, both included. `to`
 * may not come before `from`, nor more than `MAX_EXPORT_RANGE_DAYS` after it.
 */
export const ExportQuerySchema = z
  .object({ from: ExportDateSchema, to: ExportDateSchema })
  .superRefine(({ from, to }, ctx) => {
    const days = daysBetween(from, to);
    if (days === null) return;
    if (days < 0) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "The end date must not be before the start date",
      });
    } else if (days > MAX_EXPORT_RANGE_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `Export at most ${MAX_EXPORT_RANGE_DAYS} days of week endings at a time`,
      });
    }
  });
export type ExportQuery = z.infer<typeof ExportQuerySchema>;

/**
 * A segment of a cell that a spreadsheet program could read as a cell of its own, because it splits on the
 * separator before it when a file is opened or pasted with another separator than the CSV's comma (`;` in much of
 * Europe, a tab, a line break), and that starts, after any spaces, like a formula (=, +, -, @).
 */
const DANGEROUS_SEGMENT = /([;,\t\r\n])( *)(?=[=+\-@])/g;
/** The cell's own start: after any spaces, a formula's start, or a tab or carriage return (read as one by some). */
const DANGEROUS_START = /^ *[=+\-@\t\r]/;

/**
 * A cell of typed text made safe to open in a spreadsheet as CSV: every segment that a spreadsheet program could
 * read as a cell of its own (the whole cell, and each part after a `;`, `,`, tab, carriage return or line feed)
 * and that starts like a formula, after any spaces, gets an apostrophe before it, so it is shown as the text it is
 * and never run. Nothing else changes. Only the CSV needs this: the workbook writes typed text as text cells.
 */
export function guardCsvCell(text: string): string {
  const segments = text.replace(DANGEROUS_SEGMENT, "$1$2'");
  return DANGEROUS_START.test(segments) ? `'${segments}` : segments;
}

/**
 * A row's cells as the CSV writes them: typed text guarded (`guardCsvCell`), a date or time as it reads
 * (2025-06-14, 07:00: checked, so never a formula), numbers and blanks as they are.
 */
export function csvCells(cells: readonly ExportCell[]): Array<string | number | null> {
  return cells.map((cell) => {
    if (typeof cell === "string") return guardCsvCell(cell);
    if (cell !== null && typeof cell === "object") return "date" in cell ? cell.date : cell.time;
    return cell;
  });
}

/** A calendar date (YYYY-MM-DD), checked: the workbook writes it as a date. */
export interface DateCell {
  date: string;
}
/** A time of day (HH:MM), checked: the workbook writes it as a time. */
export interface TimeCell {
  time: string;
}

/** One cell of an export's row: typed text exactly as typed, a number, a date, a time, or blank. */
export type ExportCell = string | number | DateCell | TimeCell | null;

/** A date as a date cell when it is a real calendar date, else the text as it is (blank stays blank). */
export function dateCell(value: string): DateCell | string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isIsoDate(value) ? { date: value } : value;
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A time as a time cell when it is a time of day (HH:MM), else the text as typed (blank stays blank). */
export function timeCell(value: string): TimeCell | string {
  return TIME_OF_DAY.test(value) ? { time: value } : value;
}

/** The workbook's formats: the day as the app shows it (en-GB), a time on the 24-hour clock. */
export const WORKBOOK_DATE_FORMAT = "dd/mm/yyyy";
export const WORKBOOK_TIME_FORMAT = "hh:mm";

/**
 * A cell as the workbook writes it: a date as the day at midnight UTC and a time as that time on the spreadsheet's
 * day zero (30 December 1899), each with its number format, so a spreadsheet sorts, filters and adds them as dates
 * and times; typed text as a text cell, numbers as numbers.
 */
export function workbookCell(cell: ExportCell): { value: string | number | Date | null; numFmt?: string } {
  if (cell === null || typeof cell !== "object") return { value: cell };
  if ("date" in cell) {
    const [year, month, day] = cell.date.split("-").map(Number) as [number, number, number];
    return { value: new Date(Date.UTC(year, month - 1, day)), numFmt: WORKBOOK_DATE_FORMAT };
  }
  const [, hours, minutes] = TIME_OF_DAY.exec(cell.time) ?? [];
  return {
    value: new Date(Date.UTC(1899, 11, 30, Number(hours), Number(minutes))),
    numFmt: WORKBOOK_TIME_FORMAT,
  };
}

/** What the hours export reads of a timesheet: its week, its header fields and each day's times and notes. */
export type ExportTimesheet = DayHoursFields & {
  weekEnding: string;
  driverSignedName: string;
  plantNumber: string;
  machineHours?: string | null;
  clientCompany: string;
  orderNumber: string;
  siteLocation: string;
} & { [K in `${Day}${"Standing" | "Breakdown" | "SiteLocation" | "Working"}`]?: string | null };

/** One day of an approved timesheet, as the hours export writes it. */
export interface HourRow {
  weekEnding: string;
  date: string;
  driver: string;
  plant: string;
  /** The hour meter as the driver typed it. */
  machineHours: string;
  customer: string;
  orderNumber: string;
  site: string;
  start: string;
  finish: string;
  /** The break that counted, in minutes; null on a day without times (the PDF prints "-"). */
  breakMinutes: number | null;
  /** The day's net hours as the PDF prints them; null on a day without hours (the PDF prints "-"). */
  netHours: number | null;
  /** What the driver typed as the day's work. */
  working: string;
  standing: string;
  breakdown: string;
  /** The driver's net hours over all their approved timesheets of the week (`approvedHourRows`). */
  driverWeekTotal: number;
  /** The office's rating of the week in the rating picker's words; blank when none. */
  rating: string;
}

const text = (value: string | null | undefined): string => (typeof value === "string" ? value.trim() : "");

/**
 * The date of each day of the form's week, Monday first: of the seven days ending on the week ending (the days
 * pairing counts as the week's), the one of that weekday. With the advised Saturday week ending, Monday to Saturday
 * are the six days up to it and Sunday the day before them. Empty when the week ending is not a date.
 */
export function weekDates(weekEnding: string): string[] {
  const end = parseIsoDate(weekEnding);
  if (!end) return [];
  // Days back from the week ending to each weekday: 0 for its own weekday, up to 6.
  const endIndex = (end.getUTCDay() + 6) % 7;
  return DAYS.map((_, index) => addDays(weekEnding, -((endIndex - index + 7) % 7)) ?? "");
}

/** The date of one day of the form's week (`weekDates`), or null when the week ending is not a date. */
export function dateOfDay(weekEnding: string, day: Day): string | null {
  return weekDates(weekEnding)[DAYS.indexOf(day)] ?? null;
}

/**
 * The days of an approved timesheet the hours export writes, in date order (`dateOfDay`): each day with times, hours or
 * anything written against it (working, standing, breakdown, site). A day left blank is not a row; its net hours
 * are 0, so the rows' net hours add up to the week's total all the same. The customer is the one picked from the
 * company's list when there is one (`customerName`), else the company on hire to as the driver typed it; the site
 * is the day's own when given, else the week's. The driver's week total is this timesheet's and the rating blank:
 * `approvedHourRows` fills both in over a company's approved weeks.
 */
export function hourRows(timesheet: ExportTimesheet, customerName?: string | null): HourRow[] {
  const customer = text(customerName) || text(timesheet.clientCompany);
  const dates = weekDates(timesheet.weekEnding);
  const rows: HourRow[] = [];
  for (const [index, day] of DAYS.entries()) {
    const start = text(timesheet[dayKey(day, "Start")]);
    const finish = text(timesheet[dayKey(day, "Finish")]);
    const worked = start !== "" || finish !== "";
    const net = dayNetHours(timesheet, day);
    const standing = text(timesheet[dayKey(day, "Standing")]);
    const breakdown = text(timesheet[dayKey(day, "Breakdown")]);
    const daySite = text(timesheet[dayKey(day, "SiteLocation")]);
    const working = text(timesheet[dayKey(day, "Working")]);
    if (!worked && net === 0 && standing === "" && breakdown === "" && daySite === "" && working === "")
      continue;
    rows.push({
      weekEnding: timesheet.weekEnding,
      date: dates[index] ?? "",
      driver: text(timesheet.driverSignedName),
      plant: text(timesheet.plantNumber),
      machineHours: text(timesheet.machineHours),
      customer,
      orderNumber: text(timesheet.orderNumber),
      site: daySite || text(timesheet.siteLocation),
      start,
      finish,
      breakMinutes: worked ? breakMinutesOf(timesheet[dayKey(day, "Break")]) : null,
      netHours: worked || net > 0 ? net : null,
      working,
      standing,
      breakdown,
      driverWeekTotal: weekTotalHours(timesheet),
      rating: "",
    });
  }
  return rows.sort((a, b) => a.date.localeCompare(b.date));
}

/** An approved timesheet as the hours export reads it: whose it is, its picked customer and the office's rating. */
export interface ApprovedTimesheet {
  timesheet: ExportTimesheet;
  /** The account the week belongs to: a driver's weeks add up by account, not by the name typed on them. */
  driverId: string;
  customerName?: string | null;
  /** As stored: one of the rating picker's values, or null when the week was approved without one. */
  rating?: string | null;
}

/**
 * The rows of approved timesheets (`hourRows`), each timesheet's in its turn, each row with its driver's total for
 * the week over all of their timesheets given of that week ending (a driver on two machines has two), and the
 * office's rating in the words of the rating picker. The server gives it the timesheets of one week ending at a
 * time, so a driver's week is whole.
 */
export function approvedHourRows(approved: readonly ApprovedTimesheet[]): HourRow[] {
  const key = ({ driverId, timesheet }: ApprovedTimesheet) => `${timesheet.weekEnding}\n${driverId}`;
  // Summed in tenths, as the hours are written, so the totals carry no floating-point dust.
  const tenths = new Map<string, number>();
  for (const week of approved) {
    tenths.set(key(week), (tenths.get(key(week)) ?? 0) + Math.round(weekTotalHours(week.timesheet) * 10));
  }
  return approved.flatMap((week) => {
    const driverWeekTotal = (tenths.get(key(week)) ?? 0) / 10;
    const rating = isRating(week.rating) ? RATING_LABELS[week.rating] : "";
    return hourRows(week.timesheet, week.customerName).map((row) => ({ ...row, driverWeekTotal, rating }));
  });
}

/** The hour meter as a number when it was typed as a plain one (4521.5), else as typed. */
function machineHoursCell(typed: string): string | number {
  return /^\d+(\.\d+)?$/.test(typed) ? Number(typed) : typed;
}

/**
 * A row's cells in `HOURS_COLUMNS` order: typed text as typed, the dates and times as date and time cells, the
 * break and hours as numbers (blank when none). The CSV guards the text (`csvCells`); the workbook writes it as
 * text cells.
 */
export function hourRowCells(row: HourRow): ExportCell[] {
  return [
    dateCell(row.weekEnding),
    dateCell(row.date),
    row.driver,
    row.plant,
    machineHoursCell(row.machineHours),
    row.customer,
    row.orderNumber,
    row.site,
    timeCell(row.start),
    timeCell(row.finish),
    row.breakMinutes,
    row.netHours,
    row.working,
    row.standing,
    row.breakdown,
    row.driverWeekTotal,
    row.rating,
  ];
}

/** What the defects export reads of a check sheet. */
export type ExportCheckSheet = CheckItemValues & { [R in ReadingField]?: string } & {
  id: string;
  checkDate: string;
  plantNumber: string;
  defectsNotes?: string | null;
  photos?: readonly string[] | null;
  photoURLs?: readonly string[] | null;
};

/** One defect of an approved set, as the defects export writes it. */
export interface DefectRow {
  weekEnding: string;
  date: string;
  plant: string;
  item: string;
  notes: string;
  /** Absolute links to the sheet's photos, in its order. */
  photoLinks: string[];
  /** The sheet's readings, in `READINGS` order ("" where none was picked). */
  readings: string[];
}

/**
 * A photo's address as a link that opens from a spreadsheet: a path on this server under its public address, an
 * absolute address as it is.
 */
export function absolutePhotoLink(url: string, publicUrl: string): string {
  return url.startsWith("/") && !url.startsWith("//") ? `${publicUrl.replace(/\/+$/, "")}${url}` : url;
}

/**
 * The defects of a set's check sheets, oldest check first, as `weekDefects` lists them (each item marked as a
 * defect under the sheet's own template, with the sheet's notes), each with its sheet's plant and photo links, and
 * the week ending of the timesheet they were approved with.
 */
export function defectRows(
  checkSheets: readonly ExportCheckSheet[],
  publicUrl: string,
  weekEnding: string,
): DefectRow[] {
  const byId = new Map(checkSheets.map((sheet) => [sheet.id, sheet]));
  return weekDefects(checkSheets).map((defect) => {
    const sheet = byId.get(defect.checkSheetId);
    return {
      weekEnding,
      date: defect.checkDate,
      plant: text(sheet?.plantNumber),
      item: defect.label,
      notes: defect.notes ?? "",
      photoLinks: sheet ? photoUrlsOf(sheet).map((url) => absolutePhotoLink(url, publicUrl)) : [],
      readings: readingValues(sheet ?? {}),
    };
  });
}

/** A row's cells in `DEFECT_COLUMNS` order, typed text as typed, the dates as date cells; photo links one per line. */
export function defectRowCells(row: DefectRow): ExportCell[] {
  return [
    dateCell(row.weekEnding),
    dateCell(row.date),
    row.plant,
    row.item,
    row.notes,
    row.photoLinks.join("\n"),
    ...row.readings,
  ];
}

/** The company's exports, as the Company screen lists them and their files are named. */
export type ExportKind = "hours" | "defects" | "invoiceLines" | "workbook";

const EXPORT_FILE_NAMES = {
  hours: "hours",
  defects: "defects",
  invoiceLines: "invoice-lines",
  workbook: "approved-weeks",
} as const satisfies Record<ExportKind, string>;

/** A download's file name: only the export's kind and its validated dates, so nothing typed reaches the header. */
export function exportFileName(kind: ExportKind, query: ExportQuery): string {
  const extension = kind === "workbook" ? "xlsx" : "csv";
  const name = EXPORT_FILE_NAMES[kind];
  return `plant-sheets-${name}-${query.from}-to-${query.to}.${extension}`;
}
