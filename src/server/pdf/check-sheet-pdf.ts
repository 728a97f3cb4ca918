import type { CheckSheetFields } from "../../domain/check-sheet";
import { CHECK_SHEET_SPEC } from "../../domain/forms/check-sheet-spec";
import { formatDisplayDate } from "../../domain/iso-date";
import type { Rating } from "../../domain/rating";
import type { PdfPhoto } from "./pdf-canvas";
import { renderPdf } from "./render-pdf";
import { signedContentFingerprint } from "./signed-content-fingerprint";

export const CHECK_SHEET_TITLE = CHECK_SHEET_SPEC.title;

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

/** A signed Daily Plant Defect Check as an A4 PDF, its photos embedded. */
export async function renderCheckSheetPdf(input: CheckSheetPdfInput): Promise<Buffer> {
  const { checkSheet } = input;
  const section = CHECK_SHEET_SPEC.pdfSection(checkSheet, {
    fingerprint: signedContentFingerprint(checkSheet),
    customerName: input.customerName,
    rating: { rating: input.rating, notes: input.ratingNotes },
    photos: input.photos.map((photo) => photo.data),
  });
  return renderPdf(
    {
      title: `${CHECK_SHEET_TITLE} - ${checkSheet.plantNumber}`,
      subject: `Check date ${formatDisplayDate(checkSheet.checkDate)}`,
      sections: [section],
    },
    { generatedAt: input.generatedAt },
  );
}
