import type { CheckSheetFields } from "../checks/check-sheet";
import { datesOfWeek } from "../hire/stand-downs";
import { timesheetHireDays } from "../hire/timesheet-hire";
import type { TimesheetFields } from "../hours/timesheet";
import { formatHours, weekDefects, weekTotalHours } from "../hours/week-summary";
import type { Rating, SupervisorApproval } from "../sets/rating";
import { english } from "../text/i18n/english";
import type { Translator } from "../text/i18n/translate";
import { DAYS } from "../time/days";
import { formatDisplayDate } from "../time/iso-date";
import { formatUkTime } from "../time/uk-time";
import { checkSheetPdfSection } from "./check-sheet-pdf-sections";
import { isStoodDown } from "./check-sheet-readings";
import { checkItemLabelOf } from "./check-templates";
import { fieldLabel } from "./field-labels";
import { customerEntry, fieldEntries, ratingBlocks } from "./pdf-section-parts";
import type { PdfDocument, PdfImageSource, PdfSection } from "./pdf-sections";
import { isPresent } from "./signatures";
import { timesheetPdfSection } from "./timesheet-pdf-sections";

export interface WeeklyPack {
  timesheet: { form: TimesheetFields; fingerprint: string };
  /** The week's check sheets, in date order, each with its photos at print resolution. */
  checkSheets: readonly { form: CheckSheetFields; fingerprint: string; photos: readonly PdfImageSource[] }[];
  /** The client's and foreman's approval; absent before they have signed (the boxes then say "Not signed"). */
  approval?: SupervisorApproval;
  /** The SHA-256 of the approval and what it approves, or of the forms alone before approval. */
  approvalFingerprint: string;
  rating?: Rating;
  ratingNotes?: string;
  customerName?: string;
  /** The reader's words: English unless given. What people typed is printed as typed. */
  t?: Translator["t"];
}

/**
 * One document for a week: the supervisor approval with its signatures, the rating and the list of what it
 * approves, then the timesheet, then every check sheet with its photos. The forms carry no rating of their own.
 */
