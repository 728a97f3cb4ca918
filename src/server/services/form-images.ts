import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { withChanges } from "../../domain/forms/form-spec";
import { imageIdOf, imageRef, isImageRef } from "../../domain/forms/image-ref";
import { PNG_DATA_URL_PREFIX } from "../../domain/forms/signatures";
import { AppError } from "../app-error";
import { holdImages, type ImageBytes, readImages, releaseImages } from "../db/images-repository";
import type { DB } from "../db/schema";

type Fields = Readonly<Record<string, unknown>>;

/** A form's drawn signatures (every form type has these two). */
export const SIGNATURE_FIELDS = ["operatorSignature", "clientSignature"] as const;
/** A stored set's: the client's and the foreman's approval. */
export const APPROVAL_IMAGE_FIELDS = ["clientSignature", "foremanSignature"] as const;

/**
 * A form with its drawn signatures taken out: each PNG data URL becomes the address of the image it is stored as,
 * and the images to store come beside it. Signatures already stored (addresses) and blank ones stay as they are.
 * The fields are as their request's schema accepted them, so a value that starts as a PNG data URL is a whole one.
 */
export function separateImages<F extends Fields>(
  form: F,
  imageFields: readonly string[],
): { form: F; images: ImageBytes[] } {
  const images: ImageBytes[] = [];
  const addresses: Record<string, string> = {};
  for (const field of imageFields) {
    const value = form[field];
    if (typeof value !== "string" || !value.startsWith(PNG_DATA_URL_PREFIX)) continue;
    const bytes = Buffer.from(value.slice(PNG_DATA_URL_PREFIX.length), "base64");
    const id = createHash("sha256").update(bytes).digest("hex");
    images.push({ id, bytes });
    addresses[field] = imageRef(id);
  }
  return { form: images.length === 0 ? form : withChanges(form, addresses), images };
}

/** The ids of the stored images a form's fields name. */
export function imageIdsOf(form: Fields, imageFields: readonly string[]): string[] {
  const ids = imageFields.map((field) => {
    const value = form[field];
    return isImageRef(value) ? imageIdOf(value) : null;
  });
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

/**
 * Refuses a save naming a stored image its form did not already hold (`known`): an address can only keep a
 * signature the form has, never bring in someone else's.
 */
export function refuseUnknownImages(named: readonly string[], known: readonly string[]): void {
  if (named.some((id) => !known.includes(id)))
    throw new AppError("validation_failed", "apiError.signatureNotKnown");
}

/**
 * Inside the holder's write, once it is final (a completed form, an approved set): stores its new images and
 * lets go of every other it held (a draft keeps each signature it was saved with until then), keeping `names`,
 * the ids its fields name.
 */
export async function updateHeldImages(
  trx: Kysely<DB>,
  holderId: string,
  images: readonly ImageBytes[],
  names: readonly string[],
  now: Date,
): Promise<void> {
  await holdImages(trx, holderId, images, now);
  await releaseImages(trx, holderId, names);
}

/**
 * The form with its signatures as PNG data URLs again, for a PDF and for the fingerprint of what was signed.
 * Images are read from the database, or from `pending` for those about to be stored with the form.
 */
export async function withImages<F extends Fields>(
  db: Kysely<DB>,
  form: F,
  imageFields: readonly string[],
  pending: readonly ImageBytes[] = [],
): Promise<F> {
  const ids = imageIdsOf(form, imageFields);
  const bytes = await readImages(
    db,
    ids.filter((id) => !pending.some((image) => image.id === id)),
  );
  for (const image of pending) bytes.set(image.id, image.bytes);
  let resolved = form;
  for (const field of imageFields) {
    const value = form[field];
    const id = isImageRef(value) ? imageIdOf(value) : null;
    const image = id === null ? undefined : bytes.get(id);
    if (image)
      resolved = withChanges(resolved, { [field]: `${PNG_DATA_URL_PREFIX}${image.toString("base64")}` });
  }
  return resolved;
}
