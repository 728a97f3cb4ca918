import type { CheckSheetFields } from "../../domain/checks/check-sheet";
import type { Amendment } from "../../domain/company/office-review";
import { weeklyPackPdf } from "../../domain/forms/weekly-pack-pdf-sections";
import type { TimesheetFields } from "../../domain/hours/timesheet";
import type { Rating, SupervisorApproval } from "../../domain/sets/rating";
import type { Translator } from "../../domain/text/i18n/translate";
import type { PdfPhoto } from "./pdf-canvas";
import { renderPdf } from "./render-pdf";
import {
  approvalFingerprint,
  contentsFingerprint,
  signedContentFingerprint,
} from "./signed-content-fingerprint";

export interface WeeklyPackPdfInput {
  timesheet: TimesheetFields;
  /** The week's check sheets that pair with the timesheet, each with its photos at print resolution. */
  checkSheets: readonly { checkSheet: CheckSheetFields; photos: readonly PdfPhoto[] }[];
  /**
   * The client's and foreman's approval. Absent when the pack goes out at Get Approval, before they have
   * signed it: the boxes then say "Not signed".
   */
  approval?: SupervisorApproval;
  /** The driver's rating; absent until the approval dashboard records one. */
  rating?: Rating;
  ratingNotes?: string;
  customerName?: string;
  generatedAt: Date;
  /** Why an admin reopened the week after the company approved it; the pack says so on its cover. */
  amendment?: Amendment | null;
  /** The reader's words: English unless given. What people typed is printed as typed. */
  t?: Translator["t"];
}

/**
 * One PDF for an approved week: the supervisor approval with its signatures, the rating and the list
 * of what it approves, then the timesheet, then every check sheet with its photos, in date order.
 */
export async function renderWeeklyPackPdf(input: WeeklyPackPdfInput): Promise<Buffer> {
  const checkSheets = [...input.checkSheets]
    .sort((a, b) => a.checkSheet.checkDate.localeCompare(b.checkSheet.checkDate))
    .map(({ checkSheet, photos }) => ({
      form: checkSheet,
      fingerprint: signedContentFingerprint(checkSheet),
      photos: photos.map((photo) => photo.data),
    }));
  const timesheet = { form: input.timesheet, fingerprint: signedContentFingerprint(input.timesheet) };
  const forms = [timesheet.fingerprint, ...checkSheets.map((sheet) => sheet.fingerprint)];
  const document = weeklyPackPdf({
    timesheet,
    checkSheets,
    approval: input.approval,
    approvalFingerprint: input.approval
      ? approvalFingerprint(input.approval, forms)
      : contentsFingerprint(forms),
    rating: input.rating,
    ratingNotes: input.ratingNotes,
    customerName: input.customerName,
    t: input.t,
  });
  return renderPdf(document, { generatedAt: input.generatedAt, amendment: input.amendment, t: input.t });
}
