import {
  isImageHeldByAny,
  isImageHeldByOrganisation,
  isImageHeldByOwner,
  readImages,
} from "../db/images-repository";
import type { ServiceDeps } from "./service-deps";
import { reviewedOrganisationOf, shownByViewToken, type ViewAccess } from "./view-access";

/**
 * A stored signature's PNG (GET /api/images/{sha256}) for the owner of a form or set that holds it, the
 * supervisors and admins of the company a form holding it belongs to, or the holder of an emailed link that shows
 * it; undefined otherwise, exactly as for an image that does not exist.
 */
export async function readImage(
  deps: ServiceDeps,
  id: string,
  access: ViewAccess,
): Promise<Buffer | undefined> {
  const { db } = deps.database;
  const allowed =
    (access.ownerId !== null && (await isImageHeldByOwner(db, id, access.ownerId))) ||
    (await isImageHeldByAny(db, id, await shownByViewToken(deps, access.token))) ||
    (access.ownerId !== null && (await heldByReviewedCompany(deps, id, access.ownerId)));
  if (!allowed) return undefined;
  return (await readImages(db, [id])).get(id);
}

async function heldByReviewedCompany(deps: ServiceDeps, id: string, readerId: string): Promise<boolean> {
  const organisationId = await reviewedOrganisationOf(deps, readerId);
  return organisationId !== null && isImageHeldByOrganisation(deps.database.db, id, organisationId);
}
