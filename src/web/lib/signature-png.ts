/**
 * A drawn signature as a small PNG. The pad's own PNG is full-colour RGBA at the phone's pixel ratio: about
 * 50 KB for a signature at 3x, sent on every save over a weak signal. Black ink needs none of that colour, and
 * twice the pad's on-screen size is still sharper than any screen or PDF shows it, so it is sent as grey and
 * alpha with the ink's edges kept at a few alpha levels, cut to the ink: about a tenth of the size.
 */

/** The most pixels per CSS pixel kept: a PDF prints a signature about a quarter of its on-screen size. */
const SIGNATURE_MAX_SCALE = 2;
/** Clear space kept around the ink, in CSS pixels: two line widths. */
const INK_MARGIN = 4;
/** Alpha levels kept (fully clear and fully inked among them): enough for smooth edges on a 2 px line. */
const ALPHA_LEVELS = 4;
/** 85: a whole number, so every kept level is a byte value. */
const ALPHA_STEP = 255 / (ALPHA_LEVELS - 1);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PNG colour type 4: a grey and an alpha byte per pixel. */
const GREY_ALPHA = 4;

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

async function zlibDeflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The PNG of black ink whose coverage is the alpha of `rgba` (canvas pixels, four bytes each), each alpha
 * rounded to the nearest kept level. Rows are unfiltered: on mostly-clear rows that compresses best.
 */
export async function blackInkPng(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const rowBytes = 1 + width * 2;
  const raw = new Uint8Array(rowBytes * height);
  for (let y = 0, pixel = 3; y < height; y++) {
    for (let x = 0, at = y * rowBytes + 2; x < width; x++, at += 2, pixel += 4) {
      raw[at] = Math.round(rgba[pixel]! / ALPHA_STEP) * ALPHA_STEP;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8;
  header[9] = GREY_ALPHA;
  const parts = [
    Uint8Array.from(PNG_SIGNATURE),
    chunk("IHDR", header),
    chunk("IDAT", await zlibDeflate(raw)),
    chunk("IEND", new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The box around every inked pixel of `rgba` (canvas pixels, four bytes each), `margin` pixels wider on each
 * side where the image allows; null when nothing is drawn.
 */
export function inkBounds(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  margin: number,
): Box | null {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0, pixel = 3; y < height; y++) {
    for (let x = 0; x < width; x++, pixel += 4) {
      if (rgba[pixel] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  if (right < 0) return null;
  const x = Math.max(0, left - margin);
  const y = Math.max(0, top - margin);
  return {
    x,
    y,
    width: Math.min(width - 1, right + margin) - x + 1,
    height: Math.min(height - 1, bottom + margin) - y + 1,
  };
}

/**
 * The signature on `pad` (a canvas at the phone's pixel ratio) as a PNG data URL: at most twice its CSS size,
 * and cut to the ink, so the signature fills the box it is shown and printed in.
 */
export async function signatureDataUrl(pad: HTMLCanvasElement): Promise<string> {
  // Browsers without CompressionStream (before 2023) send the pad's own, larger PNG.
  if (typeof CompressionStream === "undefined") return pad.toDataURL("image/png");
  const scale = Math.min(pad.width / Math.max(pad.offsetWidth, 1), SIGNATURE_MAX_SCALE);
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(pad.offsetWidth * scale));
  canvas.height = Math.max(1, Math.round(pad.offsetHeight * scale));
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return pad.toDataURL("image/png");
  context.drawImage(pad, 0, 0, canvas.width, canvas.height);
  const whole = context.getImageData(0, 0, canvas.width, canvas.height);
  const box = inkBounds(whole.data, canvas.width, canvas.height, Math.ceil(INK_MARGIN * scale)) ?? {
    x: 0,
    y: 0,
    width: canvas.width,
    height: canvas.height,
  };
  const { data } = context.getImageData(box.x, box.y, box.width, box.height);
  const png = await blackInkPng(data, box.width, box.height);
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(new Blob([png as Uint8Array<ArrayBuffer>], { type: "image/png" }));
  });
}
