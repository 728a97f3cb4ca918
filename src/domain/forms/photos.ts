import { z } from "zod";
import { english } from "../text/i18n/english";
import type { Translator } from "../text/i18n/translate";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, MAX_URL_LENGTH } from "./constants";

/** An absolute http(s) URL or a path on this server; never a data, script or protocol-relative URL. */
export function isHttpUrlOrPath(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * Where an uploaded photo lives: object storage or a path on this server. Data URLs are refused:
 * photos are uploaded, never inlined in a record.
 */
export const PhotoUrlSchema = z
  .string()
  .min(1)
  .max(MAX_URL_LENGTH)
  .refine(isHttpUrlOrPath, "Photo must be an uploaded image URL");

export const PhotoListSchema = z.array(PhotoUrlSchema).max(MAX_PHOTOS, `At most ${MAX_PHOTOS} photos`);

/** The parts of a picked file the checks need (a browser `File` fits). */
export interface PhotoFile {
  name: string;
  size: number;
  type: string;
}

/**
 * Why a picked file cannot be attached, or null when it can (spec section 5: up to 5 files,
 * each up to 10 MB, images only). A file with the same name and size as one already attached
 * is taken to be the same photo picked twice.
 */
export function photoFileProblem(
  file: PhotoFile,
  attached: readonly PhotoFile[],
  t: Translator["t"] = english,
): string | null {
  if (attached.length >= MAX_PHOTOS) return t("photo.limitReached", { max: MAX_PHOTOS });
  if (!file.type.startsWith("image/")) return t("photo.notImage", { name: file.name });
  if (file.size > MAX_PHOTO_BYTES) return t("photo.tooLarge", { name: file.name });
  if (attached.some((a) => a.name === file.name && a.size === file.size))
    return t("photo.duplicate", { name: file.name });
  return null;
}

/** "1 photo attached", "3 photos attached", as the photo step says it, in the reader's language. */
export function photoCountLabel(count: number, t: Translator["t"] = english): string {
  return t("photoStep.attachedCount", { count });
}

/** A record's photos. Older records carry them as `photoURLs`; both are read, each URL once. */
export function photoUrlsOf(record: {
  photos?: readonly string[] | null;
  photoURLs?: readonly string[] | null;
}): string[] {
  return [...new Set([...(record.photos ?? []), ...(record.photoURLs ?? [])])];
}
