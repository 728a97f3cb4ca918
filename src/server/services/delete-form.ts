import type { FastifyInstance } from "fastify";
import { companyMessages } from "../../domain/company-messages";
import type { AnyFormSpec } from "../../domain/forms/form-spec";
import { AppError } from "../app-error";
import type { Account } from "../db/accounts-repository";
import { deleteForm as deleteFormRow, getForm } from "../db/forms-repository";
import { releaseImages } from "../db/images-repository";
import { deletePhotoRows, findFormPhotos } from "../db/photos-repository";
import { deleteStoredPhotos } from "./form-photos";
import { type AuditActor, recordAudit } from "./record-audit";

/**
 * Deletes one of the owner's forms, whatever its status (the spec offers delete on every card, dispatched
 * sets included), unless their company has approved it. Mail already queued or sent is not recalled, and the audit row (which has no link to the
 * form) keeps what was deleted and from which status. Deleting a set's timesheet also drops the stored set.
 * The form's photos go with it (their bytes once the delete has committed), and its signatures' images once
 * nothing else holds them. Returns false when the owner has no such form.
 */
export async function deleteForm(
  app: FastifyInstance,
  account: Account,
  actor: AuditActor,
  spec: AnyFormSpec,
  id: string,
): Promise<boolean> {
  const { db } = app.deps.database;
  const current = await getForm(db, spec.kind, account.id, id);
  if (!current) return false;
  // A week the company has approved is its record: the driver can no longer take it away (decision 029).
  if (current.reviewApprovedAt !== null)
    throw new AppError("conflict", companyMessages.formApprovedByCompany);
  const now = app.deps.now();
  const photos = await db.transaction().execute(async (trx) => {
    if (!(await deleteFormRow(trx, spec.kind, account.id, id))) return null;
    await releaseImages(trx, id, []);
    const formPhotos = spec.hasPhotos ? await findFormPhotos(trx, account.id, id) : [];
    await deletePhotoRows(
      trx,
      formPhotos.map((photo) => photo.id),
    );
    await recordAudit(
      trx,
      actor,
      [
        {
          formType: spec.kind,
          formId: id,
          action: "delete",
          details: { status: current.status, plantNumber: current.fields.plantNumber },
        },
      ],
      now,
    );
    return formPhotos;
  });
  if (!photos) return false;
  await deleteStoredPhotos(app, photos);
  return true;
}
