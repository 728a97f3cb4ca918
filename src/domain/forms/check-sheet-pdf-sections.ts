import { type CheckValue, checkValueLabel, checkValueOf, defectItems } from "../checks/check-items";
import type { CheckSheetFields } from "../checks/check-sheet";
import { formatDisplayDate } from "../time/iso-date";
import { checkTemplateOf, shownItems } from "./check-templates";
import { fieldLabel } from "./field-labels";
import { customerEntry, fieldEntries, ratingBlocks } from "./pdf-section-parts";
import type { FormPdfContext, KeyValue, PdfBlock, PdfSection } from "./pdf-sections";
import { formatSignedAt, isPresent, operatorPrintedName } from "./signatures";

export const CHECK_SHEET_PDF_TITLE = "Daily Plant Defect Check";
export const CHECK_SHEET_SUPERVISOR_SIGNATURE = "Supervisor Signature";

/**
 * A signed check sheet as a PDF section: header, driver and vehicle, the items of its machine's check template
 * with the template's notices, notes, signatures, rating and photos.
 */
export function checkSheetPdfSection(sheet: CheckSheetFields, context: FormPdfContext): PdfSection {
  const checkDate = formatDisplayDate(sheet.checkDate);
  const defects = defectItems(sheet).length;
  const template = checkTemplateOf(sheet);
  const photos = context.photos ?? [];
  const signed = formatDisplayDate(sheet.signatureDate);
  const further = furtherChecks(sheet);
  const blocks: PdfBlock[] = [
    {
      kind: "header",
      title: CHECK_SHEET_PDF_TITLE,
      facts: [
        { label: fieldLabel("checkDate"), value: checkDate },
        { label: fieldLabel("orderNumber"), value: sheet.orderNumber },
        { label: "Defects", value: defects === 0 ? "None" : String(defects) },
      ],
    },
    { kind: "heading", text: "Driver, company & vehicle" },
    {
      kind: "keyValues",
      columns: 3,
      entries: [
        ...fieldEntries(sheet, ["driverSignedName", "plantNumber", "machineNumber", "company"]),
        { label: fieldLabel("clientCompany"), value: sheet.clientCompany || sheet.onHireTo },
        { label: fieldLabel("siteLocation"), value: sheet.siteLocation },
        ...customerEntry(context),
      ],
    },
    { kind: "heading", text: `Daily safety check: ${template.name}` },
    {
      kind: "checks",
      items: shownItems(sheet).map((item) => ({ label: item.label, value: checkValueOf(sheet, item) })),
    },
    ...(further.length > 0 ? [{ kind: "keyValues", columns: 4, entries: further } as const] : []),
    ...template.notices.map((text) => ({ kind: "notice", text }) as const),
    { kind: "space", points: 8 },
    { kind: "heading", text: fieldLabel("defectsNotes") },
    { kind: "text", text: sheet.defectsNotes, emptyText: "No defects noted" },
    ...(isPresent(sheet.stoppageReason)
      ? [
          { kind: "heading", text: "Stoppage reason" } as const,
          { kind: "text", text: sheet.stoppageReason, emptyText: "" } as const,
        ]
      : []),
    { kind: "heading", text: "Signatures" },
    {
      kind: "signatures",
      boxes: [
        {
          title: fieldLabel("operatorSignature"),
          image: sheet.operatorSignature,
          name: operatorPrintedName(sheet),
          date: signed,
          drawnAt: formatSignedAt(sheet.operatorSignedAt),
        },
        {
          // The client's site supervisor or the company's own signs a check sheet, as the check step says.
          title: CHECK_SHEET_SUPERVISOR_SIGNATURE,
          image: sheet.clientSignature,
          name: sheet.clientSignedName,
          date: signed,
          drawnAt: formatSignedAt(sheet.clientSignedAt),
        },
      ],
    },
    ...ratingBlocks(context.rating),
    { kind: "heading", text: `${fieldLabel("photos")} (${photos.length})` },
    photos.length === 0
      ? { kind: "text", text: "", emptyText: "No photos attached" }
      : {
          kind: "photos",
          photos: photos.map((image, index) => ({
            image,
            caption: `Photo ${index + 1} of ${photos.length}`,
          })),
        },
  ];
  return {
    stamp: {
      title: CHECK_SHEET_PDF_TITLE,
      reference: `Plant ${sheet.plantNumber || "-"}  |  ${checkDate || "-"}`,
      fingerprint: context.fingerprint,
    },
    blocks,
  };
}

/** The optional readings and checks, only those that were filled in. */
function furtherChecks(sheet: CheckSheetFields): KeyValue[] {
  const checks: [string, CheckValue][] = [
    ["Seat belt", sheet.seatBeltCheck],
    ["Emergency stop", sheet.emergencyStopCheck],
    ["Warning lights", sheet.warningLightsCheck],
  ];
  return [
    { label: fieldLabel("operatorInitials"), value: sheet.operatorInitials ?? "" },
    { label: "Fuel level", value: sheet.fuelLevel },
    { label: "Hydraulic oil level", value: sheet.hydraulicOilLevel },
    { label: "Engine oil level", value: sheet.engineOilLevel },
    { label: "Coolant level", value: sheet.coolantLevel },
    ...checks
      .filter(([, value]) => value !== null)
      .map(([label, value]) => ({ label, value: checkValueLabel(value, "ok-defect") })),
  ].filter((entry) => isPresent(entry.value));
}
