import { AppError } from "../app-error";
import { findPhoto, type PhotoRow } from "../db/photos-repository";
import { verifiedPhoto } from "./form-photos";
import type { ServiceDeps } from "./service-deps";
import { companyFormForReviewer, shownByViewToken, type ViewAccess } from "./view-access";

/**
 * Who may see an uploaded photo: its account's session; the supervisors and admins of the company the form it is
 * on belongs to; the holder of an emailed link showing the form it is on;
 * and, for a photo uploaded without an account and on no form yet, whoever has its address (only the uploader was
 * given it, and the phone shows it while the form is filled in). An anonymous form keeps nothing: its photos are
 * deleted when it is completed, once they are in its PDF.
 */
async function maySee(deps: ServiceDeps, photo: PhotoRow, access: ViewAccess): Promise<boolean> {
  if (photo.owner_id === null && photo.form_id === null) return true;
  if (photo.owner_id !== null && photo.owner_id === access.ownerId) return true;
  if (photo.form_id === null) return false;
  if ((await shownByViewToken(deps, access.token)).includes(photo.form_id)) return true;
  return (
    access.ownerId !== null &&
    (await companyFormForReviewer(deps, access.ownerId, photo.form_id)) !== undefined
  );
}

/** A photo's bytes and type for someone who may see it; undefined otherwise, as for a photo that does not exist. */
export async function readPhoto(
  deps: ServiceDeps,
  id: string,
  access: ViewAccess,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const row = await findPhoto(deps.database.db, id);
  if (!row || !(await maySee(deps, row, access))) return undefined;
  const photo = await verifiedPhoto(deps, row).catch(notYetAPhoto);
  if (!photo) return undefined;
  return { bytes: await deps.photoStorage.get(photo.storage_key), contentType: photo.content_type };
}

/** A photo that has not arrived, or whose bytes were refused, is not there to show. */
function notYetAPhoto(error: unknown): undefined {
  if (error instanceof AppError && error.code === "bad_request") return undefined;
  throw error;
}
