import type { AnyFormSpec } from "../../domain/forms/form-spec";
import { SET_TRANSITIONS, setTransitionProblem } from "../../domain/sets/combined-transitions";
import { AppError } from "../app-error";
import type { Account } from "../db/accounts-repository";
import { deleteForm, getForm, type StoredForm, updateForm } from "../db/forms-repository";
import { releaseImages } from "../db/images-repository";
import { deletePhotoRows, findFormPhotos } from "../db/photos-repository";
import { setApprovalStatus } from "../db/supervisor-approvals-repository";
import { deleteStoredPhotos } from "./form-photos";
import { type AuditActor, recordAudit } from "./record-audit";
import type { ServiceDeps } from "./service-deps";

/** One of the owner's forms as a removal finds it. */
interface Removal {
  deps: ServiceDeps;
  account: Account;
  actor: AuditActor;
  spec: AnyFormSpec;
  current: StoredForm;
}

/**
 * The driver's two ways of taking a form off their lists: archive it (kept, read-only) or delete it. Returns
 * false when the owner has no such form, which the route answers as for another account's.
 */
export async function removeOwnForm(
  deps: ServiceDeps,
  account: Account,
  actor: AuditActor,
  spec: AnyFormSpec,
  id: string,
  how: "archive" | "delete",
): Promise<boolean> {
  const current = await getForm(deps.database.db, spec.kind, account.id, id);
  if (!current) return false;
  const removal = { deps, account, actor, spec, current };
  return how === "archive" ? archive(removal) : remove(removal);
}

/**
 * Archives one form of a set (PUT with status archived, sent for the timesheet and every check sheet of
 * the set). Only a form whose mail has gone out (dispatched or completed) can be archived. Archiving an
 * archived form again changes nothing and succeeds, so a retried archive of a whole set goes through.
 */
async function archive({ deps, account, actor, spec, current }: Removal): Promise<boolean> {
  if (current.status === "archived") return true;
  const refused = setTransitionProblem("archive", [current]);
  if (refused) throw new AppError("conflict", refused);
  const now = deps.now();
  await deps.database.db.transaction().execute(async (trx) => {
    const updated = await updateForm(
      trx,
      spec.kind,
      account.id,
      current.id,
      { status: "archived" },
      { now, onlyIfStatusIn: SET_TRANSITIONS.archive.from },
    );
    // Deleted or moved on by another request since it was read.
    if (!updated) throw new AppError("conflict", "apiError.setChanged");
    if (spec.kind === "timesheet") await setApprovalStatus(trx, account.id, current.id, "archived", now);
    await recordAudit(
      trx,
      actor,
      [{ formType: spec.kind, formId: current.id, action: "archive", details: { from: current.status } }],
      now,
    );
  });
  return true;
}

/**
 * Deletes one of the owner's forms, whatever its status (the spec offers delete on every card, dispatched
 * sets included), unless their company has approved it. Mail already queued or sent is not recalled, and the
 * audit row (which has no link to the form) keeps what was deleted and from which status. Deleting a set's
 * timesheet also drops the stored set. The form's photos go with it (their bytes once the delete has committed),
 * and its signatures' images once nothing else holds them.
 */
async function remove({ deps, account, actor, spec, current }: Removal): Promise<boolean> {
  // A week the company has approved is its record: the driver can no longer take it away (decision 029).
  if (current.reviewApprovedAt !== null) throw new AppError("conflict", "apiError.formApprovedByCompany");
  const { id } = current;
  const now = deps.now();
  const photos = await deps.database.db.transaction().execute(async (trx) => {
    if (!(await deleteForm(trx, spec.kind, account.id, id))) return null;
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
  await deleteStoredPhotos(deps, photos);
  return true;
}
