import sharp from "sharp";

/** Larger images are refused rather than decoded: no photo or signature of a form comes near this. */
const MAX_PIXELS = 40_000_000;
const DATA_URL = /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/** What an image is on a form: a drawn signature prints in grey, a photo in colour. */
export type ImageRole = "signature" | "photo";

/** An image ready for a PDF: a JPEG or PNG file that pdfkit embeds without decoding it, and its size as shown. */
export interface PdfImage {
  /** The file as a data URL: pdfkit embeds one copy of it however often the document draws it. */
  src: string;
  width: number;
  height: number;
}

/**
 * An image, given as bytes or as a base64 data URL, decoded by sharp and made into what a PDF embeds fastest:
 * - a JPEG photo is kept byte for byte (it is embedded as it is; its size is read turned by its orientation);
 * - anything else sharp reads (PNG, WebP, GIF, a JPEG signature) is turned upright, laid on white and written
 *   as a PNG without alpha, which pdfkit copies into the PDF without unpacking its pixels. The page under a
 *   signature or a photo is white, so this prints the same pixels as the image with its transparency.
 *   A signature is black ink on nothing (decision 019): it becomes one grey plane, a third of colour's size.
 * Null for anything sharp cannot read, or too large: the document then shows a placeholder.
 */
export async function pdfImage(source: Uint8Array | string, role: ImageRole): Promise<PdfImage | null> {
  const bytes = typeof source === "string" ? dataUrlBytes(source) : source;
  if (!bytes || bytes.length === 0) return null;
  try {
    const options = { failOn: "error", limitInputPixels: MAX_PIXELS } as const;
    const meta = await sharp(bytes, options).metadata();
    if (!meta.width || !meta.height) return null;
    if (meta.format === "jpeg" && role === "photo") {
      const turned = (meta.orientation ?? 1) > 4;
      return {
        src: dataUrl("jpeg", bytes),
        width: turned ? meta.height : meta.width,
        height: turned ? meta.width : meta.height,
      };
    }
    let image = sharp(bytes, options).rotate().flatten({ background: "#ffffff" });
    if (role === "signature") image = image.toColourspace("b-w");
    const { data, info } = await image.png().toBuffer({ resolveWithObject: true });
    return { src: dataUrl("png", data), width: info.width, height: info.height };
  } catch {
    return null;
  }
}

function dataUrlBytes(value: string): Uint8Array | null {
  const match = DATA_URL.exec(value.trim());
  if (!match?.[1] || match[1].length % 4 !== 0) return null;
  return Buffer.from(match[1], "base64");
}

function dataUrl(format: "png" | "jpeg", bytes: Uint8Array): string {
  return `data:image/${format};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64")}`;
}
