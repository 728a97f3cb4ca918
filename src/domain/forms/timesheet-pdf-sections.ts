import { totalChargeable } from "../hire/chargeable-hours";
import { BREAKDOWN_REASON_KEYS, type DayKinds, type HireDays, STANDING_REASON_KEYS } from "../hire/day-kinds";
import {
  CHARGE_CATEGORIES,
  hireTermsWords,
  type TimesheetCharge,
  timesheetCharge,
  timesheetHireDays,
} from "../hire/timesheet-hire";
import { breakMinutesOf, dayNetHours, weekdayTotal, weeklyTotal } from "../hours/hours";
import type { TimesheetFields } from "../hours/timesheet";
import { english } from "../text/i18n/english";
import type { Translator } from "../text/i18n/translate";
import { DAYS, type Day, dayKey, dayLabel } from "../time/days";
import { formatDisplayDate } from "../time/iso-date";
import { fieldLabel } from "./field-labels";
import { customerEntry, fieldEntries, ratingBlocks } from "./pdf-section-parts";
import type { FormPdfContext, PdfBlock, PdfSection, TableCell, TableColumn, TableRow } from "./pdf-sections";
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
      columns: timesheet.meterStart === undefined ? 4 : 5,
      entries:
        timesheet.meterStart === undefined
          ? fieldEntries(timesheet, ["machineNumber", "plantNumber", "machineHours", "vanMileage"], t)
          : [
              ...fieldEntries(timesheet, ["machineNumber", "plantNumber"], t),
              { label: fieldLabel("meterStart", t), value: timesheet.meterStart },
              { label: fieldLabel("meterEnd", t), value: timesheet.meterEnd ?? "" },
              ...fieldEntries(timesheet, ["vanMileage"], t),
            ],
    },
    { kind: "heading", text: t("pdf.hoursMondayToSunday") },
    ...hoursBlocks(timesheet, t),
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

/** The columns every week table starts with: the day, its times, its break and its net hours. */
function timeColumns(t: Translator["t"]): TableColumn[] {
  return [
    { header: t("pdf.column.day"), width: 1.25 },
    { header: t("pdf.column.start"), width: 0.75, align: "center" },
    { header: t("pdf.column.finish"), width: 0.75, align: "center" },
    { header: t("pdf.column.breakMinutes"), width: 0.8, align: "center" },
    { header: t("pdf.column.netHours"), width: 0.8, align: "right" },
  ];
}

function timeCells(timesheet: TimesheetFields, day: Day, t: Translator["t"]): TableCell[] {
  const start = timesheet[dayKey(day, "Start")];
  const finish = timesheet[dayKey(day, "Finish")];
  const worked = isPresent(start) || isPresent(finish);
  const net = dayNetHours(timesheet, day);
  return [
    { text: dayLabel(day, t), tone: "strong" },
    start || "-",
    finish || "-",
    worked ? String(breakMinutesOf(timesheet[dayKey(day, "Break")])) : "-",
    worked || net > 0 ? { text: hours(net), tone: "strong" } : { text: "-", tone: "muted" },
  ];
}

function siteWords(timesheet: TimesheetFields, day: Day, t: Translator["t"]): string {
  const site = timesheet[dayKey(day, "SiteLocation")];
  return isPresent(site) ? t("pdf.daySite", { site: site.trim() }) : "";
}

function hoursBlocks(timesheet: TimesheetFields, t: Translator["t"]): PdfBlock[] {
  const days = timesheetHireDays(timesheet);
  const charge = timesheetCharge(timesheet);
  return days && charge ? hireBlocks(timesheet, days, charge, t) : [wordsTable(timesheet, t)];
}

/** A week from before hours by kind: each day's working, standing and breakdown in the driver's words. */
function wordsTable(timesheet: TimesheetFields, t: Translator["t"]): PdfBlock {
  return {
    kind: "table",
    columns: [
      ...timeColumns(t),
      { header: t("pdf.column.working"), width: 1.3 },
      { header: t("pdf.column.standing"), width: 1.3 },
      { header: t("pdf.column.breakdownOrSite"), width: 2.4 },
    ],
    rows: [
      ...DAYS.map((day) => ({
        cells: [
          ...timeCells(timesheet, day, t),
          timesheet[dayKey(day, "Working")],
          timesheet[dayKey(day, "Standing")],
          [timesheet[dayKey(day, "Breakdown")].trim(), siteWords(timesheet, day, t)]
            .filter(Boolean)
            .join("\n"),
        ],
      })),
      ...totalRows(timesheet, t),
    ],
  };
}

