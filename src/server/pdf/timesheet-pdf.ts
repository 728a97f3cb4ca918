import { DAY_LABELS, DAYS, dayKey } from "../../domain/days";
import { breakMinutesOf, dayNetHours, weekdayTotal, weeklyTotal } from "../../domain/hours";
import { formatDisplayDate } from "../../domain/iso-date";
import { type Rating, ratingLabel } from "../../domain/rating";
import { formatSignedAt, isPresent, operatorPrintedName } from "../../domain/signatures";
import type { TimesheetFields } from "../../domain/timesheet";
import { PdfCanvas, type TableRow } from "./pdf-canvas";
import { signedContentFingerprint } from "./signed-content-fingerprint";

export const TIMESHEET_TITLE = "Weekly Timesheet";

export interface TimesheetPdfInput {
  timesheet: TimesheetFields;
  rating: Rating;
  ratingNotes?: string;
  /** The customer picked before the form, when there was one. */
  customerName?: string;
  generatedAt: Date;
}

export interface TimesheetSection {
  timesheet: TimesheetFields;
  customerName?: string;
  /** The driver's rating; left out where a document shows one rating for several forms. */
  rating?: { rating: Rating; notes?: string };
}

/** A signed weekly timesheet as an A4 PDF. */
export async function renderTimesheetPdf(input: TimesheetPdfInput): Promise<Buffer> {
  const canvas = new PdfCanvas({
    title: `${TIMESHEET_TITLE} - ${input.timesheet.plantNumber}`,
    subject: `Week ending ${formatDisplayDate(input.timesheet.weekEnding)}`,
    generatedAt: input.generatedAt,
  });
  drawTimesheetSection(canvas, {
    timesheet: input.timesheet,
    customerName: input.customerName,
    rating: { rating: input.rating, notes: input.ratingNotes },
  });
  return canvas.toBuffer();
}

/** Draws a timesheet as a section starting on a new page: header, week, notes, signatures and rating. */
export function drawTimesheetSection(
  canvas: PdfCanvas,
  { timesheet, customerName, rating }: TimesheetSection,
): void {
  const weekEnding = formatDisplayDate(timesheet.weekEnding);
  canvas.startSection({
    title: TIMESHEET_TITLE,
    reference: `Plant ${timesheet.plantNumber || "-"}  |  Week ending ${weekEnding || "-"}`,
    fingerprint: signedContentFingerprint(timesheet),
  });
  canvas.documentHeader(TIMESHEET_TITLE, [
    { label: "Week ending", value: weekEnding },
    { label: "Order number", value: timesheet.orderNumber },
  ]);

  canvas.heading("Driver & company");
  canvas.keyValueGrid(
    [
      { label: "Driver name", value: timesheet.driverSignedName },
      { label: "Company", value: timesheet.company },
      { label: "Company on hire to", value: timesheet.clientCompany },
      { label: "Site location", value: timesheet.siteLocation },
      ...(isPresent(customerName) ? [{ label: "Customer", value: customerName }] : []),
    ],
    3,
  );

  canvas.heading("Vehicle & machine hours");
  canvas.keyValueGrid(
    [
      { label: "Machine/Vehicle type", value: timesheet.machineNumber },
      { label: "Plant/Registration no.", value: timesheet.plantNumber },
      { label: "Machine hours (start)", value: timesheet.machineHours },
      { label: "Van mileage (start)", value: timesheet.vanMileage },
    ],
    4,
  );

  canvas.heading("Hours, Monday to Sunday");
  canvas.table(
    [
      { header: "Day", width: 1.25 },
      { header: "Start", width: 0.75, align: "center" },
      { header: "Finish", width: 0.75, align: "center" },
      { header: "Break (min)", width: 0.8, align: "center" },
      { header: "Net hours", width: 0.8, align: "right" },
      { header: "Working", width: 1.3 },
      { header: "Standing", width: 1.3 },
      { header: "Breakdown / site location", width: 2.4 },
    ],
    [...DAYS.map((day) => dayRow(timesheet, day)), ...totalRows(timesheet)],
  );
  if (isPresent(timesheet.standingTime)) {
    canvas.keyValueGrid([{ label: "Standing time", value: timesheet.standingTime }], 1);
  }

  canvas.heading("Breakdown notes");
  canvas.textBlock(timesheet.breakdownNotes, "No breakdown notes");

  canvas.heading("Signatures");
  const signed = formatDisplayDate(timesheet.signatureDate);
  canvas.signatureBoxes([
    {
      title: "Operator signature",
      image: timesheet.operatorSignature,
      name: operatorPrintedName(timesheet),
      date: signed,
      drawnAt: formatSignedAt(timesheet.operatorSignedAt),
    },
    {
      title: "Client signature",
      image: timesheet.clientSignature,
      name: timesheet.clientSignedName,
      date: signed,
      drawnAt: formatSignedAt(timesheet.clientSignedAt),
    },
  ]);

  if (rating) {
    canvas.heading("Driver rating");
    canvas.keyValueGrid([
      { label: "Rating", value: ratingLabel(rating.rating) },
      { label: "Rating notes", value: rating.notes },
    ]);
  }
}

function dayRow(timesheet: TimesheetFields, day: (typeof DAYS)[number]): TableRow {
  const start = timesheet[dayKey(day, "Start")];
  const finish = timesheet[dayKey(day, "Finish")];
  const worked = isPresent(start) || isPresent(finish);
  const net = dayNetHours(timesheet, day);
  const breakdown = timesheet[dayKey(day, "Breakdown")];
  const site = timesheet[dayKey(day, "SiteLocation")];
  const notes = [breakdown.trim(), isPresent(site) ? `Site: ${site.trim()}` : ""].filter(Boolean).join("\n");
  return {
    cells: [
      { text: DAY_LABELS[day], tone: "strong" },
      start || "-",
      finish || "-",
      worked ? String(breakMinutesOf(timesheet[dayKey(day, "Break")])) : "-",
      worked || net > 0 ? { text: hours(net), tone: "strong" } : { text: "-", tone: "muted" },
      timesheet[dayKey(day, "Working")],
      timesheet[dayKey(day, "Standing")],
      notes,
    ],
  };
}

function totalRows(timesheet: TimesheetFields): TableRow[] {
  return [
    { cells: ["Mon-Fri total", "", "", "", hours(weekdayTotal(timesheet))], total: true },
    { cells: ["Weekly total", "", "", "", hours(weeklyTotal(timesheet))], total: true },
  ];
}

function hours(value: number): string {
  return value.toFixed(1);
}
