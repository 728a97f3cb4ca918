import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { sameAddress } from "../../domain/checks/vehicle-defects";
import { changedFields } from "../../domain/company/company-state";
import { MAX_ANONYMOUS_EMAILS } from "../../domain/forms/constants";
import {
  type AnyFormSpec,
  driverNameOf,
  formFromInput,
  listedValues,
  type OneStepRequest,
} from "../../domain/forms/form-spec";
import { OPEN_STATUSES } from "../../domain/forms/form-status";
import type { SignedAtFields } from "../../domain/forms/signatures";
import { packRecipients } from "../../domain/sets/pack-recipients";
import { distinctEmails } from "../../domain/text/client-email";
import { DEFAULT_LOCALE } from "../../domain/text/i18n/locales";
import { waitParams } from "../../domain/text/messages";
import { formatDisplayDate, formatIsoDate } from "../../domain/time/iso-date";
import { AppError } from "../app-error";
import { newToken } from "../auth/sessions";
import type { Account } from "../db/accounts-repository";
import { findCustomer } from "../db/customers-repository";
import { getForm, insertForm, updateForm } from "../db/forms-repository";
import { enqueueMail } from "../db/outbox-repository";
import { deletePhotoRows, type PhotoRow, setFormPhotos } from "../db/photos-repository";
import { hitRateLimits, type RateLimitHit } from "../db/rate-limits-repository";
import type { DB } from "../db/schema";
import { documentTranslator, translatorFor } from "../i18n";
import { completedFormMail } from "../mail/completed-form-mail";
import { renderFormPdf } from "../pdf/form-pdf";
import { imageIdsOf, refuseUnknownImages, separateImages, updateHeldImages, withImages } from "./form-images";
import { deleteStoredPhotos, readPdfPhotos, resolveFormPhotos } from "./form-photos";
import { companyNoticeWrite } from "./organisations/company-notice";
import { organisationIdOf } from "./organisations/organisation-access";
import { companyLanguageOf } from "./organisations/organisation-language";
import { defectReportWrite } from "./organisations/vehicle-defects";
import { type AuditActor, recordAudit } from "./record-audit";
import { isLocked, isReturned, lockedError, refuseFormProblem } from "./save-form";
import type { ServiceDeps } from "./service-deps";

