import { CHECK_ITEMS, type CheckValue, checkValueLabel, defectItems } from "../../domain/check-items";
import type { CheckSheetFields } from "../../domain/check-sheet";
import { formatDisplayDate } from "../../domain/iso-date";
import { type Rating, ratingLabel } from "../../domain/rating";
import { formatSignedAt, isPresent, operatorPrintedName } from "../../domain/signatures";
import { type KeyValue, PdfCanvas, type PdfPhoto } from "./pdf-canvas";
import { signedContentFingerprint } from "./signed-content-fingerprint";

export const CHECK_SHEET_TITLE = "Daily Plant Defect Check";

/** The notices printed on the safety check step, word for word. */
const NOTICES = [
  "Ensure Machine is full of fuel at all HR's",
  "ALL DAMAGES ARE COUNTER CHARGEABLE. PLEASE NOTE CONDITION OF PLANT PRE HIRE AND POST HIRE.",
];

export interface CheckSheetPdfInput {
  checkSheet: CheckSheetFields;
  /** The sheet's photos at print resolution (their stored print copies), in the order they were attached. */
  photos: readonly PdfPhoto[];
  rating: Rating;
  ratingNotes?: string;
  /** The customer picked before the form, when there was one. */
  customerName?: string;
  generatedAt: Date;
}

export interface CheckSheetSection {
  checkSheet: CheckSheetFields;
  photos: readonly PdfPhoto[];
  customerName?: string;
  /** The driver's rating; left out where a document shows one rating for several forms. */
  rating?: { rating: Rating; notes?: string };
}

/** A signed Daily Plant Defect Check as an A4 PDF, its photos embedded. */
export async function renderCheckSheetPdf(input: CheckSheetPdfInput): Promise<Buffer> {
  const canvas = new PdfCanvas({
    title: `${CHECK_SHEET_TITLE} - ${input.checkSheet.plantNumber}`,
    subject: `Check date ${formatDisplayDate(input.checkSheet.checkDate)}`,
    generatedAt: input.generatedAt,
  });
  drawCheckSheetSection(canvas, {
    checkSheet: input.checkSheet,
    photos: input.photos,
    customerName: input.customerName,
    rating: { rating: input.rating, notes: input.ratingNotes },
  });
  return canvas.toBuffer();
}

/** Draws a check sheet as a section starting on a new page: header, the 16 items, notes, signatures, rating, photos. */
export function drawCheckSheetSection(
  canvas: PdfCanvas,
  { checkSheet, photos, customerName, rating }: CheckSheetSection,
): void {
  const checkDate = formatDisplayDate(checkSheet.checkDate);
  const defects = defectItems(checkSheet).length;
  canvas.startSection({
    title: CHECK_SHEET_TITLE,
    reference: `Plant ${checkSheet.plantNumber || "-"}  |  ${checkDate || "-"}`,
    fingerprint: signedContentFingerprint(checkSheet),
  });
  canvas.documentHeader(CHECK_SHEET_TITLE, [
    { label: "Check date", value: checkDate },
    { label: "Order number", value: checkSheet.orderNumber },
    { label: "Defects", value: defects === 0 ? "None" : String(defects) },
  ]);

  canvas.heading("Driver, company & vehicle");
  canvas.keyValueGrid(
    [
      { label: "Driver name", value: checkSheet.driverSignedName },
      { label: "Plant/Registration no.", value: checkSheet.plantNumber },
      { label: "Machine/Vehicle type", value: checkSheet.machineNumber },
      { label: "Company", value: checkSheet.company },
      { label: "Company on hire to", value: checkSheet.clientCompany || checkSheet.onHireTo },
      { label: "Site location", value: checkSheet.siteLocation },
      ...(isPresent(customerName) ? [{ label: "Customer", value: customerName }] : []),
    ],
    3,
  );

  canvas.heading("Daily safety check");
  // Two items to a row, as on the paper form: 1-8 down the left, 9-16 down the right.
  const half = Math.ceil(CHECK_ITEMS.length / 2);
  const itemColumns = [
    { header: "No.", width: 0.5, align: "center" },
    { header: "Check item", width: 3.2 },
    { header: "Result", width: 1.1, align: "center" },
  ] as const;
  canvas.table(
    [...itemColumns, ...itemColumns],
    CHECK_ITEMS.slice(0, half).map((item, index) => {
      const right = CHECK_ITEMS[index + half];
      return {
        cells: [
          String(index + 1),
          item.label,
          result(checkSheet[item.field]),
          ...(right ? [String(index + half + 1), right.label, result(checkSheet[right.field])] : []),
        ],
      };
    }),
  );
  const further = furtherChecks(checkSheet);
  if (further.length > 0) canvas.keyValueGrid(further, 4);
  for (const notice of NOTICES) canvas.notice(notice);
  canvas.space(8);

  canvas.heading("Defects notes");
  canvas.textBlock(checkSheet.defectsNotes, "No defects noted");
  if (isPresent(checkSheet.stoppageReason)) {
    canvas.heading("Stoppage reason");
    canvas.textBlock(checkSheet.stoppageReason, "");
  }

  canvas.heading("Signatures");
  const signed = formatDisplayDate(checkSheet.signatureDate);
  canvas.signatureBoxes([
    {
      title: "Operator signature",
      image: checkSheet.operatorSignature,
      name: operatorPrintedName(checkSheet),
      date: signed,
      drawnAt: formatSignedAt(checkSheet.operatorSignedAt),
    },
    {
      title: "Client / supervisor signature",
      image: checkSheet.clientSignature,
      name: checkSheet.clientSignedName,
      date: signed,
      drawnAt: formatSignedAt(checkSheet.clientSignedAt),
    },
  ]);

  if (rating) {
    canvas.heading("Driver rating");
    canvas.keyValueGrid([
      { label: "Rating", value: ratingLabel(rating.rating) },
      { label: "Rating notes", value: rating.notes },
    ]);
  }

  canvas.heading(`Photos (${photos.length})`);
  if (photos.length === 0) canvas.textBlock("", "No photos attached");
  else {
    canvas.imageGrid(
      photos.map((photo, index) => ({ photo, caption: `Photo ${index + 1} of ${photos.length}` })),
    );
  }
}

function result(value: CheckValue | undefined) {
  const text = checkValueLabel(value, "ok-defect");
  return { text, tone: value === true ? "ok" : value === false ? "defect" : "muted" } as const;
}

/** The optional readings and checks, only those that were filled in. */
function furtherChecks(sheet: CheckSheetFields): KeyValue[] {
  const checks: [string, CheckValue][] = [
    ["Seat belt", sheet.seatBeltCheck],
    ["Emergency stop", sheet.emergencyStopCheck],
    ["Warning lights", sheet.warningLightsCheck],
  ];
  return [
    { label: "Fuel level", value: sheet.fuelLevel },
    { label: "Hydraulic oil level", value: sheet.hydraulicOilLevel },
    { label: "Engine oil level", value: sheet.engineOilLevel },
    { label: "Coolant level", value: sheet.coolantLevel },
    ...checks
      .filter(([, value]) => value !== null)
      .map(([label, value]) => ({ label, value: checkValueLabel(value, "ok-defect") })),
  ].filter((entry) => isPresent(entry.value));
}
