import { fileSlug } from "../../domain/forms/form-spec";
import { FORM_SPECS } from "../../domain/forms/form-specs";
import type { Rating, SupervisorApproval } from "../../domain/sets/rating";
import { messages } from "../../domain/text/messages";
import { formatDisplayDate } from "../../domain/time/iso-date";
import { findCustomer } from "../db/customers-repository";
import type { OutgoingMail } from "../db/outbox-repository";
import { completedFormMail } from "../mail/completed-form-mail";
import { renderWeeklyPackPdf } from "../pdf/weekly-pack-pdf";
import type { SetForms } from "./combined-set-forms";
import { completedFormLink } from "./complete-form";
import { APPROVAL_IMAGE_FIELDS, SIGNATURE_FIELDS, withImages } from "./form-images";
import { loadCheckSheetPhotos } from "./load-check-sheet-photos";
import type { ServiceDeps } from "./service-deps";

export interface PackOptions {
  approval?: SupervisorApproval;
  rating?: { rating: Rating; notes?: string | null };
  /** The sender's message, shown in each mail above the summary. */
  note?: string | null;
  /** The timesheet's read-only view token, for the link in each mail. */
  viewToken: string;
  now: Date;
}

/**
 * One PDF for the whole set (the timesheet, every check sheet with its photos from storage, the approval
 * and the rating), rendered once, and one mail per recipient carrying it. Rendering happens before the
 * caller's transaction opens: it reads storage and takes time, and must not hold a write lock meanwhile.
 */
export async function weeklyPackMails(
  deps: ServiceDeps,
  ownerId: string,
  set: SetForms,
  recipients: readonly string[],
  options: PackOptions,
): Promise<OutgoingMail[]> {
  const { db } = deps.database;
  // The PDF shows the signatures themselves, and prints the fingerprints of what was signed.
  const timesheet = await withImages(db, set.timesheet, SIGNATURE_FIELDS);
  const checkSheets = [];
  for (const checkSheet of set.checkSheets) {
    checkSheets.push({
      checkSheet: await withImages(db, checkSheet, SIGNATURE_FIELDS),
      photos: await loadCheckSheetPhotos(deps, ownerId, checkSheet),
    });
  }
  const customer = timesheet.customerId ? await findCustomer(db, timesheet.customerId) : undefined;
  const pdf = await renderWeeklyPackPdf({
    timesheet,
    checkSheets,
    approval: options.approval && (await withImages(db, options.approval, APPROVAL_IMAGE_FIELDS)),
    rating: options.rating?.rating,
    ratingNotes: options.rating?.notes ?? undefined,
    customerName: customer?.name,
    generatedAt: options.now,
    amendment: set.timesheet.amendedAfterApproval,
  });
  const filename = `weekly-pack-${fileSlug(timesheet.plantNumber) || "plant"}-${timesheet.weekEnding || options.now.toISOString().slice(0, 10)}.pdf`;
  const link = completedFormLink(deps.config.publicUrl, timesheet.id, options.viewToken);
  // The mail says exactly what the pack is: out for approval, or approved and signed by whom.
  const approval = options.approval;
  // The subject names no one: the signers' names are in the mail and the PDF.
  const title = approval ? messages.packApprovedSubject : messages.packForApprovalTitle;
  const intro = approval
    ? messages.packApprovedIntro(approval.clientName, approval.foremanName)
    : messages.packForApprovalIntro;
  return recipients.map((to) =>
    completedFormMail({
      to,
      title,
      intro,
      subject: { plantNumber: timesheet.plantNumber, date: formatDisplayDate(timesheet.weekEnding) },
      summary: [
        ...FORM_SPECS.timesheet.mailSummary(timesheet),
        ["Check sheets", String(set.checkSheets.length)],
        [
          "Approved by",
          options.approval ? `${options.approval.clientName}, ${options.approval.foremanName}` : null,
        ],
      ],
      pdf: { filename, content: pdf },
      link,
      note: options.note,
    }),
  );
}
