import type { ChargeableHours } from "../hire/chargeable-hours";
import { type HireFields, timesheetCharge } from "../hire/timesheet-hire";
import { weekTotalHours } from "../hours/week-summary";
import { english } from "../text/i18n/english";
import type { MessageKey, Translator } from "../text/i18n/translate";
import { ukIsoDate } from "../time/uk-time";
import { dateCell, type ExportCell, type ExportTimesheet } from "./exports";

/**
 * The invoice lines of approved weeks: what a company bills its clients from. One line per customer, order number,
 * plant and week ending, with the chargeable hours the clients signed for on those weeks' timesheets by category
 * (normal, overtime, weekend, standing), their total, the breakdown hours beside them (never charged), the net
 * hours of the timesheets' times, how many timesheets make the line and the day the office last approved one of
 * them. The hours are `timesheetCharge` of each stored timesheet, as its signed PDF prints them, added up: never
 * worked out again here. Pure: the server reads the approved timesheets of one week ending at a time and writes
 * these lines as CSV or as a sheet of the approved-weeks workbook.
 */

/** The invoice lines' columns, in order: the CSV's header row and the workbook's sheet's. */
const INVOICE_LINE_COLUMN_KEYS = [
  "exportFile.column.weekEnding",
  "exportFile.column.customer",
  "exportFile.column.orderNumber",
  "exportFile.column.plant",
  "exportFile.column.normalHours",
  "exportFile.column.overtimeHours",
  "exportFile.column.weekendHours",
  "exportFile.column.standingHours",
  "exportFile.column.totalChargeable",
  "exportFile.column.breakdownHours",
  "exportFile.column.netHours",
  "exportFile.column.timesheets",
  "exportFile.column.approvedOn",
] as const satisfies readonly MessageKey[];

/** The headers in the company's language; the values are the same in every language. */
export function invoiceLineColumns(t: Translator["t"]): string[] {
  return INVOICE_LINE_COLUMN_KEYS.map((key) => t(key));
}

export const INVOICE_LINE_COLUMNS: readonly string[] = invoiceLineColumns(english);

/** What the invoice lines read of a timesheet: its header fields, its days' times and its hours by kind. */
export type InvoiceTimesheet = ExportTimesheet & HireFields;

/** An approved timesheet as the invoice lines read it: its picked customer, and when the office approved it. */
export interface InvoicedTimesheet {
  timesheet: InvoiceTimesheet;
  customerName?: string | null;
  /** The moment the office approved the week (ISO 8601). */
  approvedAt: string;
}

/** One invoice line. */
export interface InvoiceLine {
  weekEnding: string;
  customer: string;
  orderNumber: string;
  plant: string;
  /**
   * The chargeable hours by category over the line's timesheets; null for a line of timesheets made before hours
   * by kind, which have no charge: the office prices those from their PDFs as before.
   */
  charge: ChargeableHours | null;
  /** Every category together; null with `charge`. */
  totalChargeable: number | null;
  /** The breakdown hours over the line's timesheets (never charged); null with `charge`. */
  breakdown: number | null;
  /** The net hours of the line's timesheets' times, as their PDFs and the hours export total them. */
  netHours: number;
  timesheets: number;
  /** The day in UK time the office approved the last of the line's timesheets (ISO date). */
  approvedOn: string;
}

const text = (value: string | null | undefined): string => (typeof value === "string" ? value.trim() : "");

/** Minutes in an hour: a line's hours are added up in whole minutes, as the hours by kind are kept. */
const MINUTES = 60;
const minutesOf = (hours: number) => Math.round(hours * MINUTES);
/**
 * Hours from minutes, to the hundredth: times are kept in tenths of an hour and hours by kind in quarters, so every
 * figure is a multiple of 3 minutes (0.05 h) and the hundredth holds it exactly.
 */
const hoursOf = (minutes: number) => Math.round((minutes / MINUTES) * 100) / 100;

const CATEGORIES = ["normal", "overtime", "weekend", "standing"] as const satisfies ReadonlyArray<
  keyof ChargeableHours
>;

