import { fileSlug } from "../../domain/forms/form-spec";
import { FORM_SPECS } from "../../domain/forms/form-specs";
import type { Rating, SupervisorApproval } from "../../domain/sets/rating";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../domain/text/i18n/locales";
import { formatDisplayDate } from "../../domain/time/iso-date";
import type { Account } from "../db/accounts-repository";
import { findCustomer } from "../db/customers-repository";
import type { OutgoingMail } from "../db/outbox-repository";
import { translatorFor } from "../i18n";
import { completedFormMail } from "../mail/completed-form-mail";
import { renderWeeklyPackPdf } from "../pdf/weekly-pack-pdf";
import type { SetForms } from "./combined-set-forms";
import { completedFormLink } from "./complete-form";
import { APPROVAL_IMAGE_FIELDS, SIGNATURE_FIELDS, withImages } from "./form-images";
import { loadCheckSheetPhotos } from "./load-check-sheet-photos";
import { companyLanguageOf } from "./organisations/organisation-language";
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
 * and the rating), rendered once for each language it is read in, and one mail per recipient carrying it. The
 * account holder's copy is in their account's language; the others (the client's, the office's) in their
 * company's, English without one. Rendering happens before the caller's transaction opens: it reads storage and
 * takes time, and must not hold a write lock meanwhile.
 */
export async function weeklyPackMails(
  deps: ServiceDeps,
  account: Account,
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
      photos: await loadCheckSheetPhotos(deps, account.id, checkSheet),
    });
  }
  const customer = timesheet.customerId ? await findCustomer(db, timesheet.customerId) : undefined;
  const approval = options.approval && (await withImages(db, options.approval, APPROVAL_IMAGE_FIELDS));
  const companyLanguage = (await companyLanguageOf(db, account)) ?? DEFAULT_LOCALE;
  const languageOf = (to: string): Locale =>
    to.toLowerCase() === account.email.toLowerCase() && isLocale(account.language)
      ? account.language
      : companyLanguage;
  const pdfs = new Map<Locale, Buffer>();
  for (const language of new Set(recipients.map(languageOf))) {
    pdfs.set(
      language,
      await renderWeeklyPackPdf({
        timesheet,
        checkSheets,
        approval,
        rating: options.rating?.rating,
        ratingNotes: options.rating?.notes ?? undefined,
        customerName: customer?.name,
        generatedAt: options.now,
        amendment: set.timesheet.amendedAfterApproval,
        t: translatorFor(language).t,
      }),
    );
  }
  const filename = `weekly-pack-${fileSlug(timesheet.plantNumber) || "plant"}-${timesheet.weekEnding || options.now.toISOString().slice(0, 10)}.pdf`;
  const link = completedFormLink(deps.config.publicUrl, timesheet.id, options.viewToken);
  return recipients.map((to) => {
    const language = languageOf(to);
    const { t } = translatorFor(language);
    // The mail says exactly what the pack is: out for approval, or approved and signed by whom. The subject names
    // no one: the signers' names are in the mail and the PDF.
    const signed = options.approval;
    return completedFormMail({
      to,
      title: signed ? t("mail.pack.approvedSubject") : t("mail.pack.forApprovalTitle"),
      intro: signed
        ? t("mail.pack.approvedIntro", { client: signed.clientName, foreman: signed.foremanName })
        : t("mail.pack.forApprovalIntro"),
      subject: { plantNumber: timesheet.plantNumber, date: formatDisplayDate(timesheet.weekEnding) },
      summary: [
        ...FORM_SPECS.timesheet.mailSummary(timesheet, t),
        [t("mail.pack.checkSheets"), String(set.checkSheets.length)],
        [t("mail.pack.approvedBy"), signed ? `${signed.clientName}, ${signed.foremanName}` : null],
      ],
      pdf: { filename, content: pdfs.get(language) ?? Buffer.alloc(0) },
      link,
      note: options.note,
      t,
    });
  });
}
