import type { CheckSheetFields } from "../../domain/checks/check-sheet";
import { CHECK_SHEET_SPEC } from "../../domain/forms/check-sheet-spec";
import type { Rating } from "../../domain/sets/rating";
import type { Translator } from "../../domain/text/i18n/translate";
import { renderFormPdf } from "./form-pdf";
import type { PdfPhoto } from "./pdf-canvas";

export interface CheckSheetPdfInput {
  checkSheet: CheckSheetFields;
  /** The sheet's photos at print resolution (their stored print copies), in the order they were attached. */
  photos: readonly PdfPhoto[];
  rating: Rating;
  ratingNotes?: string;
  /** The customer picked before the form, when there was one. */
  customerName?: string;
  generatedAt: Date;
  /** The reader's words: English unless given. */
  t?: Translator["t"];
}

/** A signed Daily Plant Defect Check as an A4 PDF, its photos embedded. */
export function renderCheckSheetPdf({ checkSheet, ...rest }: CheckSheetPdfInput): Promise<Buffer> {
  return renderFormPdf(CHECK_SHEET_SPEC, { ...rest, form: checkSheet });
}
