import { z } from "zod";

/**
 * A drawn signature is stored once, beside the forms that use it, named by the SHA-256 of its PNG bytes; a form
 * holds its address, `/api/images/{sha256}`, which a browser shows as it shows a data URL. The server serves it
 * to the owner of a form that holds it, or with that form's view token.
 */
export const IMAGE_PATH_PREFIX = "/api/images/";
const IMAGE_REF = /^\/api\/images\/([0-9a-f]{64})$/;

/** The reference of a stored image, by the hex SHA-256 of its bytes. */
export function imageRef(sha256Hex: string): string {
  return `${IMAGE_PATH_PREFIX}${sha256Hex}`;
}

/** Whether a signature field's value is a stored image's reference (rather than a PNG drawn and not yet sent). */
export function isImageRef(value: unknown): value is string {
  return typeof value === "string" && IMAGE_REF.test(value);
}

/** The hex SHA-256 a reference names, or null. */
export function imageIdOf(value: string): string | null {
  return IMAGE_REF.exec(value)?.[1] ?? null;
}

export const ImageRefSchema = z.string().regex(IMAGE_REF, "Not a stored image");

const PHOTO_PATH = /^\/api\/photos\/[\w-]+$/;

/**
 * Where a browser reads a form's image, a signature or a photo: a PNG data URL (or any other address) as it is;
 * a stored signature or an uploaded photo of this server at its address, with the view token of the emailed link
 * when the reader has no session.
 */
export function imageSrc(value: string, viewToken?: string | null): string {
  if (!viewToken || !(isImageRef(value) || PHOTO_PATH.test(value))) return value;
  return `${value}?token=${encodeURIComponent(viewToken)}`;
}
