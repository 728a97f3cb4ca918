// Every uploaded photo is kept twice: as it came (what the app shows) and at the resolution a PDF prints it
// (what every PDF embeds as it is). The print copy is made once, where the server first holds the checked bytes,
// so no PDF has to decode a phone photo. See docs/decisions/014-print-copies-of-photos.md.
import type { PdfPhoto } from "../pdf/pdf-canvas";
import { photoForPdf } from "../pdf/pdf-photos";
import { PhotoNotFoundError, type PhotoStorage } from "../storage/photo-storage";
import { sniffImageType } from "../storage/sniff-image-type";

interface Log {
  warn(details: object, message: string): void;
}

/** Where a photo's print copy is stored: beside the photo, under a key no upload URL is ever made for. */
export function printCopyKey(storageKey: string): string {
  return `${storageKey}.print`;
}

/**
 * Makes the print copy of a photo's checked bytes and stores it. A copy that cannot be stored is only logged:
 * the photo itself is safe, and its copy is made again the first time a PDF needs it.
 */
export async function storePrintCopy(
  storage: PhotoStorage,
  log: Log,
  storageKey: string,
  photo: PdfPhoto,
): Promise<PdfPhoto> {
  const copy = await photoForPdf(photo);
  await storage.put(printCopyKey(storageKey), Buffer.from(copy.data)).catch((error: unknown) => {
    log.warn({ err: error, key: storageKey }, "could not store a photo's print copy");
  });
  return copy;
}

/**
 * The photo as a PDF embeds it: its stored print copy, or, for a photo stored before there were print copies
 * (or whose copy could not be stored), one made from the photo now and stored for the next PDF. Throws
 * `PhotoNotFoundError` when the photo itself is gone.
 */
export async function readPrintCopy(
  storage: PhotoStorage,
  log: Log,
  photo: { storageKey: string; contentType: string },
): Promise<PdfPhoto> {
  try {
    const data = await storage.get(printCopyKey(photo.storageKey));
    return { data, contentType: sniffImageType(data) ?? photo.contentType };
  } catch (error) {
    if (!(error instanceof PhotoNotFoundError)) throw error;
  }
  const original = await storage.get(photo.storageKey);
  return storePrintCopy(storage, log, photo.storageKey, { data: original, contentType: photo.contentType });
}

/** Deletes a photo's bytes and its print copy. */
export async function deletePhotoFiles(storage: PhotoStorage, storageKey: string): Promise<void> {
  await Promise.all([storage.delete(storageKey), storage.delete(printCopyKey(storageKey))]);
}
