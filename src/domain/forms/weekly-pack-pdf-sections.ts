import type { CheckSheetFields } from "../checks/check-sheet";
import type { TimesheetFields } from "../hours/timesheet";
import { formatHours, weekDefects, weekTotalHours } from "../hours/week-summary";
import type { Rating, SupervisorApproval } from "../sets/rating";
import { messages } from "../text/messages";
import { formatDisplayDate } from "../time/iso-date";
import { formatUkTime } from "../time/uk-time";
import { CHECK_SHEET_PDF_TITLE, checkSheetPdfSection } from "./check-sheet-pdf-sections";
import { fieldLabel } from "./field-labels";
import { customerEntry, fieldEntries, ratingBlocks } from "./pdf-section-parts";
import type { PdfDocument, PdfImageSource, PdfSection } from "./pdf-sections";
import { isPresent } from "./signatures";
import { TIMESHEET_PDF_TITLE, timesheetPdfSection } from "./timesheet-pdf-sections";

const PACK_TITLE = "Weekly Pack";

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
}

/**
 * One document for a week: the supervisor approval with its signatures, the rating and the list of what it
 * approves, then the timesheet, then every check sheet with its photos. The forms carry no rating of their own.
 */
export function weeklyPackPdf(pack: WeeklyPack): PdfDocument {
  const { timesheet, checkSheets, approval, customerName } = pack;
  const form = timesheet.form;
  const weekEnding = formatDisplayDate(form.weekEnding);
  const contents = [
    { document: TIMESHEET_PDF_TITLE, date: weekEnding, photos: "-", fingerprint: timesheet.fingerprint },
    ...checkSheets.map((sheet) => ({
      document: CHECK_SHEET_PDF_TITLE,
      date: formatDisplayDate(sheet.form.checkDate),
      photos: String(sheet.photos.length),
      fingerprint: sheet.fingerprint,
    })),
  ];
  const defects = weekDefects(checkSheets.map((sheet, index) => ({ ...sheet.form, id: String(index) })));
  const approvedOn = approval ? formatUkTime(new Date(approval.approvedAt), "date") : "";
  // The cover says exactly what the pack is: out for approval, or approved and signed by whom.
  const coverTitle = approval ? `${PACK_TITLE}: Approved` : `${PACK_TITLE}: For Approval`;
  const coverStatement = approval
    ? `${messages.packApprovedTitle(approval.clientName, approval.foremanName)}.`
    : messages.packForApprovalStatement;
  const approvalSection: PdfSection = {
    stamp: {
      title: approval ? "Approved and signed" : "For approval - not signed",
      reference: `Plant ${form.plantNumber || "-"}  |  Week ending ${weekEnding || "-"}`,
      fingerprint: pack.approvalFingerprint,
    },
    blocks: [
      {
        kind: "header",
        title: coverTitle,
        facts: [
          { label: fieldLabel("weekEnding"), value: weekEnding },
          { label: fieldLabel("orderNumber"), value: form.orderNumber },
        ],
      },
      { kind: "text", text: coverStatement, emptyText: "" },
      { kind: "heading", text: "Summary" },
      {
        kind: "keyValues",
        columns: 3,
        entries: [
          ...fieldEntries(form, [
            "driverSignedName",
            "plantNumber",
            "company",
            "machineNumber",
            "clientCompany",
            "siteLocation",
          ]),
          ...customerEntry({ customerName }),
          { label: "Total hours", value: formatHours(weekTotalHours(form)) },
          { label: "Defects", value: String(defects.length) },
        ],
      },
      { kind: "heading", text: "Defects" },
      defects.length === 0
        ? ({ kind: "text", text: "", emptyText: "No defects reported this week." } as const)
        : {
            kind: "table",
            columns: [
              { header: "Check date", width: 1.3 },
              { header: "Item", width: 3.2 },
              { header: "Notes", width: 5.3 },
            ],
            rows: defects.map((defect) => ({
              cells: [formatDisplayDate(defect.checkDate), defect.label, defect.notes ?? "-"],
            })),
          },
      { kind: "heading", text: "Documents in this pack" },
      {
        kind: "table",
        columns: [
          { header: "Document", width: 2.2 },
          { header: "Week ending / date", width: 1.3 },
          { header: "Photos", width: 0.7, align: "center" },
          { header: "SHA-256 of signed content", width: 5.6 },
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
      { kind: "heading", text: "Approval" },
      {
        kind: "signatures",
        boxes: [
          {
            title: "Client representative",
            image: approval?.clientSignature,
            name: approval?.clientName ?? "",
            date: approvedOn,
          },
          {
            title: "Foreman",
            image: approval?.foremanSignature,
            name: approval?.foremanName ?? "",
            date: approvedOn,
          },
        ],
      },
      ...(approval && isPresent(approval.supervisorNotes)
        ? [
            { kind: "heading", text: "Supervisor notes" } as const,
            { kind: "text", text: approval.supervisorNotes, emptyText: "" } as const,
          ]
        : []),
      ...ratingBlocks({ rating: pack.rating, notes: pack.ratingNotes }),
    ],
  };
  return {
    title: `${PACK_TITLE} - ${form.plantNumber}`,
    subject: `Week ending ${weekEnding}`,
    sections: [
      approvalSection,
      timesheetPdfSection(form, { fingerprint: timesheet.fingerprint, customerName }),
      ...checkSheets.map((sheet) =>
        checkSheetPdfSection(sheet.form, {
          fingerprint: sheet.fingerprint,
          photos: sheet.photos,
          customerName,
        }),
      ),
    ],
  };
}
