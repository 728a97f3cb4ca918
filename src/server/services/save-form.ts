import type { Kysely } from "kysely";
import type { ErrorParams } from "../../domain/api/api-error";
import { changedFields, companyFormStatus } from "../../domain/company/company-state";
import { type AnyFormSpec, formFromInput, listedValues, withChanges } from "../../domain/forms/form-spec";
import { type FormStatus, isOpenStatus, OPEN_STATUSES } from "../../domain/forms/form-status";
import { type SignedAtFields, signedAtProblem } from "../../domain/forms/signatures";
import { formParam, type Notice } from "../../domain/text/messages";
import { formatIsoDate } from "../../domain/time/iso-date";
import { AppError, type ErrorText } from "../app-error";
import type { Account } from "../db/accounts-repository";
import { companyFactsOf, getForm, insertForm, type StoredForm, updateForm } from "../db/forms-repository";
import { holdImages } from "../db/images-repository";
import { setFormPhotos } from "../db/photos-repository";
import type { DB } from "../db/schema";
import { imageIdsOf, refuseUnknownImages, separateImages } from "./form-images";
import { resolveFormPhotos } from "./form-photos";
import { organisationIdOf } from "./organisations/organisation-access";
import { defectReportWrite, wakeAfterDefectReport } from "./organisations/vehicle-defects";
import { type AuditActor, type AuditEvent, recordAudit } from "./record-audit";
import { removeOwnForm } from "./remove-form";
import type { ServiceDeps } from "./service-deps";

type Fields = Record<string, unknown> & { status: FormStatus };

export const formNotFound = (spec: AnyFormSpec) =>
  new AppError("not_found", { key: "apiError.formNotFound", params: { form: formParam(spec.noun) } });

/**
 * A save's problem as one message: a timesheet day's hours by kind as the problem's own message, missing
 * signatures as the notice's title and its description, as the answer has always said them.
 */
function saveRefusal(problem: Notice): ErrorText {
  const description = problem.keys?.description;
  if (description?.startsWith("hire.problem.") || description?.startsWith("meter.")) {
    // Its values are hours, a day's name or a reading as typed, never a date.
    return { key: description, params: problem.keys?.values as ErrorParams };
  }
  if (description === "submitProblem.dateDescription") return { key: "apiError.signatureDateRequired" };
  if (description === "submitProblem.signaturesAndDateDescription") {
    return { key: "apiError.signaturesAndDateRequired" };
  }
  return { key: "apiError.signaturesRequired" };
}

/** Refuses a form that cannot be stored as it is: what its spec says, and signing times that cannot be right. */
export function refuseFormProblem(
  spec: AnyFormSpec,
  form: Fields,
  stored: SignedAtFields,
  input: SignedAtFields,
  now: Date,
): void {
  const problem = spec.saveProblem(form);
  if (problem) throw new AppError("validation_failed", saveRefusal(problem));
  const signedAt = signedAtProblem(stored, input, spec.date(form), now);
  if (signedAt) throw new AppError("validation_failed", signedAt);
}

/**
 * Saving may move a form between draft and ready for approval, or archive it; approval, dispatch and completion
 * have their own calls that check what they need.
 */
function statusChangeBySave(status: FormStatus | undefined): "edit" | "archive" {
  if (status === undefined || isOpenStatus(status)) return "edit";
  if (status === "archived") return "archive";
  throw new AppError("bad_request", { key: "apiError.statusNotBySaving", params: { status } });
}

/**
 * The writes a form type's photos need beside the form, checked before anything is written: only this account's
 * uploaded photos may be listed, and each row then names the form that shows it.
 */
async function photoWrites(deps: ServiceDeps, spec: AnyFormSpec, account: Account, id: string, form: Fields) {
  if (!spec.hasPhotos) return null;
  const photos = await resolveFormPhotos(deps, form.photos as string[], { account, formId: id });
  const ids = photos.map((photo) => photo.id);
  return (trx: Kysely<DB>) => setFormPhotos(trx, account.id, id, ids);
}

