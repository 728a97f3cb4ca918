import { breakMinutesOf, dayNetHours, weekdayTotal, weeklyTotal } from "../hours/hours";
import type { TimesheetFields } from "../hours/timesheet";
import { english } from "../text/i18n/english";
import type { Translator } from "../text/i18n/translate";
import { DAYS, dayKey, dayLabel } from "../time/days";
import { formatDisplayDate } from "../time/iso-date";
import { fieldLabel } from "./field-labels";
import { customerEntry, fieldEntries, ratingBlocks } from "./pdf-section-parts";
import type { FormPdfContext, PdfBlock, PdfSection, TableRow } from "./pdf-sections";
import { formatSignedAt, isPresent, operatorPrintedName } from "./signatures";

/** A signed weekly timesheet as a PDF section: header, driver and vehicle, the week, notes, signatures, rating. */
export function timesheetPdfSection(timesheet: TimesheetFields, context: FormPdfContext): PdfSection {
  const t = context.t ?? english;
  const weekEnding = formatDisplayDate(timesheet.weekEnding);
  const signed = formatDisplayDate(timesheet.signatureDate);
  const blocks: PdfBlock[] = [
    {
      kind: "header",
      title: t("form.timesheet.title"),
      facts: [
        { label: fieldLabel("weekEnding", t), value: weekEnding },
        { label: fieldLabel("orderNumber", t), value: timesheet.orderNumber },
      ],
    },
    { kind: "heading", text: t("pdf.driverAndCompany") },
    {
      kind: "keyValues",
      columns: 3,
      entries: [
        ...fieldEntries(timesheet, ["driverSignedName", "company", "clientCompany", "siteLocation"], t),
        ...customerEntry(context, t),
      ],
    },
    { kind: "heading", text: t("pdf.vehicleAndMachineHours") },
    {
      kind: "keyValues",
      columns: 4,
      entries: fieldEntries(timesheet, ["machineNumber", "plantNumber", "machineHours", "vanMileage"], t),
    },
    { kind: "heading", text: t("pdf.hoursMondayToSunday") },
    {
      kind: "table",
      columns: [
        { header: t("pdf.column.day"), width: 1.25 },
        { header: t("pdf.column.start"), width: 0.75, align: "center" },
        { header: t("pdf.column.finish"), width: 0.75, align: "center" },
        { header: t("pdf.column.breakMinutes"), width: 0.8, align: "center" },
        { header: t("pdf.column.netHours"), width: 0.8, align: "right" },
        { header: t("pdf.column.working"), width: 1.3 },
        { header: t("pdf.column.standing"), width: 1.3 },
        { header: t("pdf.column.breakdownOrSite"), width: 2.4 },
      ],
      rows: [...DAYS.map((day) => dayRow(timesheet, day, t)), ...totalRows(timesheet, t)],
    },
    ...(isPresent(timesheet.standingTime)
      ? [
          {
            kind: "keyValues",
            columns: 1,
            entries: [{ label: fieldLabel("standingTime", t), value: timesheet.standingTime }],
          } as const,
        ]
      : []),
    { kind: "heading", text: fieldLabel("breakdownNotes", t) },
    { kind: "text", text: timesheet.breakdownNotes, emptyText: t("pdf.noBreakdownNotes") },
    { kind: "heading", text: t("pdf.signatures") },
    {
      kind: "signatures",
      boxes: [
        {
          title: fieldLabel("operatorSignature", t),
          image: timesheet.operatorSignature,
          name: operatorPrintedName(timesheet),
          date: signed,
          drawnAt: formatSignedAt(timesheet.operatorSignedAt, t),
        },
        {
          title: fieldLabel("clientSignature", t),
          image: timesheet.clientSignature,
          name: timesheet.clientSignedName,
          date: signed,
          drawnAt: formatSignedAt(timesheet.clientSignedAt, t),
        },
      ],
    },
    ...ratingBlocks(context.rating, t),
  ];
  return {
    stamp: {
      title: t("form.timesheet.title"),
      reference: t("pdf.timesheetReference", {
        plant: timesheet.plantNumber || "-",
        weekEnding: weekEnding || "-",
      }),
      fingerprint: context.fingerprint,
    },
    blocks,
  };
}

function dayRow(timesheet: TimesheetFields, day: (typeof DAYS)[number], t: Translator["t"]): TableRow {
  const start = timesheet[dayKey(day, "Start")];
  const finish = timesheet[dayKey(day, "Finish")];
  const worked = isPresent(start) || isPresent(finish);
  const net = dayNetHours(timesheet, day);
  const breakdown = timesheet[dayKey(day, "Breakdown")];
  const site = timesheet[dayKey(day, "SiteLocation")];
  const notes = [breakdown.trim(), isPresent(site) ? t("pdf.daySite", { site: site.trim() }) : ""]
    .filter(Boolean)
    .join("\n");
  return {
    cells: [
      { text: dayLabel(day, t), tone: "strong" },
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

function totalRows(timesheet: TimesheetFields, t: Translator["t"]): TableRow[] {
  return [
    { cells: [t("pdf.weekdayTotal"), "", "", "", hours(weekdayTotal(timesheet))], total: true },
    { cells: [t("pdf.weeklyTotal"), "", "", "", hours(weeklyTotal(timesheet))], total: true },
  ];
}

function hours(value: number): string {
  return value.toFixed(1);
}
