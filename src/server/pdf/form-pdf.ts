import type { CheckSheetFields } from "../../domain/check-sheet";
import type { AnyFormSpec } from "../../domain/forms/form-spec";
import type { Rating } from "../../domain/rating";
import type { TimesheetFields } from "../../domain/timesheet";
import { renderCheckSheetPdf } from "./check-sheet-pdf";
import type { PdfPhoto } from "./pdf-canvas";
import { renderTimesheetPdf } from "./timesheet-pdf";

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
}

/** A signed form of any type as an A4 PDF. */
export function renderFormPdf(spec: AnyFormSpec, input: FormPdfInput): Promise<Buffer> {
  const { form, ...rest } = input;
  return spec.kind === "timesheet"
    ? renderTimesheetPdf({ ...rest, timesheet: form as TimesheetFields })
    : renderCheckSheetPdf({ ...rest, checkSheet: form as CheckSheetFields });
}
