import type { FastifyInstance } from "fastify";
import {
  isImageHeldByAny,
  isImageHeldByOrganisation,
  isImageHeldByOwner,
  readImages,
} from "../db/images-repository";
import { reviewedOrganisationOf, shownByViewToken, type ViewAccess } from "./view-access";

/**
 * A stored signature's PNG (GET /api/images/{sha256}) for the owner of a form or set that holds it, the
 * supervisors and admins of the company a form holding it belongs to, or the holder of an emailed link that shows
 * it; undefined otherwise, exactly as for an image that does not exist.
 */
export async function readImage(
  app: FastifyInstance,
  id: string,
  access: ViewAccess,
): Promise<Buffer | undefined> {
  const { db } = app.deps.database;
  const allowed =
    (access.ownerId !== null && (await isImageHeldByOwner(db, id, access.ownerId))) ||
    (await isImageHeldByAny(db, id, await shownByViewToken(app, access.token))) ||
    (access.ownerId !== null && (await heldByReviewedCompany(app, id, access.ownerId)));
  if (!allowed) return undefined;
  return (await readImages(db, [id])).get(id);
}

async function heldByReviewedCompany(app: FastifyInstance, id: string, readerId: string): Promise<boolean> {
  const organisationId = await reviewedOrganisationOf(app, readerId);
  return organisationId !== null && isImageHeldByOrganisation(app.deps.database.db, id, organisationId);
}
