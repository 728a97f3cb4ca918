import { breakMinutesOf, dayNetHours, weekdayTotal, weeklyTotal } from "../hours/hours";
import type { TimesheetFields } from "../hours/timesheet";
import { DAY_LABELS, DAYS, dayKey } from "../time/days";
import { formatDisplayDate } from "../time/iso-date";
import { fieldLabel } from "./field-labels";
import { customerEntry, fieldEntries, ratingBlocks } from "./pdf-section-parts";
import type { FormPdfContext, PdfBlock, PdfSection, TableRow } from "./pdf-sections";
import { formatSignedAt, isPresent, operatorPrintedName } from "./signatures";

export const TIMESHEET_PDF_TITLE = "Weekly Timesheet";

/** A signed weekly timesheet as a PDF section: header, driver and vehicle, the week, notes, signatures, rating. */
export function timesheetPdfSection(timesheet: TimesheetFields, context: FormPdfContext): PdfSection {
  const weekEnding = formatDisplayDate(timesheet.weekEnding);
  const signed = formatDisplayDate(timesheet.signatureDate);
  const blocks: PdfBlock[] = [
    {
      kind: "header",
      title: TIMESHEET_PDF_TITLE,
      facts: [
        { label: fieldLabel("weekEnding"), value: weekEnding },
        { label: fieldLabel("orderNumber"), value: timesheet.orderNumber },
      ],
    },
    { kind: "heading", text: "Driver & company" },
    {
      kind: "keyValues",
      columns: 3,
      entries: [
        ...fieldEntries(timesheet, ["driverSignedName", "company", "clientCompany", "siteLocation"]),
        ...customerEntry(context),
      ],
    },
    { kind: "heading", text: "Vehicle & machine hours" },
    {
      kind: "keyValues",
      columns: 4,
      entries: fieldEntries(timesheet, ["machineNumber", "plantNumber", "machineHours", "vanMileage"]),
    },
    { kind: "heading", text: "Hours, Monday to Sunday" },
    {
      kind: "table",
      columns: [
        { header: "Day", width: 1.25 },
        { header: "Start", width: 0.75, align: "center" },
        { header: "Finish", width: 0.75, align: "center" },
        { header: "Break (min)", width: 0.8, align: "center" },
        { header: "Net hours", width: 0.8, align: "right" },
        { header: "Working", width: 1.3 },
        { header: "Standing", width: 1.3 },
        { header: "Breakdown / site location", width: 2.4 },
      ],
      rows: [...DAYS.map((day) => dayRow(timesheet, day)), ...totalRows(timesheet)],
    },
    ...(isPresent(timesheet.standingTime)
      ? [
          {
            kind: "keyValues",
            columns: 1,
            entries: [{ label: fieldLabel("standingTime"), value: timesheet.standingTime }],
          } as const,
        ]
      : []),
    { kind: "heading", text: fieldLabel("breakdownNotes") },
    { kind: "text", text: timesheet.breakdownNotes, emptyText: "No breakdown notes" },
    { kind: "heading", text: "Signatures" },
    {
      kind: "signatures",
      boxes: [
        {
          title: fieldLabel("operatorSignature"),
          image: timesheet.operatorSignature,
          name: operatorPrintedName(timesheet),
          date: signed,
          drawnAt: formatSignedAt(timesheet.operatorSignedAt),
        },
        {
          title: fieldLabel("clientSignature"),
          image: timesheet.clientSignature,
          name: timesheet.clientSignedName,
          date: signed,
          drawnAt: formatSignedAt(timesheet.clientSignedAt),
        },
      ],
    },
    ...ratingBlocks(context.rating),
  ];
  return {
    stamp: {
      title: TIMESHEET_PDF_TITLE,
      reference: `Plant ${timesheet.plantNumber || "-"}  |  Week ending ${weekEnding || "-"}`,
      fingerprint: context.fingerprint,
    },
    blocks,
  };
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
