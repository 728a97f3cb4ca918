import type { CheckSheetFields } from "../../domain/check-sheet";
import { formatDisplayDate } from "../../domain/iso-date";
import { type Rating, ratingLabel, type SupervisorApproval } from "../../domain/rating";
import { isPresent } from "../../domain/signatures";
import type { TimesheetFields } from "../../domain/timesheet";
import { CHECK_SHEET_TITLE, drawCheckSheetSection } from "./check-sheet-pdf";
import { PdfCanvas, type PdfPhoto } from "./pdf-canvas";
import {
  approvalFingerprint,
  contentsFingerprint,
  signedContentFingerprint,
} from "./signed-content-fingerprint";
import { drawTimesheetSection, TIMESHEET_TITLE } from "./timesheet-pdf";

const PACK_TITLE = "Weekly Pack";

const LONDON_DATE = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

export interface WeeklyPackPdfInput {
  timesheet: TimesheetFields;
  /** The week's check sheets that pair with the timesheet, each with its photos at print resolution. */
  checkSheets: readonly { checkSheet: CheckSheetFields; photos: readonly PdfPhoto[] }[];
  /**
   * The client's and foreman's approval. Absent when the pack goes out at Get Approval, before they have
   * signed it: the boxes then say "Not signed".
   */
  approval?: SupervisorApproval;
  /** The driver's rating; absent until the approval dashboard records one. */
  rating?: Rating;
  ratingNotes?: string;
  customerName?: string;
  generatedAt: Date;
}

/**
 * One PDF for an approved week: the supervisor approval with its signatures, the rating and the list
 * of what it approves, then the timesheet, then every check sheet with its photos, in date order.
 */
export async function renderWeeklyPackPdf(input: WeeklyPackPdfInput): Promise<Buffer> {
  const { timesheet, approval, customerName } = input;
  const checkSheets = [...input.checkSheets].sort((a, b) =>
    a.checkSheet.checkDate.localeCompare(b.checkSheet.checkDate),
  );
  const weekEnding = formatDisplayDate(timesheet.weekEnding);
  const canvas = new PdfCanvas({
    title: `${PACK_TITLE} - ${timesheet.plantNumber}`,
    subject: `Week ending ${weekEnding}`,
    generatedAt: input.generatedAt,
  });

  const contents = [
    {
      document: TIMESHEET_TITLE,
      date: weekEnding,
      photos: "-",
      fingerprint: signedContentFingerprint(timesheet),
    },
    ...checkSheets.map(({ checkSheet, photos }) => ({
      document: CHECK_SHEET_TITLE,
      date: formatDisplayDate(checkSheet.checkDate),
      photos: String(photos.length),
      fingerprint: signedContentFingerprint(checkSheet),
    })),
  ];

  const formFingerprints = contents.map((entry) => entry.fingerprint);
  canvas.startSection({
    title: "Supervisor Approval",
    reference: `Plant ${timesheet.plantNumber || "-"}  |  Week ending ${weekEnding || "-"}`,
    fingerprint: approval
      ? approvalFingerprint(approval, formFingerprints)
      : contentsFingerprint(formFingerprints),
  });
  canvas.documentHeader(`${PACK_TITLE}: Supervisor Approval`, [
    { label: "Week ending", value: weekEnding },
    { label: "Order number", value: timesheet.orderNumber },
  ]);
  canvas.heading("Summary");
  canvas.keyValueGrid(
    [
      { label: "Driver name", value: timesheet.driverSignedName },
      { label: "Plant/Registration no.", value: timesheet.plantNumber },
      { label: "Company", value: timesheet.company },
      { label: "Machine/Vehicle type", value: timesheet.machineNumber },
      { label: "Company on hire to", value: timesheet.clientCompany },
      { label: "Site location", value: timesheet.siteLocation },
      ...(isPresent(customerName) ? [{ label: "Customer", value: customerName }] : []),
    ],
    3,
  );

  canvas.heading("Documents in this pack");
  canvas.table(
    [
      { header: "Document", width: 2.2 },
      { header: "Week ending / date", width: 1.3 },
      { header: "Photos", width: 0.7, align: "center" },
      { header: "SHA-256 of signed content", width: 5.6 },
    ],
    contents.map((entry) => ({
      cells: [entry.document, entry.date, entry.photos, { text: entry.fingerprint, tone: "code" }],
    })),
  );

  canvas.heading("Approval");
  const approvedOn = approval ? LONDON_DATE.format(new Date(approval.approvedAt)) : "";
  canvas.signatureBoxes([
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
  ]);
  if (approval && isPresent(approval.supervisorNotes)) {
    canvas.heading("Supervisor notes");
    canvas.textBlock(approval.supervisorNotes, "");
  }

  canvas.heading("Driver rating");
  canvas.keyValueGrid([
    { label: "Rating", value: input.rating ? ratingLabel(input.rating) : "Not rated yet" },
    { label: "Rating notes", value: input.ratingNotes },
  ]);

  drawTimesheetSection(canvas, { timesheet, customerName });
  for (const { checkSheet, photos } of checkSheets) {
    drawCheckSheetSection(canvas, { checkSheet, photos, customerName });
  }
  return canvas.toBuffer();
}