/**
 * A week with hours by kind: their columns, each day's chargeable hours and the sums, then the week's chargeable
 * hours by category and the terms they follow, kept short so a signed week still fits one page.
 */
function hireBlocks(
  timesheet: TimesheetFields,
  days: HireDays,
  charge: TimesheetCharge,
  t: Translator["t"],
): PdfBlock[] {
  const kindTotal = (kind: "worked" | "standing" | "breakdown" | "travel") =>
    hours(DAYS.reduce((sum, day) => sum + (days[day].onHire ? days[day][kind] : 0), 0));
  return [
    {
      kind: "table",
      columns: [
        ...timeColumns(t),
        { header: t("pdf.column.worked"), width: 0.9, align: "right" },
        { header: t("pdf.column.standing"), width: 0.9, align: "right" },
        { header: t("pdf.column.breakdown"), width: 1.1, align: "right" },
        { header: t("pdf.column.travel"), width: 0.8, align: "right" },
        { header: t("pdf.column.chargeable"), width: 0.95, align: "right" },
        { header: t("pdf.column.dayNotes"), width: 1.75 },
      ],
      rows: [
        ...DAYS.map((day) => ({
          cells: [
            ...timeCells(timesheet, day, t),
            ...kindCells(days[day], t),
            hours(totalChargeable(charge.days[day])),
            dayNotes(timesheet, days[day], day, t),
          ],
        })),
        ...totalRows(timesheet, t),
        {
          cells: [
            t("pdf.kindTotals"),
            "",
            "",
            "",
            "",
            kindTotal("worked"),
            kindTotal("standing"),
            kindTotal("breakdown"),
            kindTotal("travel"),
            hours(totalChargeable(charge.week)),
            "",
          ],
          total: true,
        },
      ],
    },
    { kind: "heading", text: t("charge.title") },
    {
      kind: "keyValues",
      columns: 5,
      entries: [
        ...CHARGE_CATEGORIES.map(([category, key]) => ({
          label: t(key),
          value: hours(charge.week[category]),
        })),
        { label: t("charge.total"), value: hours(totalChargeable(charge.week)) },
      ],
    },
    {
      kind: "keyValues",
      columns: 1,
      entries: [
        ...(charge.breakdown > 0 ? [{ label: t("charge.breakdown"), value: hours(charge.breakdown) }] : []),
        { label: t("charge.terms"), value: hireTermsWords(charge.terms, t).join("; ") },
      ],
    },
  ];
}

function kindCells(kinds: DayKinds, t: Translator["t"]): TableCell[] {
  if (!kinds.onHire) return [{ text: t("pdf.offHire"), tone: "muted" }, "", "", ""];
  return (["worked", "standing", "breakdown", "travel"] as const).map((kind) =>
    kinds[kind] > 0 ? hours(kinds[kind]) : { text: "-", tone: "muted" as const },
  );
}

/** A day's reasons, note, the check its breakdown came from, and its site. */
function dayNotes(timesheet: TimesheetFields, kinds: DayKinds, day: Day, t: Translator["t"]): string {
  return [
    kinds.standing > 0 && kinds.standingReason
      ? `${t("week.kind.standing")}: ${t(STANDING_REASON_KEYS[kinds.standingReason])}`
      : "",
    kinds.breakdown > 0 && kinds.breakdownReason
      ? `${t("week.kind.breakdown")}: ${t(BREAKDOWN_REASON_KEYS[kinds.breakdownReason])}`
      : "",
    kinds.breakdownFrom && kinds.breakdown > 0
      ? t("week.kinds.fromCheck", {
          date: formatDisplayDate(kinds.breakdownFrom.date),
          time: kinds.breakdownFrom.time,
          item: kinds.breakdownFrom.item,
        })
      : "",
    kinds.note.trim(),
    siteWords(timesheet, day, t),
  ]
    .filter(Boolean)
    .join("\n");
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
