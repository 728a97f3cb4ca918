import type { OffHireNoteFields } from "../hire/off-hire-note";
import { english } from "../text/i18n/english";
import { formatDisplayDate } from "../time/iso-date";
import { fieldLabel } from "./field-labels";
import { customerEntry, fieldEntries, photoBlocks, ratingBlocks } from "./pdf-section-parts";
import type { FormPdfContext, PdfBlock, PdfSection } from "./pdf-sections";
import { formatSignedAt, operatorPrintedName } from "./signatures";

/**
 * A signed off-hire note as a PDF section: when the hire ended, the machine and customer, the meter and fuel as
 * left, the damage noted, the signatures and the photos of the machine's condition.
 */
export function offHirePdfSection(note: OffHireNoteFields, context: FormPdfContext): PdfSection {
  const t = context.t ?? english;
  const offHireDate = formatDisplayDate(note.offHireDate);
  const photos = context.photos ?? [];
  const signed = formatDisplayDate(note.signatureDate);
  const blocks: PdfBlock[] = [
    {
      kind: "header",
      title: t("form.offHire.title"),
      facts: [
        { label: fieldLabel("offHireDate", t), value: offHireDate },
        { label: fieldLabel("offHireTime", t), value: note.offHireTime },
        { label: fieldLabel("orderNumber", t), value: note.orderNumber },
        { label: fieldLabel("collectionReference", t), value: note.collectionReference },
      ],
    },
    { kind: "heading", text: t("pdf.driverCompanyAndVehicle") },
    {
      kind: "keyValues",
      columns: 3,
      entries: [
        ...fieldEntries(note, ["driverSignedName", "plantNumber", "machineNumber", "company"], t),
        { label: fieldLabel("clientCompany", t), value: note.clientCompany },
        { label: fieldLabel("siteLocation", t), value: note.siteLocation },
        ...customerEntry(context, t),
      ],
    },
    { kind: "heading", text: t("offHire.conditionHeading") },
    {
      kind: "keyValues",
      columns: 2,
      entries: fieldEntries(note, ["meterReading", "fuelLevel"], t),
    },
    { kind: "heading", text: fieldLabel("damageNotes", t) },
    { kind: "text", text: note.damageNotes, emptyText: t("pdf.noDamageNoted") },
    { kind: "heading", text: t("pdf.signatures") },
    {
      kind: "signatures",
      boxes: [
        {
          title: fieldLabel("operatorSignature", t),
          image: note.operatorSignature,
          name: operatorPrintedName(note),
          date: signed,
          drawnAt: formatSignedAt(note.operatorSignedAt, t),
        },
        {
          title: t("offHire.clientSignatureTitle"),
          image: note.clientSignature,
          name: note.clientSignedName,
          date: signed,
          drawnAt: formatSignedAt(note.clientSignedAt, t),
        },
      ],
    },
    ...ratingBlocks(context.rating, t),
    ...photoBlocks(photos, t),
  ];
  return {
    stamp: {
      title: t("form.offHire.title"),
      reference: t("pdf.offHireReference", {
        plant: note.plantNumber || "-",
        date: offHireDate || "-",
      }),
      fingerprint: context.fingerprint,
    },
    blocks,
  };
}
