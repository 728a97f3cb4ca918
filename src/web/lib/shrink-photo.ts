/**
 * A site connection copes with a photo this size, and 1600 px (twice what a PDF prints) still shows a worn tyre
 * or a cracked lens plainly on screen.
 */
export const PHOTO_MAX_SIDE = 1600;
/** What a photo is sent within: a busy, noisy scene (gravel, foliage, low light) needs a lower quality for it. */
export const PHOTO_TARGET_BYTES = 400 * 1024;
/** JPEG qualities tried in turn until the photo is within the target; most photos stop at the first. */
export const PHOTO_JPEG_QUALITIES = [0.8, 0.7, 0.6] as const;

/** Types the server stores as they are; anything else (HEIC, say) must be re-encoded to be accepted. */
const STORED_AS_IS = ["image/jpeg", "image/png", "image/webp", "image/gif"];

export interface Size {
  width: number;
  height: number;
}

/** The size that fits within `maxSide` on the longest side, keeping the shape; never enlarged. */
export function fitWithin({ width, height }: Size, maxSide: number): Size {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface DecodedPhoto extends Size {
  draw: (context: CanvasDrawingContext, size: Size) => void;
  close: () => void;
}

export type CanvasDrawingContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Decoding and encoding, apart so the choices below can be tested without a browser. */
export interface PhotoCodec {
  decode: (file: Blob) => Promise<DecodedPhoto>;
  encodeJpeg: (photo: DecodedPhoto, size: Size, quality: number) => Promise<Blob>;
}

export const browserPhotoCodec: PhotoCodec = {
  async decode(file) {
    // The camera's orientation tag is applied, so a portrait photo stays upright once re-encoded.
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    return {
      width: bitmap.width,
      height: bitmap.height,
      draw: (context, size) => context.drawImage(bitmap, 0, 0, size.width, size.height),
      close: () => bitmap.close(),
    };
  },
  async encodeJpeg(photo, size, quality) {
    const paint = (context: CanvasDrawingContext | null) => {
      if (!context) throw new Error("No canvas to shrink the photo on");
      // JPEG has no transparency: a see-through PNG would otherwise turn black.
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, size.width, size.height);
      photo.draw(context, size);
    };
    if (typeof OffscreenCanvas !== "undefined") {
      const canvas = new OffscreenCanvas(size.width, size.height);
      paint(canvas.getContext("2d"));
      return canvas.convertToBlob({ type: "image/jpeg", quality });
    }
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    paint(canvas.getContext("2d"));
    return new Promise((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error("The photo could not be encoded"))),
        "image/jpeg",
        quality,
      ),
    );
  },
};

/**
 * The photo as it is sent: at most PHOTO_MAX_SIDE on its longest side, as JPEG at the best of
 * PHOTO_JPEG_QUALITIES that keeps it within PHOTO_TARGET_BYTES (the lowest when none does). A photo that is
 * already small and stored as it is stays untouched when re-encoding would not make it smaller. A file the
 * browser cannot decode is sent as picked, and the server's check of its bytes has the last word.
 */
export async function shrinkPhoto(file: Blob, codec: PhotoCodec = browserPhotoCodec): Promise<Blob> {
  let photo: DecodedPhoto;
  try {
    photo = await codec.decode(file);
  } catch {
    return file;
  }
  try {
    const size = fitWithin(photo, PHOTO_MAX_SIDE);
    const resized = size.width !== photo.width || size.height !== photo.height;
    let encoded = await codec.encodeJpeg(photo, size, PHOTO_JPEG_QUALITIES[0]);
    for (const quality of PHOTO_JPEG_QUALITIES.slice(1)) {
      if (encoded.size <= PHOTO_TARGET_BYTES) break;
      encoded = await codec.encodeJpeg(photo, size, quality);
    }
    const keepOriginal = !resized && STORED_AS_IS.includes(file.type) && file.size <= encoded.size;
    return keepOriginal ? file : encoded;
  } catch {
    return file;
  } finally {
    photo.close();
  }
}
