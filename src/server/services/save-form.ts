import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { companyMessages } from "../../domain/company-messages";
import { type FormStatus, isOpenStatus, OPEN_STATUSES } from "../../domain/form-status";
import { type AnyFormSpec, listedValues, withChanges } from "../../domain/forms/form-spec";
import { formatIsoDate } from "../../domain/iso-date";
import { messages, noticeText } from "../../domain/messages";
import { type SignedAtFields, signedAtProblem } from "../../domain/signatures";
import { AppError } from "../app-error";
import type { Account } from "../db/accounts-repository";
import { getForm, insertForm, type StoredForm, updateForm } from "../db/forms-repository";
import { holdImages } from "../db/images-repository";
import { setFormPhotos } from "../db/photos-repository";
import type { DB } from "../db/schema";
import { archiveForm } from "./archive-form";
import { imageIdsOf, refuseUnknownImages, separateImages } from "./form-images";
import { resolveFormPhotos } from "./form-photos";
import { organisationIdOf } from "./organisations/organisation-access";
import { defectReportWrite, wakeAfterDefectReport } from "./organisations/vehicle-defects";
import type { AuditActor } from "./record-audit";

type Fields = Record<string, unknown> & { status: FormStatus };

export const formNotFound = (spec: AnyFormSpec) =>
  new AppError("not_found", messages.formNotFound(spec.noun));

/** Refuses a form that cannot be stored as it is: what its spec says, and signing times that cannot be right. */
export function refuseFormProblem(
  spec: AnyFormSpec,
  form: Fields,
  stored: SignedAtFields,
  input: SignedAtFields,
  now: Date,
): void {
  const problem = spec.saveProblem(form);
  if (problem) throw new AppError("validation_failed", noticeText(problem));
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
  throw new AppError("bad_request", messages.statusNotBySaving(status));
}

/**
 * The writes a form type's photos need beside the form, checked before anything is written: only this account's
 * uploaded photos may be listed, and each row then names the form that shows it.
 */
async function photoWrites(
  app: FastifyInstance,
  spec: AnyFormSpec,
  account: Account,
  id: string,
  form: Fields,
) {
  if (!spec.hasPhotos) return null;
  const photos = await resolveFormPhotos(app, form.photos as string[], { account, formId: id });
  const ids = photos.map((photo) => photo.id);
  return (trx: Kysely<DB>) => setFormPhotos(trx, account.id, id, ids);
}

/**
 * Whether a driver's save is refused: once the form is approved, sent or filed in their own flow, and once their
 * company's supervisor or admin approved its set (decision record 029).
 */
export function isLocked(form: Pick<StoredForm, "status" | "reviewApprovedAt">): boolean {
  return !isOpenStatus(form.status) || form.reviewApprovedAt !== null;
}

export function lockedError(form: Pick<StoredForm, "reviewApprovedAt">): AppError {
  return new AppError(
    "conflict",
    form.reviewApprovedAt !== null ? companyMessages.formApprovedByCompany : messages.formLocked,
  );
}

/**
 * POST of a form: a new draft (or a sheet submitted for approval at once) for this account, its id made by the
 * client. A replay of the same create answers as the first did; an id that is someone else's form is refused.
 */
export async function createForm(
  app: FastifyInstance,
  spec: AnyFormSpec,
  account: Account,
  input: Record<string, unknown> & { id: string },
): Promise<{ created: boolean }> {
  const { db } = app.deps.database;
  const now = app.deps.now();
  const { id } = input;
  const applied: Fields = spec.apply(spec.empty(formatIsoDate(now)), input);
  if (statusChangeBySave(applied.status) === "archive") {
    throw new AppError("bad_request", messages.newFormArchived(spec.noun));
  }
  refuseFormProblem(spec, applied, {}, input as SignedAtFields, now);
  refuseUnknownImages(imageIdsOf(applied, spec.signatureFields), []);
  const { form, images } = separateImages(applied, spec.signatureFields);
  const photos = await photoWrites(app, spec, account, id, form);
  // A member's form belongs to their company too, from the moment it is made.
  const organisationId = await organisationIdOf(db, account);
  const defectReport = await defectReportWrite(app, {
    kind: spec.kind,
    id,
    ownerId: account.id,
    organisationId,
    status: form.status,
    fields: form,
  });
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
    }
    return inserted;
  });
  if (defectReport) wakeAfterDefectReport(app);
  if (!created && !(await getForm(db, spec.kind, account.id, id))) {
    throw new AppError("conflict", messages.formIdInUse(spec.noun));
  }
  return { created };
}

/**
 * PUT of a form: the fields the input carries replace the stored ones, while the form is open (a completed one
 * is refused, even if completed by another request meanwhile). With status archived it archives instead.
 */
export async function updateOwnForm(
  app: FastifyInstance,
  spec: AnyFormSpec,
  account: Account,
  actor: AuditActor,
  id: string,
  input: Record<string, unknown>,
): Promise<void> {
  const { db } = app.deps.database;
  if (statusChangeBySave(input.status as FormStatus | undefined) === "archive") {
    if (!(await archiveForm(app, account, actor, spec, id))) throw formNotFound(spec);
    return;
  }
  const current = await getForm(db, spec.kind, account.id, id);
  if (!current) throw formNotFound(spec);
  if (isLocked(current)) throw lockedError(current);
  const now = app.deps.now();
  const applied: Fields = spec.apply(withChanges(current.fields, { status: current.status }), input);
  refuseFormProblem(spec, applied, current.fields, input, now);
  const before = imageIdsOf(current.fields, spec.signatureFields);
  refuseUnknownImages(imageIdsOf(applied, spec.signatureFields), before);
  const { form, images } = separateImages(applied, spec.signatureFields);
  // A draft keeps every signature it was saved with until it is completed or deleted: a save never lets go of an
  // image, so only a newly drawn signature needs storing, and a save read from an older version loses nothing.
  const newImages = images.filter((image) => !before.includes(image.id));
  const photos = await photoWrites(app, spec, account, id, form);
  const patch = {
    status: form.status,
    listed: listedValues(spec, form),
    ...(form.status === "ready_for_approval" && current.submittedAt === null
      ? { submittedAt: now.toISOString() }
      : {}),
    fields: form,
  };
  // Completed meanwhile by another request: the edit must not land on a signed form.
  const write = { now, onlyIfStatusIn: OPEN_STATUSES, onlyIfNotReviewApproved: true };
  // Most saves write only the row (a signed draft sends its signatures as drawn every time). On its own the write
  // joins other saves' group commit; a transaction would hold the write slot, and SQLite's lock, until it ends.
  const defectReport = await defectReportWrite(app, {
    kind: spec.kind,
    id,
    ownerId: account.id,
    organisationId: current.organisationId,
    status: form.status,
    fields: form,
  });
  const updated =
    newImages.length === 0 && !photos && !defectReport
      ? await updateForm(db, spec.kind, account.id, id, patch, write)
      : await db.transaction().execute(async (trx) => {
          const done = await updateForm(trx, spec.kind, account.id, id, patch, write);
          if (done) {
            await holdImages(trx, id, newImages, now);
            await photos?.(trx);
            await defectReport?.(trx, now);
          }
          return done;
        });
  if (defectReport) wakeAfterDefectReport(app);
  if (!updated) {
    throw lockedError((await getForm(db, spec.kind, account.id, id)) ?? current);
  }
}
