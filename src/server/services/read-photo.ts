import type { FastifyInstance } from "fastify";
import { may } from "../../domain/organisation";
import { AppError } from "../app-error";
import { isOrganisationForm } from "../db/forms-repository";
import { findMembership } from "../db/organisations-repository";
import { findPhoto, type PhotoRow } from "../db/photos-repository";
import { verifiedPhoto } from "./form-photos";
import { shownByViewToken, type ViewAccess } from "./view-access";

/**
 * Who may see an uploaded photo: its account's session; the holder of an emailed link showing the form it is on;
 * the session of a supervisor or admin of the company whose form it is on (the defects export links its photos,
 * decision record 029); and, for a photo uploaded without an account and on no form yet, whoever has its address (only the uploader was
 * given it, and the phone shows it while the form is filled in). An anonymous form keeps nothing: its photos are
 * deleted when it is completed, once they are in its PDF.
 */
async function maySee(app: FastifyInstance, photo: PhotoRow, access: ViewAccess): Promise<boolean> {
  if (photo.owner_id === null && photo.form_id === null) return true;
  if (photo.owner_id !== null && photo.owner_id === access.ownerId) return true;
  if (photo.form_id === null) return false;
  if (access.ownerId !== null && (await seenByTheOffice(app, access.ownerId, photo.form_id))) return true;
  return (await shownByViewToken(app, access.token)).includes(photo.form_id);
}

/** The account is a supervisor or admin of the company the form belongs to, who may see its members' forms. */
async function seenByTheOffice(app: FastifyInstance, accountId: string, formId: string): Promise<boolean> {
  const { db } = app.deps.database;
  const membership = await findMembership(db, accountId);
  if (!membership || !may(membership.role, "view-member-forms")) return false;
  return isOrganisationForm(db, membership.organisationId, formId);
}

/** A photo's bytes and type for someone who may see it; undefined otherwise, as for a photo that does not exist. */
export async function readPhoto(
  app: FastifyInstance,
  id: string,
  access: ViewAccess,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const row = await findPhoto(app.deps.database.db, id);
  if (!row || !(await maySee(app, row, access))) return undefined;
  const photo = await verifiedPhoto(app, row).catch(notYetAPhoto);
  if (!photo) return undefined;
  return { bytes: await app.deps.photoStorage.get(photo.storage_key), contentType: photo.content_type };
}

/** A photo that has not arrived, or whose bytes were refused, is not there to show. */
function notYetAPhoto(error: unknown): undefined {
  if (error instanceof AppError && error.code === "bad_request") return undefined;
  throw error;
}
