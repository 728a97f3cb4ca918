import type { FastifyInstance } from "fastify";
import { photoUrlsOf } from "../../domain/photos";
import { findUploadedPhoto } from "../db/photos-repository";
import type { PdfPhoto } from "../pdf/pdf-canvas";

/** `/api/photos/{id}`, as the upload route hands it out, alone or after the public address. */
const PHOTO_URL = /\/api\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The photos of a check sheet as bytes for its PDF, in the order attached. Only photos this server holds
 * and that belong to the owner (or were uploaded before logging in) are read; a photo that is gone from
 * storage is left out and logged, so one lost file does not stop a week's pack from going out.
 */
export async function loadCheckSheetPhotos(
  app: FastifyInstance,
  ownerId: string,
  sheet: { photos?: readonly string[] | null; photoURLs?: readonly string[] | null },
): Promise<PdfPhoto[]> {
  const photos: PdfPhoto[] = [];
  for (const url of photoUrlsOf(sheet)) {
    const id = PHOTO_URL.exec(url.split("?")[0] ?? "")?.[1];
    if (!id) continue;
    const row = await findUploadedPhoto(app.deps.database.db, id.toLowerCase());
    if (!row || (row.owner_id !== null && row.owner_id !== ownerId)) continue;
    try {
      photos.push({ data: await app.deps.photoStorage.get(row.storage_key), contentType: row.content_type });
    } catch (error) {
      app.log.warn({ err: error, photoId: id }, "photo missing from storage; left out of the PDF");
    }
  }
  return photos;
}
