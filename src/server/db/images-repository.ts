import type { Kysely } from "kysely";
import type { DB } from "./schema";

/** A drawn signature's PNG, named by the hex SHA-256 of its bytes. */
export interface ImageBytes {
  id: string;
  bytes: Buffer;
}

/**
 * Stores each image once (an image already stored is left as it is: the same name means the same bytes) and
 * records that `holderId` (a form or a stored set) uses it. Pass the transaction that writes the holder.
 */
export async function holdImages(
  db: Kysely<DB>,
  holderId: string,
  images: readonly ImageBytes[],
  now: Date,
): Promise<void> {
  if (images.length === 0) return;
  await db
    .insertInto("images")
    .values(
      images.map(({ id, bytes }) => ({
        id,
        content_type: "image/png",
        bytes,
        byte_length: bytes.length,
        created_at: now.toISOString(),
      })),
    )
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  await db
    .insertInto("image_uses")
    .values(images.map(({ id }) => ({ holder_id: holderId, image_id: id })))
    .onConflict((oc) => oc.columns(["holder_id", "image_id"]).doNothing())
    .execute();
}

/** Forgets the holder's use of every image but `keep` (all of them when `keep` is empty). */
export async function releaseImages(
  db: Kysely<DB>,
  holderId: string,
  keep: readonly string[],
): Promise<void> {
  await db
    .deleteFrom("image_uses")
    .where("holder_id", "=", holderId)
    .$if(keep.length > 0, (qb) => qb.where("image_id", "not in", keep))
    .execute();
}

/** The bytes of the given images, by id; ids not stored are left out. */
export async function readImages(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, Buffer>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("images").select(["id", "bytes"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, Buffer.from(row.bytes)]));
}

/** Whether any of the holders uses the image. */
export async function isImageHeldByAny(
  db: Kysely<DB>,
  imageId: string,
  holderIds: readonly string[],
): Promise<boolean> {
  if (holderIds.length === 0) return false;
  const row = await db
    .selectFrom("image_uses")
    .select("image_id")
    .where("image_id", "=", imageId)
    .where("holder_id", "in", holderIds)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a form of this organisation (whoever made it) uses the image: for its supervisors' and admins' view. */
export async function isImageHeldByOrganisation(
  db: Kysely<DB>,
  imageId: string,
  organisationId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("image_uses")
    .innerJoin("forms", "forms.id", "image_uses.holder_id")
    .select("image_uses.image_id")
    .where("image_uses.image_id", "=", imageId)
    .where("forms.organisation_id", "=", organisationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a form or stored set of this owner uses the image. */
export async function isImageHeldByOwner(db: Kysely<DB>, imageId: string, ownerId: string): Promise<boolean> {
  const row = await db
    .selectFrom("image_uses")
    .select("image_uses.image_id")
    .where("image_uses.image_id", "=", imageId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("forms")
            .select("forms.id")
            .whereRef("forms.id", "=", "image_uses.holder_id")
            .where("forms.owner_id", "=", ownerId),
        ),
        eb.exists(
          eb
            .selectFrom("supervisor_approvals")
            .select("supervisor_approvals.id")
            .whereRef("supervisor_approvals.id", "=", "image_uses.holder_id")
            .where("supervisor_approvals.owner_id", "=", ownerId),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Lets go of what nothing holds any more: uses by holders that no longer exist (a deleted form or set, an
 * account erased with its forms), then images no holder uses. Returns how many images went.
 */
export async function deleteUnheldImages(db: Kysely<DB>): Promise<number> {
  await db
    .deleteFrom("image_uses")
    .where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb.selectFrom("forms").select("forms.id").whereRef("forms.id", "=", "image_uses.holder_id"),
          ),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom("supervisor_approvals")
              .select("supervisor_approvals.id")
              .whereRef("supervisor_approvals.id", "=", "image_uses.holder_id"),
          ),
        ),
      ]),
    )
    .execute();
  const result = await db
    .deleteFrom("images")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("image_uses")
            .select("image_uses.image_id")
            .whereRef("image_uses.image_id", "=", "images.id"),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
