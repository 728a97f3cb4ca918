import type { Kysely } from "kysely";
import { approvalBlockers, approvedWeek, type CompanyWeekForm } from "../../../domain/company/company-state";
import {
  REVIEWABLE_STATUSES,
  type ReopenRequest,
  type ReviewApproveRequest,
  type ReviewTimesheet,
  reviewRow,
  type SendBackRequest,
} from "../../../domain/company/office-review";
import type { SetApprovedData } from "../../../domain/company/webhook";
import { FORM_SPECS } from "../../../domain/forms/form-specs";
import { COMPLETED_STATUSES } from "../../../domain/forms/form-status";
import { companyMessages } from "../../../domain/text/company-messages";
import { waitParams } from "../../../domain/text/messages";
import { formatDisplayDate } from "../../../domain/time/iso-date";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import { findAccountById } from "../../db/accounts-repository";
import {
  companyFactsOf,
  getOrganisationForm,
  getOrganisationFormById,
  type StoredForm,
  writeReview,
} from "../../db/forms-repository";
import { enqueueMail } from "../../db/outbox-repository";
import { hitRateLimits } from "../../db/rate-limits-repository";
import type { DB } from "../../db/schema";
import { enqueueWebhook } from "../../db/webhooks-repository";
import { returnedFormsMail } from "../../mail/organisation-mails";
import { signedContentFingerprint } from "../../pdf/signed-content-fingerprint";
import { accountMailHit, recipientMailHit } from "../accounts/rate-limit";
import { asTimesheet, type StoredCheckSheet } from "../combined-set-forms";
import { withImages } from "../form-images";
import { type AuditActor, type AuditEvent, recordAudit } from "../record-audit";
import type { ServiceDeps } from "../service-deps";
import { pairedCheckSheets } from "./office-review";
import { memberOf } from "./organisation-access";

/** A week under review: its timesheet and the ids of its set (the timesheet first, then its paired checks). */
interface ReviewedSet {
  timesheet: StoredForm & { ownerId: string };
  formIds: string[];
  checkSheetIds: string[];
  checkSheets: StoredCheckSheet[];
}

/**
 * The set a review names, after the caller's role: a timesheet that is not the company's (another company's,
 * an individual's, made up) answers 404 as an organisation that is not theirs does. A week to decide on must be
 * submitted (a draft is still the driver's) and not approved yet; a week to reopen must be approved: else 409.
 */
async function reviewedSet(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  timesheetId: string,
  action: "approve" | "reopen",
): Promise<ReviewedSet> {
  await memberOf(deps, account, organisationId, action);
  const timesheet = await getOrganisationForm(deps.database.db, organisationId, "timesheet", timesheetId);
  if (!timesheet) throw new AppError("not_found", "apiError.reviewTimesheetNotFound");
  const approved = timesheet.reviewApprovedAt !== null;
  if (action === "reopen") {
    if (!approved) throw new AppError("conflict", "apiError.reviewNotApproved");
  } else {
    // A draft the office returned stays in its review (its check sheets can still go back); any other draft is
    // still the driver's.
    if (timesheet.status === "draft" && timesheet.returnedData === null) {
      throw new AppError("conflict", "apiError.reviewNotSubmitted");
    }
    if (approved) throw new AppError("conflict", "apiError.reviewAlreadyApproved");
  }
  const checkSheets = await pairedCheckSheets(deps, organisationId, timesheet);
  const checkSheetIds = checkSheets.map((sheet) => sheet.id);
  return { timesheet, formIds: [timesheet.id, ...checkSheetIds], checkSheetIds, checkSheets };
}

function events(set: ReviewedSet, ids: readonly string[], action: AuditEvent["action"], details: object) {
  return ids.map(
    (id): AuditEvent => ({
      formType: id === set.timesheet.id ? "timesheet" : "check-sheet",
      formId: id,
      action,
      details: { timesheetId: set.timesheet.id, ...details },
    }),
  );
}

/**
 * What the "set.approved" webhook says of an approved week: the review list's row (names, hours, the number of
 * defects), the approval, and the week and its forms in the company's words from their facts before it (`forms`,
 * in the set's order). No notes, signatures or photos: the receiver gets figures, not the forms.
 */
