import { photoUrlsOf } from "../../domain/forms/photos";
import { findPhotos } from "../db/photos-repository";
import type { PdfPhoto } from "../pdf/pdf-canvas";
import { photoIdOfUrl } from "./form-photos";
import { readPrintCopy } from "./print-copies";
import type { ServiceDeps } from "./service-deps";

/**
 * The photos of a stored check sheet as a weekly pack embeds them (their print copies), in the order attached.
 * Only uploaded photos this server holds that belong to the owner (or were uploaded before logging in) are read;
 * a photo that is gone from storage is left out and logged, so one lost file does not stop a week's pack from
 * going out.
 */
export async function loadCheckSheetPhotos(
  deps: ServiceDeps,
  ownerId: string,
  sheet: { photos?: readonly string[] | null; photoURLs?: readonly string[] | null },
): Promise<PdfPhoto[]> {
  const ids = photoUrlsOf(sheet)
    .map((url) => photoIdOfUrl(url, deps.config.publicUrl))
    .filter((id): id is string => id !== null);
  const rows = new Map((await findPhotos(deps.database.db, ids)).map((row) => [row.id, row]));
  const photos: PdfPhoto[] = [];
  for (const id of new Set(ids)) {
    const row = rows.get(id);
    if (!row?.uploaded_at || (row.owner_id !== null && row.owner_id !== ownerId)) continue;
    try {
      const photo = { storageKey: row.storage_key, contentType: row.content_type };
      photos.push(await readPrintCopy(deps.photoStorage, deps.log, photo));
    } catch (error) {
      deps.log.warn({ err: error, photoId: id }, "photo missing from storage; left out of the PDF");
    }
  }
  return photos;
}
