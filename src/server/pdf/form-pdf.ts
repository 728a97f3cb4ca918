import type { CheckSheetFields } from "../../domain/check-sheet";
import { fieldLabel } from "../../domain/forms/field-labels";
import type { AnyFormSpec } from "../../domain/forms/form-spec";
import { formatDisplayDate } from "../../domain/iso-date";
import type { Amendment } from "../../domain/office-review";
import type { Rating } from "../../domain/rating";
import type { TimesheetFields } from "../../domain/timesheet";
import type { PdfPhoto } from "./pdf-canvas";
import { renderPdf } from "./render-pdf";
import { signedContentFingerprint } from "./signed-content-fingerprint";

export interface FormPdfInput {
  /** The form with its signatures as PNG data URLs. */
  form: Readonly<Record<string, unknown>>;
  /** Its photos at print resolution, in the order they were attached (none for a form without photos). */
  photos: readonly PdfPhoto[];
  rating: Rating;
  ratingNotes?: string;
  /** The customer picked before the form, when there was one. */
  customerName?: string;
  generatedAt: Date;
  /** Why an admin reopened the form after the company approved it; the PDF says so under its header. */
  amendment?: Amendment | null;
}

/** A signed form of any type as an A4 PDF: its spec's section, drawn by the one renderer. */
export function renderFormPdf(spec: AnyFormSpec, input: FormPdfInput): Promise<Buffer> {
  const form = input.form as TimesheetFields | CheckSheetFields;
  const section = spec.pdfSection(form, {
    fingerprint: signedContentFingerprint(form),
    customerName: input.customerName,
    rating: { rating: input.rating, notes: input.ratingNotes },
    photos: input.photos.map((photo) => photo.data),
  });
  const date = formatDisplayDate(spec.date(form));
  return renderPdf(
    {
      title: `${spec.title} - ${form.plantNumber}`,
      subject: `${fieldLabel(spec.dateField)} ${date}`,
      sections: [section],
    },
    { generatedAt: input.generatedAt, amendment: input.amendment },
  );
}