function setApprovedData(
  set: ReviewedSet,
  forms: readonly StoredForm[],
  account: Account,
  approvedAt: string,
  rating: string,
): SetApprovedData {
  const row = reviewRow(asTimesheet(set.timesheet) as ReviewTimesheet, set.checkSheets);
  const states = approvedWeek(weekForms(forms));
  return {
    timesheetId: row.timesheetId,
    checkSheetIds: row.checkSheetIds,
    driverName: row.driverName,
    plantNumber: row.plantNumber,
    customer: row.customer,
    site: row.site,
    weekEnding: row.weekEnding,
    totalHours: row.totalHours,
    defects: row.defects,
    approvedAt,
    approvedBy: { accountId: account.id, name: account.fullName },
    rating,
    ...states,
  };
}

/** The stored forms of some ids of the company, in their order. */
async function storedForms(deps: ServiceDeps, organisationId: string, ids: readonly string[]) {
  const forms = await Promise.all(
    ids.map((id) => getOrganisationFormById(deps.database.db, organisationId, id)),
  );
  return forms.filter((form): form is StoredForm => form !== undefined);
}

/** "the timesheet of the week ending 21/11/2026", "the check sheet of 17/11/2026". */
export function formName(form: Pick<StoredForm, "kind" | "date">): string {
  return companyMessages.reviewFormName(form.kind, formatDisplayDate(form.date));
}

/** Stored forms as the company's rules of a week read them. */
function weekForms(forms: readonly StoredForm[]): CompanyWeekForm[] {
  return forms.map((form) => ({ id: form.id, kind: form.kind, ...companyFactsOf(form) }));
}

/** A week is approved whole and fixed: 409 naming each form the driver still holds, and why. */
function refuseUnfinishedWeek(forms: readonly StoredForm[]): void {
  const blockers = approvalBlockers(weekForms(forms));
  if (blockers.length === 0) return;
  const named = blockers.map((blocker) => {
    const form = forms.find((candidate) => candidate.id === blocker.id);
    return companyMessages.reviewBlocker(form ? formName(form) : blocker.id, blocker.state);
  });
  throw new AppError("conflict", {
    key: "apiError.reviewWeekNotReady",
    params: { blockers: named.join("; "), count: named.length },
  });
}

/**
 * What a form keeps when the office returns it: its fields as they were, and, when it had been signed and sent,
 * the fingerprint of that signed version (as its PDF printed it), which the fixed version's PDF prints.
 */
async function returnedVersion(deps: ServiceDeps, form: StoredForm) {
  const signed = (COMPLETED_STATUSES as readonly string[]).includes(form.status);
  const fingerprint = signed
    ? signedContentFingerprint(
        (await withImages(
          deps.database.db,
          form.fields,
          FORM_SPECS[form.kind].signatureFields,
        )) as Parameters<typeof signedContentFingerprint>[0],
      )
    : null;
  return { returnedData: form.fields, returnedFingerprint: fingerprint };
}

/**
 * The mails telling each driver which of their forms came back, why and who sent them, counted before anything is
 * written against the office account's mails and each driver's, as every mail is; enqueued by the caller in its
 * transaction. A driver whose account is gone gets none.
 */
async function returnedFormMails(
  deps: ServiceDeps,
  account: Account,
  forms: ReadonlyArray<StoredForm>,
  how: "sent_back" | "reopened",
  reason: string,
  now: Date,
) {
  const { db } = deps.database;
  const { mailLimits, publicUrl } = deps.config;
  const owners = [...new Set(forms.flatMap((form) => form.ownerId ?? []))];
  const drivers = (await Promise.all(owners.map((id) => findAccountById(db, id)))).filter(
    (driver): driver is Account => driver !== undefined,
  );
  if (drivers.length === 0) return [];
  const limited = await hitRateLimits(
    db,
    [
      accountMailHit(mailLimits, account.id, drivers.length),
      ...drivers.map((driver) => recipientMailHit(mailLimits, driver.email.toLowerCase())),
    ],
    now,
  );
  if (!limited.allowed) {
    throw new AppError(
      "rate_limited",
      { key: "apiError.accountMailLimited", params: waitParams(limited.retryAfterMs) },
      {
        retryAfterMs: limited.retryAfterMs,
      },
    );
  }
  return drivers.map((driver) =>
    returnedFormsMail({
      to: driver.email,
      how,
      byName: account.fullName,
      reason,
      forms: forms
        .filter((form) => form.ownerId === driver.id)
        .map((form) => ({ kind: form.kind, date: formatDisplayDate(form.date) })),
      link: `${publicUrl}/`,
      language: driver.language,
    }),
  );
}