interface Sums {
  line: Omit<
    InvoiceLine,
    "charge" | "totalChargeable" | "breakdown" | "netHours" | "timesheets" | "approvedOn"
  >;
  charged: boolean;
  minutes: Record<(typeof CATEGORIES)[number] | "breakdown", number>;
  netTenths: number;
  timesheets: number;
  approvedAt: number;
}

const collator = new Intl.Collator("en-GB", { numeric: true });
const byText = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The invoice lines of approved timesheets: grouped by week ending, customer, order number and plant, each line
 * the sum of its timesheets' `timesheetCharge`. The customer is the one picked from the company's list when there
 * is one, else the company on hire to as typed (as the hours export names it); the texts are grouped as written,
 * trimmed. Timesheets made before hours by kind are never added to a charged line: they make lines of their own,
 * with no charge and their net hours, so no approved week goes unbilled unseen. Lines in order of week ending,
 * customer, order number and plant (numbers in text in their numeric order), a charged line before one without.
 */
export function invoiceLines(approved: readonly InvoicedTimesheet[]): InvoiceLine[] {
  const groups = new Map<string, Sums>();
  for (const { timesheet, customerName, approvedAt } of approved) {
    const charge = timesheetCharge(timesheet);
    const line = {
      weekEnding: timesheet.weekEnding,
      customer: text(customerName) || text(timesheet.clientCompany),
      orderNumber: text(timesheet.orderNumber),
      plant: text(timesheet.plantNumber),
    };
    const key = JSON.stringify([
      line.weekEnding,
      line.customer,
      line.orderNumber,
      line.plant,
      charge !== null,
    ]);
    let sums = groups.get(key);
    if (!sums) {
      sums = {
        line,
        charged: charge !== null,
        minutes: { normal: 0, overtime: 0, weekend: 0, standing: 0, breakdown: 0 },
        netTenths: 0,
        timesheets: 0,
        approvedAt: Number.NEGATIVE_INFINITY,
      };
      groups.set(key, sums);
    }
    if (charge) {
      for (const category of CATEGORIES) sums.minutes[category] += minutesOf(charge.week[category]);
      sums.minutes.breakdown += minutesOf(charge.breakdown);
    }
    sums.netTenths += Math.round(weekTotalHours(timesheet) * 10);
    sums.timesheets += 1;
    sums.approvedAt = Math.max(sums.approvedAt, Date.parse(approvedAt));
  }
  const lines = [...groups.values()].map((sums): InvoiceLine => {
    const charge = sums.charged
      ? {
          normal: hoursOf(sums.minutes.normal),
          overtime: hoursOf(sums.minutes.overtime),
          weekend: hoursOf(sums.minutes.weekend),
          standing: hoursOf(sums.minutes.standing),
        }
      : null;
    const total = CATEGORIES.reduce((sum, category) => sum + sums.minutes[category], 0);
    return {
      ...sums.line,
      charge,
      totalChargeable: charge ? hoursOf(total) : null,
      breakdown: charge ? hoursOf(sums.minutes.breakdown) : null,
      netHours: sums.netTenths / 10,
      timesheets: sums.timesheets,
      approvedOn: Number.isFinite(sums.approvedAt) ? ukIsoDate(sums.approvedAt) : "",
    };
  });
  return lines.sort(
    (a, b) =>
      a.weekEnding.localeCompare(b.weekEnding) ||
      byText(a.customer, b.customer) ||
      byText(a.orderNumber, b.orderNumber) ||
      byText(a.plant, b.plant) ||
      Number(a.charge === null) - Number(b.charge === null),
  );
}

/**
 * A line's cells in `INVOICE_LINE_COLUMNS` order: the dates as date cells, the hours and the count as numbers, the
 * chargeable and breakdown hours blank on a line without a charge, typed text as typed (the CSV guards it).
 */
export function invoiceLineCells(line: InvoiceLine): ExportCell[] {
  return [
    dateCell(line.weekEnding),
    line.customer,
    line.orderNumber,
    line.plant,
    line.charge?.normal ?? null,
    line.charge?.overtime ?? null,
    line.charge?.weekend ?? null,
    line.charge?.standing ?? null,
    line.totalChargeable,
    line.breakdown,
    line.netHours,
    line.timesheets,
    dateCell(line.approvedOn),
  ];
}