/**
 * Whether a driver's save is refused: once the form is approved, sent or filed in their own flow, and once their
 * company's supervisor or admin approved its set (decision record 029).
 */
/** A company's form its office sent back or reopened, still with the driver. */
export function isReturned(form: StoredForm): boolean {
  const { state } = companyFormStatus(companyFactsOf(form));
  return state === "sent_back" || state === "reopened";
}

export function isLocked(form: Pick<StoredForm, "status" | "reviewApprovedAt">): boolean {
  return !isOpenStatus(form.status) || form.reviewApprovedAt !== null;
}

export function lockedError(form: Pick<StoredForm, "reviewApprovedAt">): AppError {
  return new AppError(
    "conflict",
    form.reviewApprovedAt !== null ? "apiError.formApprovedByCompany" : "apiError.formLocked",
  );
}

/**
 * The audit row of a company member's form submitted to the office by a save, which the week's history reads
 * (decision record 040): when it goes from draft to ready for approval for the first time, or again after the
 * office returned it (with what changed). Saves of a submitted form, and a driver's own round trip through draft,
 * record nothing more; the one-step completion records its own row.
 */
function submissionEvent(
  spec: AnyFormSpec,
  before: Pick<StoredForm, "id" | "status" | "submittedAt" | "organisationId">,
  status: FormStatus,
  resubmittedChanges: string[] | null,
): AuditEvent | null {
  if (before.organisationId === null || before.status !== "draft" || status !== "ready_for_approval")
    return null;
  const event = { formType: spec.kind, formId: before.id, action: "submit" as const };
  if (resubmittedChanges) return { ...event, details: { resubmitted: resubmittedChanges } };
  return before.submittedAt === null ? event : null;
}

/**
 * POST of a form: a new draft (or a sheet submitted for approval at once) for this account, its id made by the
 * client. A replay of the same create answers as the first did; an id that is someone else's form is refused.
 */
export async function createForm(
  deps: ServiceDeps,
  spec: AnyFormSpec,
  account: Account,
  actor: AuditActor,
  input: Record<string, unknown> & { id: string },
): Promise<{ created: boolean }> {
  const { db } = deps.database;
  const now = deps.now();
  const { id } = input;
  const applied: Fields = formFromInput(spec, input, formatIsoDate(now));
  if (statusChangeBySave(applied.status) === "archive") {
    throw new AppError("bad_request", {
      key: "apiError.newFormArchived",
      params: { form: formParam(spec.noun) },
    });
  }
  refuseFormProblem(spec, applied, {}, input as SignedAtFields, now);
  refuseUnknownImages(imageIdsOf(applied, spec.signatureFields), []);
  const { form, images } = separateImages(applied, spec.signatureFields);
  const photos = await photoWrites(deps, spec, account, id, form);
  // A member's form belongs to their company too, from the moment it is made.
  const organisationId = await organisationIdOf(db, account);
  const defectReport = await defectReportWrite(deps, {
    kind: spec.kind,
    id,
    ownerId: account.id,
    organisationId,
    status: form.status,
    fields: form,
  });
  // A new form is a draft before it is saved: made already submitted, it is submitted for the first time.
  const submission = submissionEvent(
    spec,
    { id, status: "draft", submittedAt: null, organisationId },
    form.status,
    null,
  );
  const created = await db.transaction().execute(async (trx) => {
    const inserted = await insertForm(
      trx,
      {
        id,
        kind: spec.kind,
        ownerId: account.id,
        organisationId,
        status: form.status,
        listed: listedValues(spec, form),
        submittedAt: form.status === "ready_for_approval" ? now.toISOString() : null,
        fields: form,
      },
      now,
    );
    // A replay changes nothing, and an id that is someone else's form must not take our images or photos.
    if (inserted) {
      await holdImages(trx, id, images, now);
      await photos?.(trx);
      await defectReport?.(trx, now);
      if (submission) await recordAudit(trx, actor, [submission], now);
    }
    return inserted;
  });
  if (defectReport) wakeAfterDefectReport(deps);
  if (!created && !(await getForm(db, spec.kind, account.id, id))) {
    throw new AppError("conflict", { key: "apiError.formIdInUse", params: { form: formParam(spec.noun) } });
  }
  return { created };
}

