import type { CheckSheetFields } from "../../domain/checks/check-sheet";
import type { Amendment } from "../../domain/company/office-review";
import { fieldLabel } from "../../domain/forms/field-labels";
import type { AnyFormSpec } from "../../domain/forms/form-spec";
import type { TimesheetFields } from "../../domain/hours/timesheet";
import type { Rating } from "../../domain/sets/rating";
import { english } from "../../domain/text/i18n/english";
import type { Translator } from "../../domain/text/i18n/translate";
import { formatDisplayDate } from "../../domain/time/iso-date";
import type { PdfPhoto } from "./pdf-canvas";
import { renderPdf } from "./render-pdf";
import { signedContentFingerprint } from "./signed-content-fingerprint";

export interface FormPdfInput {
  /** The form with its signatures as PNG data URLs. */
  form: Readonly<Record<string, unknown>>;
  /** Its photos at print resolution, in the order they were attached (none for a form without photos). */
  photos: readonly PdfPhoto[];
  /** Left out of the copy the rated driver keeps. */
  rating?: Rating;
  ratingNotes?: string;
  /** The customer picked before the form, when there was one. */
  customerName?: string;
  generatedAt: Date;
  /** Why an admin reopened the form after the company approved it; the PDF says so under its header. */
  amendment?: Amendment | null;
  /** The fingerprint of the signed version the office returned, which this fixed version replaces. */
  replaces?: string | null;
  /** The reader's words: English unless given. What people typed is printed as typed whatever the language. */
  t?: Translator["t"];
}

/** A signed form of any type as an A4 PDF: its spec's section, drawn by the one renderer. */
export function renderFormPdf(spec: AnyFormSpec, input: FormPdfInput): Promise<Buffer> {
  const form = input.form as TimesheetFields | CheckSheetFields;
  const t = input.t ?? english;
  const section = spec.pdfSection(form, {
    fingerprint: signedContentFingerprint(form),
    customerName: input.customerName,
    rating: input.rating ? { rating: input.rating, notes: input.ratingNotes } : undefined,
    photos: input.photos.map((photo) => photo.data),
    t,
  });
  const date = formatDisplayDate(spec.date(form));
  return renderPdf(
    {
      title: `${t(spec.titleKey)} - ${form.plantNumber}`,
      subject: `${fieldLabel(spec.dateField, t)} ${date}`,
      sections: [section],
    },
    { generatedAt: input.generatedAt, amendment: input.amendment, replaces: input.replaces, t },
  );
}
