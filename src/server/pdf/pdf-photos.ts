import sharp from "sharp";
import type { PdfPhoto } from "./pdf-canvas";

/**
 * The longest side a photo keeps in a PDF. A photo is printed at most about 250 pt wide in the grid, so 800 px
 * is over 200 dpi on paper, while a phone's upload is often twice that: embedding it as it is would make a
 * week's pack too big to email.
 */
export const PDF_PHOTO_MAX_SIDE = 800;
const PDF_PHOTO_JPEG_QUALITY = 78;

/**
 * A photo's print copy, at the resolution a PDF prints it; made once, when the photo is uploaded, so that no
 * PDF has to decode a photo. Larger ones are scaled down (turned upright first, alpha on white) and stored as
 * JPEG; smaller ones, and any the decoder cannot read, are kept exactly as they came, so the document still
 * shows what it can (an unreadable photo becomes its placeholder).
 */
export async function photoForPdf(photo: PdfPhoto): Promise<PdfPhoto> {
  try {
    const image = sharp(photo.data, { failOn: "error", limitInputPixels: 40_000_000 });
    const { width, height, orientation } = await image.metadata();
    const [shownWidth, shownHeight] = (orientation ?? 1) > 4 ? [height, width] : [width, height];
    if (!shownWidth || !shownHeight || Math.max(shownWidth, shownHeight) <= PDF_PHOTO_MAX_SIDE) return photo;
    const data = await image
      .rotate()
      .resize({ width: PDF_PHOTO_MAX_SIDE, height: PDF_PHOTO_MAX_SIDE, fit: "inside" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: PDF_PHOTO_JPEG_QUALITY, mozjpeg: false })
      .toBuffer();
    return { data, contentType: "image/jpeg" };
  } catch {
    return photo;
  }
}