async function enqueueMails(
  trx: Kysely<DB>,
  mails: ReadonlyArray<Parameters<typeof enqueueMail>[1]>,
  now: Date,
) {
  for (const mail of mails) await enqueueMail(trx, mail, now);
}

/**
 * Approves a submitted week for the company: every form of the set records who approved it, when and the
 * rating, and is locked against its driver's saves. Only a whole, fixed week: while any form of it is a draft,
 * sent back or reopened, 409 names them. Approving an approved week answers 409 and changes nothing; of two
 * approvals at once, one wins and the other gets 409.
 */
export async function approveReviewedSet(
  deps: ServiceDeps,
  account: Account,
  actor: AuditActor,
  organisationId: string,
  timesheetId: string,
  { rating, notes }: ReviewApproveRequest,
) {
  const set = await reviewedSet(deps, account, organisationId, timesheetId, "approve");
  const forms = await storedForms(deps, organisationId, set.formIds);
  refuseUnfinishedWeek(forms);
  const now = deps.now();
  const approvedAt = now.toISOString();
  const approval = {
    reviewApprovedAt: approvedAt,
    reviewApprovedBy: account.id,
    reviewRating: rating,
    sentBackReason: null,
    sentBackAt: null,
    sentBackBy: null,
  };
  const submitted = { now, onlyIfStatusIn: REVIEWABLE_STATUSES };
  await deps.database.db.transaction().execute(async (trx) => {
    // The timesheet first, on its own: of two approvals at once only one finds it unapproved (the other waits
    // for its row on PostgreSQL, then sees it approved), whatever check sheets each paired with it.
    if ((await writeReview(trx, organisationId, [set.timesheet.id], approval, submitted)) === 0) {
      throw new AppError("conflict", "apiError.reviewAlreadyApproved");
    }
    // A check sheet sent back meanwhile is a draft again: the week is not whole, nothing is approved.
    const checks = await writeReview(trx, organisationId, set.checkSheetIds, approval, submitted);
    if (checks !== set.checkSheetIds.length) {
      refuseUnfinishedWeek(await storedForms(deps, organisationId, set.formIds));
      throw new AppError("conflict", "apiError.reviewAlreadyApproved");
    }
    await recordAudit(trx, actor, events(set, set.formIds, "review-approve", { rating, notes }), now);
    // In the same transaction: the company's webhook hears of the approval exactly when it commits.
    await enqueueWebhook(
      trx,
      organisationId,
      "set.approved",
      setApprovedData(set, forms, account, approvedAt, rating),
      now,
    );
  });
  deps.webhooks?.wake();
  return { timesheetId, formIds: set.formIds, approvedAt, approvedBy: account.id, rating };
}

/**
 * Sends one form of a submitted week (or every submitted form of it) back to its driver, including a form
 * signed and mailed to the client: it is a draft again, with the reason, which the driver's own read shows, and
 * keeps the version returned. The driver is mailed. A form the driver already holds (a draft, sent back or
 * reopened) answers 409; an approved week is locked (409) until an admin reopens it.
 */
