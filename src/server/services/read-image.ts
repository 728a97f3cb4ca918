import type { FastifyInstance } from "fastify";
import { combinedSetId } from "../../domain/pairing";
import { getFormByViewToken } from "../db/forms-repository";
import { isImageHeldByAny, isImageHeldByOwner, readImages } from "../db/images-repository";
import { getApproval } from "../db/supervisor-approvals-repository";

/**
 * Whose signatures an emailed link shows: its form, and when that is a timesheet heading an approved set, the
 * set (its client's and foreman's signatures) and the set's check sheets.
 */
async function holdersShownBy(app: FastifyInstance, viewToken: string): Promise<string[]> {
  const { db } = app.deps.database;
  const form = await getFormByViewToken(db, viewToken);
  if (!form) return [];
  const set =
    form.kind === "timesheet" && form.ownerId
      ? await getApproval(db, form.ownerId, combinedSetId(form.id))
      : undefined;
  return [form.id, ...(set ? [set.id, ...set.checkSheetIds] : [])];
}

/**
 * A stored signature's PNG (GET /api/images/{sha256}) for the owner of a form or set that holds it, or for the
 * holder of an emailed link that shows it; undefined otherwise, exactly as for an image that does not exist.
 */
export async function readImage(
  app: FastifyInstance,
  id: string,
  access: { ownerId: string | null; token: string | null },
): Promise<Buffer | undefined> {
  const { db } = app.deps.database;
  const allowed =
    (access.ownerId !== null && (await isImageHeldByOwner(db, id, access.ownerId))) ||
    (access.token !== null && (await isImageHeldByAny(db, id, await holdersShownBy(app, access.token))));
  if (!allowed) return undefined;
  return (await readImages(db, [id])).get(id);
}
