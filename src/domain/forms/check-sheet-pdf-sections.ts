import { type CheckValue, checkValueLabel, checkValueOf, defectItems } from "../checks/check-items";
import type { CheckSheetFields } from "../checks/check-sheet";
import { english } from "../text/i18n/english";
import type { Translator } from "../text/i18n/translate";
import { formatDisplayDate } from "../time/iso-date";
import { givenReadings, isStoodDown } from "./check-sheet-readings";
import {
  checkItemLabel,
  checkTemplateName,
  checkTemplateNotices,
  checkTemplateOf,
  shownItems,
} from "./check-templates";
import { fieldLabel } from "./field-labels";
import { customerEntry, fieldEntries, photoBlocks, ratingBlocks } from "./pdf-section-parts";
import type { FormPdfContext, KeyValue, PdfBlock, PdfSection } from "./pdf-sections";
import { formatSignedAt, isPresent, operatorPrintedName } from "./signatures";

/**
 * A signed check sheet as a PDF section: header, driver and vehicle, the items of its machine's check template
 * with the template's notices, notes, signatures, rating and photos.
 */
export function checkSheetPdfSection(sheet: CheckSheetFields, context: FormPdfContext): PdfSection {
  const t = context.t ?? english;
  const checkDate = formatDisplayDate(sheet.checkDate);
  const defects = defectItems(sheet).length;
  const template = checkTemplateOf(sheet);
  const photos = context.photos ?? [];
  const signed = formatDisplayDate(sheet.signatureDate);
  const further = furtherChecks(sheet, t);
  const blocks: PdfBlock[] = [
    {
      kind: "header",
      title: t("form.checkSheet.title"),
      facts: [
        { label: fieldLabel("checkDate", t), value: checkDate },
        { label: fieldLabel("orderNumber", t), value: sheet.orderNumber },
        { label: t("form.defects"), value: defects === 0 ? t("form.noDefects") : String(defects) },
      ],
    },
    ...(isStoodDown(sheet) ? [{ kind: "alert", text: t("pdf.stoodDown") } as const] : []),
    { kind: "heading", text: t("pdf.driverCompanyAndVehicle") },
    {
      kind: "keyValues",
      columns: 3,
      entries: [
        ...fieldEntries(sheet, ["driverSignedName", "plantNumber", "machineNumber", "company"], t),
        { label: fieldLabel("clientCompany", t), value: sheet.clientCompany || sheet.onHireTo },
        { label: fieldLabel("siteLocation", t), value: sheet.siteLocation },
        ...customerEntry(context, t),
      ],
    },
    { kind: "heading", text: t("pdf.dailySafetyCheck", { machine: checkTemplateName(template, t) }) },
    {
      kind: "checks",
      items: shownItems(sheet).map((item) => ({
        label: checkItemLabel(item, t),
        value: checkValueOf(sheet, item),
      })),
    },
    ...(further.length > 0 ? [{ kind: "keyValues", columns: 4, entries: further } as const] : []),
    ...checkTemplateNotices(template, t).map((text) => ({ kind: "notice", text }) as const),
    { kind: "space", points: 8 },
    { kind: "heading", text: fieldLabel("defectsNotes", t) },
    { kind: "text", text: sheet.defectsNotes, emptyText: t("pdf.noDefectsNoted") },
    ...(isPresent(sheet.stoppageReason)
      ? [
          { kind: "heading", text: t("pdf.stoppageReason") } as const,
          { kind: "text", text: sheet.stoppageReason, emptyText: "" } as const,
        ]
      : []),
    { kind: "heading", text: t("pdf.signatures") },
    {
      kind: "signatures",
      boxes: [
        {
          title: fieldLabel("operatorSignature", t),
          image: sheet.operatorSignature,
          name: operatorPrintedName(sheet),
          date: signed,
          drawnAt: formatSignedAt(sheet.operatorSignedAt, t),
        },
        {
          // The client's site supervisor or the company's own signs a check sheet, as the check step says.
          title: t("checkSignature.supervisorTitle"),
          image: sheet.clientSignature,
          name: sheet.clientSignedName,
          date: signed,
          drawnAt: formatSignedAt(sheet.clientSignedAt, t),
        },
      ],
    },
    ...ratingBlocks(context.rating, t),
    ...photoBlocks(photos, t),
  ];
  return {
    stamp: {
      title: t("form.checkSheet.title"),
      reference: t("pdf.checkSheetReference", {
        plant: sheet.plantNumber || "-",
        checkDate: checkDate || "-",
      }),
      fingerprint: context.fingerprint,
    },
    blocks,
  };
}

/** The optional readings and checks, only those that were filled in. */
function furtherChecks(sheet: CheckSheetFields, t: Translator["t"]): KeyValue[] {
  const checks: [string, CheckValue][] = [
    [t("pdf.seatBelt"), sheet.seatBeltCheck],
    [t("pdf.emergencyStop"), sheet.emergencyStopCheck],
    [t("pdf.warningLights"), sheet.warningLightsCheck],
  ];
  return [
    { label: fieldLabel("operatorInitials", t), value: sheet.operatorInitials ?? "" },
    { label: t("pdf.fuelLevel"), value: sheet.fuelLevel },
    { label: t("pdf.hydraulicOilLevel"), value: sheet.hydraulicOilLevel },
    { label: t("pdf.engineOilLevel"), value: sheet.engineOilLevel },
    { label: t("pdf.coolantLevel"), value: sheet.coolantLevel },
    ...checks
      .filter(([, value]) => value !== null)
      .map(([label, value]) => ({ label, value: checkValueLabel(value, "ok-defect", t) })),
    ...givenReadings(sheet, t).map(({ label, value }) => ({ label, value })),
  ].filter((entry) => isPresent(entry.value));
}