/**
 * PUT of a form: the fields the input carries replace the stored ones, while the form is open (a completed one
 * is refused, even if completed by another request meanwhile). With status archived it archives instead.
 */
export async function updateOwnForm(
  deps: ServiceDeps,
  spec: AnyFormSpec,
  account: Account,
  actor: AuditActor,
  id: string,
  input: Record<string, unknown>,
): Promise<void> {
  const { db } = deps.database;
  if (statusChangeBySave(input.status as FormStatus | undefined) === "archive") {
    if (!(await removeOwnForm(deps, account, actor, spec, id, "archive"))) throw formNotFound(spec);
    return;
  }
  const current = await getForm(db, spec.kind, account.id, id);
  if (!current) throw formNotFound(spec);
  if (isLocked(current)) throw lockedError(current);
  const now = deps.now();
  const applied: Fields = spec.apply(withChanges(current.fields, { status: current.status }), input);
  refuseFormProblem(spec, applied, current.fields, input, now);
  const before = imageIdsOf(current.fields, spec.signatureFields);
  refuseUnknownImages(imageIdsOf(applied, spec.signatureFields), before);
  const { form, images } = separateImages(applied, spec.signatureFields);
  // A draft keeps every signature it was saved with until it is completed or deleted: a save never lets go of an
  // image, so only a newly drawn signature needs storing, and a save read from an older version loses nothing.
  const newImages = images.filter((image) => !before.includes(image.id));
  const photos = await photoWrites(deps, spec, account, id, form);
  // A form the company's office returned, submitted again: marked resubmitted with what changed (040).
  const resubmittedChanges =
    form.status !== "draft" && isReturned(current) ? changedFields(current.returnedData ?? {}, form) : null;
  const patch = {
    status: form.status,
    listed: listedValues(spec, form),
    ...(form.status === "ready_for_approval" && current.submittedAt === null
      ? { submittedAt: now.toISOString() }
      : {}),
    ...(resubmittedChanges && { resubmittedAt: now.toISOString(), resubmittedChanges }),
    fields: form,
  };
  const submission = submissionEvent(spec, current, form.status, resubmittedChanges);
  // Completed meanwhile by another request: the edit must not land on a signed form.
  const write = { now, onlyIfStatusIn: OPEN_STATUSES, onlyIfNotReviewApproved: true };
  // Most saves write only the row (a signed draft sends its signatures as drawn every time). On its own the write
  // joins other saves' group commit; a transaction would hold the write slot, and SQLite's lock, until it ends.
  const defectReport = await defectReportWrite(deps, {
    kind: spec.kind,
    id,
    ownerId: account.id,
    organisationId: current.organisationId,
    status: form.status,
    fields: form,
  });
  const updated =
    newImages.length === 0 && !photos && !defectReport && !submission
      ? await updateForm(db, spec.kind, account.id, id, patch, write)
      : await db.transaction().execute(async (trx) => {
          const done = await updateForm(trx, spec.kind, account.id, id, patch, write);
          if (done) {
            await holdImages(trx, id, newImages, now);
            await photos?.(trx);
            await defectReport?.(trx, now);
            if (submission) await recordAudit(trx, actor, [submission], now);
          }
          return done;
        });
  if (defectReport) wakeAfterDefectReport(deps);
  if (!updated) {
    throw lockedError((await getForm(db, spec.kind, account.id, id)) ?? current);
  }
}