export function weeklyPackPdf(pack: WeeklyPack): PdfDocument {
  const { timesheet, checkSheets, approval, customerName } = pack;
  const t = pack.t ?? english;
  const form = timesheet.form;
  const weekEnding = formatDisplayDate(form.weekEnding);
  const contents = [
    {
      document: t("form.timesheet.title"),
      date: weekEnding,
      photos: "-",
      fingerprint: timesheet.fingerprint,
    },
    ...checkSheets.map((sheet) => ({
      document: t("form.checkSheet.title"),
      date: formatDisplayDate(sheet.form.checkDate),
      photos: String(sheet.photos.length),
      fingerprint: sheet.fingerprint,
    })),
  ];
  const defects = weekDefects(checkSheets.map((sheet, index) => ({ ...sheet.form, id: String(index) })));
  const approvedOn = approval ? formatUkTime(new Date(approval.approvedAt), "date") : "";
  // The cover says exactly what the pack is: out for approval, or approved and signed by whom.
  const coverTitle = approval ? t("pdf.pack.approvedTitle") : t("pdf.pack.forApprovalTitle");
  const coverStatement = approval
    ? t("pdf.pack.approvedStatement", { client: approval.clientName, foreman: approval.foremanName })
    : t("pdf.pack.forApprovalStatement");
  const approvalSection: PdfSection = {
    stamp: {
      title: approval ? t("pdf.pack.approvedStamp") : t("pdf.pack.forApprovalStamp"),
      reference: t("pdf.timesheetReference", {
        plant: form.plantNumber || "-",
        weekEnding: weekEnding || "-",
      }),
      fingerprint: pack.approvalFingerprint,
    },
    blocks: [
      {
        kind: "header",
        title: coverTitle,
        facts: [
          { label: fieldLabel("weekEnding", t), value: weekEnding },
          { label: fieldLabel("orderNumber", t), value: form.orderNumber },
        ],
      },
      { kind: "text", text: coverStatement, emptyText: "" },
      { kind: "heading", text: t("pdf.pack.summary") },
      {
        kind: "keyValues",
        columns: 3,
        entries: [
          ...fieldEntries(
            form,
            ["driverSignedName", "plantNumber", "company", "machineNumber", "clientCompany", "siteLocation"],
            t,
          ),
          ...customerEntry({ customerName }, t),
          { label: t("pdf.pack.totalHours"), value: formatHours(weekTotalHours(form)) },
          { label: t("pdf.pack.defects"), value: String(defects.length) },
        ],
      },
      { kind: "heading", text: t("pdf.pack.defects") },
      // A machine the driver's check stood down, beside the defects: the client is not charged for the breakdown.
      ...checkSheets
        .filter((sheet) => isStoodDown(sheet.form))
        .map((sheet) => ({
          kind: "alert" as const,
          text: [
            t("pdf.pack.stoodDown", { date: formatDisplayDate(sheet.form.checkDate) }),
            standDownPeriod(form, sheet.form.checkDate, t),
          ]
            .filter(Boolean)
            .join(" "),
        })),
      defects.length === 0
        ? ({ kind: "text", text: "", emptyText: t("pdf.pack.noDefects") } as const)
        : {
            kind: "table",
            columns: [
              { header: t("pdf.pack.checkDate"), width: 1.3 },
              { header: t("pdf.pack.item"), width: 3.2 },
              { header: t("pdf.pack.notes"), width: 5.3 },
            ],
            rows: defects.map((defect) => ({
              cells: [
                formatDisplayDate(defect.checkDate),
                checkItemLabelOf(defect.label, t),
                defect.notes ?? "-",
              ],
            })),
          },
      { kind: "heading", text: t("pdf.pack.documents") },
      {
        kind: "table",
        columns: [
          { header: t("pdf.pack.document"), width: 2.2 },
          { header: t("pdf.pack.date"), width: 1.3 },
          { header: t("pdf.pack.photos"), width: 0.7, align: "center" },
          { header: t("pdf.pack.fingerprint"), width: 5.6 },
        ],
        rows: contents.map((entry) => ({
          cells: [
            entry.document,
            entry.date,
            entry.photos,
            { text: entry.fingerprint, tone: "code" as const },
          ],
        })),
      },
      { kind: "heading", text: t("pdf.pack.approval") },
      {
        kind: "signatures",
        boxes: [
          {
            title: t("pdf.pack.clientRepresentative"),
            image: approval?.clientSignature,
            name: approval?.clientName ?? "",
            date: approvedOn,
          },
          {
            title: t("pdf.pack.foreman"),
            image: approval?.foremanSignature,
            name: approval?.foremanName ?? "",
            date: approvedOn,
          },
        ],
      },
      ...(approval && isPresent(approval.supervisorNotes)
        ? [
            { kind: "heading", text: t("pdf.pack.supervisorNotes") } as const,
            { kind: "text", text: approval.supervisorNotes, emptyText: "" } as const,
          ]
        : []),
      ...ratingBlocks({ rating: pack.rating, notes: pack.ratingNotes }, t),
    ],
  };
  return {
    title: `${t("pdf.pack.title")} - ${form.plantNumber}`,
    subject: t("pdf.pack.subject", { weekEnding }),
    sections: [
      approvalSection,
      timesheetPdfSection(form, { fingerprint: timesheet.fingerprint, customerName, t }),
      ...checkSheets.map((sheet) =>
        checkSheetPdfSection(sheet.form, {
          fingerprint: sheet.fingerprint,
          photos: sheet.photos,
          customerName,
          t,
        }),
      ),
    ],
  };
}

/**
 * The breakdown a stand-down gave the week's timesheet, as the cover states it: its days and hours ("Breakdown
 * from it: 16.5 h, 18/11/2026 to 20/11/2026.", or on one day); nothing when the timesheet took none from it.
 */
function standDownPeriod(form: TimesheetFields, checkDate: string, t: Translator["t"]): string {
  const days = timesheetHireDays(form);
  const dates = datesOfWeek(form.weekEnding);
  if (days === null || dates === null) return "";
  const taken = DAYS.filter((day) => days[day].breakdownFrom?.date === checkDate && days[day].breakdown > 0)
    .map((day) => ({ date: dates[day], hours: days[day].breakdown }))
    .sort((a, b) => a.date.localeCompare(b.date));
  const first = taken[0];
  const last = taken.at(-1);
  if (!first || !last) return "";
  const hours = taken.reduce((sum, day) => sum + day.hours, 0);
  return first === last
    ? t("pdf.pack.standDownDay", { hours, date: formatDisplayDate(first.date) })
    : t("pdf.pack.standDownPeriod", {
        hours,
        from: formatDisplayDate(first.date),
        until: formatDisplayDate(last.date),
      });
}
