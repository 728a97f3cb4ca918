import { TIMESHEET_SPEC } from "../../domain/forms/timesheet-spec";
import { formatDisplayDate } from "../../domain/iso-date";
import type { Rating } from "../../domain/rating";
import type { TimesheetFields } from "../../domain/timesheet";
import { renderPdf } from "./render-pdf";
import { signedContentFingerprint } from "./signed-content-fingerprint";

export interface TimesheetPdfInput {
  timesheet: TimesheetFields;
  rating: Rating;
  ratingNotes?: string;
  /** The customer picked before the form, when there was one. */
  customerName?: string;
  generatedAt: Date;
}

/** A signed weekly timesheet as an A4 PDF. */
export async function renderTimesheetPdf(input: TimesheetPdfInput): Promise<Buffer> {
  const { timesheet } = input;
  const section = TIMESHEET_SPEC.pdfSection(timesheet, {
    fingerprint: signedContentFingerprint(timesheet),
    customerName: input.customerName,
    rating: { rating: input.rating, notes: input.ratingNotes },
  });
  return renderPdf(
    {
      title: `${TIMESHEET_SPEC.title} - ${timesheet.plantNumber}`,
      subject: `Week ending ${formatDisplayDate(timesheet.weekEnding)}`,
      sections: [section],
    },
    { generatedAt: input.generatedAt },
  );
}