export async function sendBackReviewedSet(
  deps: ServiceDeps,
  account: Account,
  actor: AuditActor,
  organisationId: string,
  timesheetId: string,
  { reason, formId }: SendBackRequest,
) {
  const set = await reviewedSet(deps, account, organisationId, timesheetId, "approve");
  if (formId !== undefined && !set.formIds.includes(formId)) {
    throw new AppError("not_found", "apiError.reviewFormNotInSet");
  }
  const forms = await storedForms(deps, organisationId, formId === undefined ? set.formIds : [formId]);
  // The whole week: the forms the driver has submitted (those they hold need nothing).
  const going = formId === undefined ? forms.filter((form) => form.status !== "draft") : forms;
  if (going.length === 0 || going.some((form) => form.status === "draft")) {
    throw new AppError("conflict", "apiError.reviewFormNotOpen");
  }
  const ids = going.map((form) => form.id);
  const now = deps.now();
  const sentBackAt = now.toISOString();
  const versions = await Promise.all(going.map((form) => returnedVersion(deps, form)));
  const mails = await returnedFormMails(deps, account, going, "sent_back", reason, now);
  await deps.database.db.transaction().execute(async (trx) => {
    let changed = 0;
    for (const [index, form] of going.entries()) {
      changed += await writeReview(
        trx,
        organisationId,
        [form.id],
        {
          status: "draft",
          submittedAt: null,
          sentBackReason: reason,
          sentBackAt,
          sentBackBy: account.id,
          ...versions[index],
        },
        { now, onlyIfStatusIn: REVIEWABLE_STATUSES },
      );
    }
    // Sent back by someone else, or the week approved, meanwhile: nothing goes back.
    if (changed !== ids.length) throw new AppError("conflict", "apiError.reviewFormNotOpen");
    await recordAudit(trx, actor, events(set, ids, "send-back", { reason }), now);
    await enqueueMails(trx, mails, now);
  });
  deps.outbox?.wake();
  return { timesheetId, formIds: ids, sentBackAt, reason };
}

/**
 * An admin unlocks an approved week with a written reason: every form of the set loses its approval, and the one
 * form named (or, with none named, every form) is a draft again for its driver (mailed, as on a send-back), and
 * keeps why, when and by whom it was reopened, which the audit trail records with the approval it undid, and
 * every PDF made of it from then on prints. The others stay submitted, so fixing Friday's finish time asks the
 * driver for the timesheet alone, not the week's five checks again. The week can be approved anew once the
 * driver submits it again. Of two reopens at once, one wins and the other gets 409.
 */
export async function reopenReviewedSet(
  deps: ServiceDeps,
  account: Account,
  actor: AuditActor,
  organisationId: string,
  timesheetId: string,
  { reason, formId }: ReopenRequest,
) {
  const set = await reviewedSet(deps, account, organisationId, timesheetId, "reopen");
  if (formId !== undefined && !set.formIds.includes(formId)) {
    throw new AppError("not_found", "apiError.reviewFormNotInSet");
  }
  const approved = (await storedForms(deps, organisationId, set.formIds)).filter(
    (form) => form.reviewApprovedAt !== null,
  );
  // Reopened by another request between the set's read and this one: the week is no longer approved.
  if (!approved.some((form) => form.id === set.timesheet.id)) {
    throw new AppError("conflict", "apiError.reviewNotApproved");
  }
  const returned = approved.filter((form) => formId === undefined || form.id === formId);
  const now = deps.now();
  const reopenedAt = now.toISOString();
  const unapproved = { reviewApprovedAt: null, reviewApprovedBy: null, reviewRating: null };
  const reopening = {
    ...unapproved,
    status: "draft" as const,
    submittedAt: null,
    reopenedReason: reason,
    reopenedAt,
    reopenedBy: account.id,
    reopenedByName: account.fullName,
  };
  const undone = { approvedAt: set.timesheet.reviewApprovedAt };
  const versions = new Map(
    await Promise.all(returned.map(async (form) => [form.id, await returnedVersion(deps, form)] as const)),
  );
  const mails = await returnedFormMails(deps, account, returned, "reopened", reason, now);
  await deps.database.db.transaction().execute(async (trx) => {
    const write = { now, onlyIfApproved: true };
    // The timesheet first (it leads `approved`, in the set's order), as approval does: of two reopens at once
    // only one finds it still approved.
    for (const form of approved) {
      const version = versions.get(form.id);
      const patch = version === undefined ? unapproved : { ...reopening, ...version };
      const changed = await writeReview(trx, organisationId, [form.id], patch, write);
      if (changed === 0 && form.id === set.timesheet.id) {
        throw new AppError("conflict", "apiError.reviewNotApproved");
      }
    }
    const ids = returned.map((form) => form.id);
    await recordAudit(trx, actor, events(set, ids, "review-reopen", { reason, undone }), now);
    await enqueueMails(trx, mails, now);
  });
  deps.outbox?.wake();
  return { timesheetId, formIds: set.formIds, reopenedAt, reason };
}
