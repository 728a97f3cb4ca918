import { TIMESHEET_SPEC } from "../../domain/forms/timesheet-spec";
import type { TimesheetFields } from "../../domain/hours/timesheet";
import type { Rating } from "../../domain/sets/rating";
import type { Translator } from "../../domain/text/i18n/translate";
import { renderFormPdf } from "./form-pdf";

export interface TimesheetPdfInput {
  timesheet: TimesheetFields;
  rating: Rating;
  ratingNotes?: string;
  /** The customer picked before the form, when there was one. */
  customerName?: string;
  generatedAt: Date;
  /** The reader's words: English unless given. */
  t?: Translator["t"];
}

/** A signed weekly timesheet as an A4 PDF. */
export function renderTimesheetPdf({ timesheet, ...rest }: TimesheetPdfInput): Promise<Buffer> {
  return renderFormPdf(TIMESHEET_SPEC, { ...rest, form: timesheet, photos: [] });
}