/** Where the emailed link of a kept form points: the read-only view, opened by its unguessable token. */
export function completedFormLink(publicUrl: string, id: string, viewToken: string): string {
  return `${publicUrl}/completed-form/${encodeURIComponent(id)}?token=${viewToken}`;
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The mail limits of a one-step completion, one mail per recipient (decision record 023). Without an account:
 * per client address, per recipient and a ceiling on all anonymous mail; with one: per account and a higher
 * one per recipient. The recipient's count is shared by both kinds of sender. Over a limit: 429 with the wait.
 */
async function limitCompletedFormMail(
  deps: ServiceDeps,
  account: Account | null,
  clientAddress: string | null,
  recipients: readonly string[],
  now: Date,
): Promise<void> {
  const limits = deps.config.mailLimits;
  const mails = recipients.length;
  const perRecipient = account ? limits.accountPerRecipientPerDay : limits.anonymousPerRecipientPerDay;
  const hits: RateLimitHit[] = [
    ...recipients.map((to) => ({
      key: `mail:recipient:${to.toLowerCase()}`,
      rule: { limit: perRecipient, windowMs: DAY_MS },
      amount: 1,
    })),
    ...(account
      ? [
          {
            key: `mail:account:${account.id}`,
            rule: { limit: limits.accountPerHour, windowMs: HOUR_MS },
            amount: mails,
          },
        ]
      : [
          {
            key: `mail:address:${clientAddress ?? "unknown"}`,
            rule: { limit: limits.anonymousPerAddressPerHour, windowMs: HOUR_MS },
            amount: mails,
          },
          {
            key: "mail:anonymous",
            rule: { limit: limits.anonymousPerHour, windowMs: HOUR_MS },
            amount: mails,
          },
        ]),
  ];
  const result = await hitRateLimits(deps.database.db, hits, now);
  if (result.allowed) return;
  deps.log.warn({ rateLimit: "mail", anonymous: !account, mails }, "mail limit reached");
  throw new AppError(
    "rate_limited",
    {
      key: account ? "apiError.accountMailLimited" : "apiError.anonymousMailLimited",
      params: waitParams(result.retryAfterMs),
    },
    { retryAfterMs: result.retryAfterMs },
  );
}

/**
 * The one-step completion of any form type (spec section 7): the signed form as a PDF (its photos embedded),
 * mailed to each address. An account holder's form is kept as completed, with a fresh view token and an audit
 * row, its photos tied to it; a draft of theirs with the same id is the one completed, and a form already
 * completed stays as it was signed (409). Without an account nothing is kept: the outbox keeps the mail until it
 * is delivered and then drops its content, and the photos are deleted, rows and bytes, once they are in the PDF.
 * Everything is written in one transaction; the outbox is woken once it has committed.
 */
export async function completeForm(
  deps: ServiceDeps,
  spec: AnyFormSpec,
  account: Account | null,
  body: OneStepRequest,
  actor: AuditActor,
): Promise<{ id: string | null; recipients: string[] }> {
  const { db } = deps.database;
  const now = deps.now();
  const today = formatIsoDate(now);
  const input: Record<string, unknown> & SignedAtFields = spec.oneStep.formOf(body);
  const id = typeof input.id === "string" ? input.id : randomUUID();
  const existing = account ? await getForm(db, spec.kind, account.id, id) : undefined;
  if (existing && isLocked(existing)) throw lockedError(existing);
  // A company's form its office sent back or reopened, submitted again: a new signed version (decision record 040).
  const returned = existing !== undefined && isReturned(existing);

  const base: Record<string, unknown> = existing ? existing.fields : {};
  const recipients = distinctEmails((input.submissionEmails as string[] | undefined) ?? []);
  if (!account && recipients.length > MAX_ANONYMOUS_EMAILS) {
    throw new AppError("bad_request", {
      key: "apiError.tooManyAnonymousRecipients",
      params: { max: MAX_ANONYMOUS_EMAILS },
    });
  }
  const applied = {
    ...(existing ? spec.apply(existing.fields, input) : formFromInput(spec, input, today)),
    status: "completed" as const,
    submitViaEmail: true,
    submissionEmails: recipients,
  };
  refuseFormProblem(spec, applied, base, input, now);
  const before = existing ? imageIdsOf(existing.fields, spec.signatureFields) : [];
  refuseUnknownImages(imageIdsOf(applied, spec.signatureFields), before);
  // Before the mail limit is counted: a form naming photos this server does not hold is sent again once the
  // phone has uploaded them, and must not use up the sender's mail meanwhile.
  const photos: PhotoRow[] = spec.hasPhotos
    ? await resolveFormPhotos(deps, applied.photos as string[], { account, formId: account ? id : null })
    : [];
  // An account holder keeps a copy of every form they complete.
  const mailedTo = account ? packRecipients(recipients, account.email) : recipients;
  // Counted before the PDF costs work or anything changes: a refused request leaves everything as it was.
  await limitCompletedFormMail(deps, account, actor.ip, mailedTo, now);
  const { form, images } = separateImages(applied, spec.signatureFields);

  const customer = form.customerId ? await findCustomer(db, form.customerId) : undefined;
  const pdfInput = {
    // Signatures as they are stored: the PDF shows them and prints the fingerprint of what was signed, the
    // same the read-only view works out from the stored form.
    form: await withImages(db, form, spec.signatureFields, images),
    photos: await readPdfPhotos(deps, photos),
    customerName: customer?.name,
    generatedAt: now,
    amendment: existing?.amendedAfterApproval,
    replaces: returned ? existing?.returnedFingerprint : null,
  };
  // The client's and office's copies in the language the sender chose for them (unless told, their company's;
  // English without one); the driver's own copy in the language the form was filled in. Both carry one
  // fingerprint: of the values alone.
  const senderLocale = body.language ?? account?.language;
  const documentLanguage = body.documentLanguage ?? (await companyLanguageOf(db, account)) ?? DEFAULT_LOCALE;
  const recipientT = documentTranslator(documentLanguage, senderLocale).t;
  const driverT = translatorFor(senderLocale).t;
  const pdf = await renderFormPdf(spec, {
    ...pdfInput,
    rating: body.supervisorRating,
    ratingNotes: body.supervisorNotes,
    t: recipientT,
  });
  // The rating is given in confidence (spec: "Rating submitted confidentially"): the account holder is the
  // driver, and the copy they keep leaves it out.
  const driverPdf = account ? await renderFormPdf(spec, { ...pdfInput, t: driverT }) : pdf;
  const isDriver = (to: string) => account !== null && to.toLowerCase() === account.email.toLowerCase();
  const viewToken = account ? newToken() : null;
  const link = viewToken ? completedFormLink(deps.config.publicUrl, id, viewToken) : null;
  const mail = {
    subject: { plantNumber: form.plantNumber, date: formatDisplayDate(form[spec.dateField]) },
    withoutAccount: account ? null : { name: driverNameOf(form), abuseEmail: deps.config.abuseEmail },
  };
  const pdfFileName = spec.pdfFileName(form, today);
  const photoIds = photos.map((photo) => photo.id);
  // A member's form belongs to their company too, from the moment it is made (a draft of theirs keeps its own).
  const organisationId = existing ? null : await organisationIdOf(db, account);
  const defectReport = account
    ? await defectReportWrite(deps, {
        kind: spec.kind,
        id,
        ownerId: account.id,
        organisationId: existing ? existing.organisationId : organisationId,
        status: "completed",
        fields: form,
      })
    : null;
  // What the form tells its company (an off-hire note's webhook and hire desk copy), on its first completion.
  const companyNotice =
    account && !returned
      ? await companyNoticeWrite(deps, spec, {
          id,
          organisationId: existing ? existing.organisationId : organisationId,
          fields: form,
        })
      : null;
  const mailOf = (to: string, content: typeof pdf, t: typeof recipientT) =>
    completedFormMail({
      ...mail,
      title: t(spec.titleKey),
      summary: spec.mailSummary(form, t),
      t,
      pdf: { filename: pdfFileName, content },
      to,
      link,
    });

  await db.transaction().execute(async (trx: Kysely<DB>) => {
    if (account) {
      const stored = {
        status: "completed" as const,
        listed: listedValues(spec, form),
        viewToken,
        submittedAt: existing?.submittedAt ?? now.toISOString(),
        completedAt: now.toISOString(),
        fields: {
          ...form,
          supervisorRating: body.supervisorRating,
          supervisorNotes: body.supervisorNotes,
          ratedAt: now.toISOString(),
        },
        ...(returned && {
          resubmittedAt: now.toISOString(),
          resubmittedChanges: changedFields(existing?.returnedData ?? {}, form),
        }),
      };
      const saved = existing
        ? await updateForm(trx, spec.kind, account.id, id, stored, {
            now,
            onlyIfStatusIn: OPEN_STATUSES,
            onlyIfNotReviewApproved: true,
          })
        : await insertForm(trx, { id, kind: spec.kind, ownerId: account.id, organisationId, ...stored }, now);
      // Completed or approved by the company meanwhile, or the id is another account's form.
      if (!saved) throw new AppError("conflict", "apiError.formLocked");
      await updateHeldImages(trx, id, images, imageIdsOf(form, spec.signatureFields), now);
      await recordAudit(
        trx,
        actor,
        [
          {
            formType: spec.kind,
            formId: id,
            action: "complete",
            details: {
              recipients: mailedTo,
              via: "one-step",
              ...(returned && { resubmitted: changedFields(existing?.returnedData ?? {}, form) }),
            },
          },
        ],
        now,
      );
      if (spec.hasPhotos) await setFormPhotos(trx, account.id, id, photoIds);
      await defectReport?.(trx, now);
      const copies = (companyNotice?.copiesTo ?? [])
        .filter((copy) => !mailedTo.some((to) => sameAddress(to, copy)))
        .map((copy) => mailOf(copy, pdf, recipientT));
      await companyNotice?.write(trx, copies, now);
    } else {
      await deletePhotoRows(trx, photoIds);
    }
    for (const to of mailedTo) {
      const [content, t] = isDriver(to) ? [driverPdf, driverT] : [pdf, recipientT];
      await enqueueMail(trx, mailOf(to, content, t), now);
    }
  });
  deps.outbox?.wake();
  if (defectReport || companyNotice) deps.webhooks?.wake();
  // The rows went with the commit; without them the bytes are unreachable, so removing them cannot fail a sent form.
  if (!account) await deleteStoredPhotos(deps, photos);
  return { id: account ? id : null, recipients: mailedTo };
}
