import { inflateSync } from "node:zlib";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const DATA_URL = /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;
/** Larger images are refused rather than decoded: no photo or signature of a form comes near this. */
const MAX_PIXELS = 40_000_000;
const MAX_SIDE = 20_000;

/** Bit depths the PNG format allows for each colour type. */
const PNG_BIT_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7_PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;
/** JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic), as pdfkit reads them. */
const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/**
 * An image ready for a PDF: either a JPEG or PNG file that pdfkit embeds as it is, or, for a PNG
 * with an alpha channel (every drawn signature), its pixels already split into colour and alpha
 * planes, which pdfkit would otherwise unpack slowly in a callback.
 */
export type EmbeddableImage =
  | { kind: "file"; bytes: Uint8Array }
  | {
      kind: "pixels";
      width: number;
      height: number;
      colorSpace: "DeviceGray" | "DeviceRGB";
      color: Uint8Array;
      alpha: Uint8Array;
    };

/**
 * A JPEG or PNG, given as bytes or as a base64 data URL, checked so that embedding it cannot fail.
 * Anything else (a malformed data URL, a truncated or corrupt file, another format) gives null,
 * and the document shows a placeholder instead. The check matters because pdfkit decodes some PNGs
 * in an asynchronous callback, where a corrupt file would throw outside any caller's reach.
 */
export function embeddableImage(source: Uint8Array | string): EmbeddableImage | null {
  const bytes = typeof source === "string" ? dataUrlBytes(source) : source;
  if (!bytes || bytes.length < 8) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegIsEmbeddable(bytes) ? { kind: "file", bytes } : null;
  if (PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return readPng(bytes);
  return null;
}

function dataUrlBytes(dataUrl: string): Uint8Array | null {
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match?.[1] || match[1].length % 4 !== 0) return null;
  return Buffer.from(match[1], "base64");
}

function withinSizeLimits(width: number, height: number): boolean {
  return width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE && width * height <= MAX_PIXELS;
}

/** Walks the JPEG segments to the frame header the way pdfkit does, and checks what it reads there. */
function jpegIsEmbeddable(bytes: Uint8Array): boolean {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 2;
  while (pos + 4 <= view.length) {
    if (view[pos] !== 0xff) return false;
    const marker = view[pos + 1]!;
    if (marker === 0xff) {
      pos += 1;
      continue;
    }
    const length = view.readUInt16BE(pos + 2);
    if (length < 2 || pos + 2 + length > view.length) return false;
    if (JPEG_FRAME_MARKERS.has(marker)) {
      if (length < 8) return false;
      const bits = view[pos + 4];
      const height = view.readUInt16BE(pos + 5);
      const width = view.readUInt16BE(pos + 7);
      const channels = view[pos + 9];
      return (
        bits === 8 && (channels === 1 || channels === 3 || channels === 4) && withinSizeLimits(width, height)
      );
    }
    if (marker === 0xd9 || marker === 0xda) return false;
    pos += 2 + length;
  }
  return false;
}

interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
}

/**
 * Reads every chunk, inflates the image data and checks that it holds a whole image with valid
 * row filters, so that pdfkit's own decoding of the same bytes cannot fail. An 8-bit image with an
 * alpha channel comes back as pixels; any other valid PNG as the file.
 */
function readPng(bytes: Uint8Array): EmbeddableImage | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: PngHeader | null = null;
  let hasPalette = false;
  let hasTransparency = false;
  let ended = false;
  const data: Buffer[] = [];
  let pos = 8;
  while (pos + 12 <= view.length) {
    const length = view.readUInt32BE(pos);
    const type = view.toString("latin1", pos + 4, pos + 8);
    const body = pos + 8;
    if (body + length + 4 > view.length) return null;
    if (type === "IHDR") {
      if (length !== 13 || header) return null;
      header = {
        width: view.readUInt32BE(body),
        height: view.readUInt32BE(body + 4),
        bitDepth: view[body + 8]!,
        colorType: view[body + 9]!,
        interlaced: view[body + 12] === 1,
      };
      if (view[body + 10] !== 0 || view[body + 11] !== 0 || view[body + 12]! > 1) return null;
    } else if (!header) {
      return null;
    } else if (type === "PLTE") {
      hasPalette = length > 0 && length % 3 === 0;
    } else if (type === "tRNS") {
      hasTransparency = true;
    } else if (type === "IDAT") {
      data.push(view.subarray(body, body + length));
    } else if (type === "IEND") {
      ended = true;
      break;
    }
    pos = body + length + 4;
  }
  if (!header || !ended || data.length === 0) return null;
  const { width, height, bitDepth, colorType, interlaced } = header;
  if (!PNG_BIT_DEPTHS[colorType]?.includes(bitDepth) || !withinSizeLimits(width, height)) return null;
  if (colorType === 3 && !hasPalette) return null;
  // pdfkit unpacks interlaced and transparent images itself and only copes with whole bytes per pixel.
  const unpackedByPdfkit =
    interlaced || colorType === 4 || colorType === 6 || (colorType === 3 && hasTransparency);
  if (unpackedByPdfkit && bitDepth < 8) return null;
  const bitsPerPixel = bitDepth * PNG_CHANNELS[colorType]!;
  const passes = interlaced ? ADAM7_PASSES : ([[0, 0, 1, 1]] as const);
  const rows: number[] = [];
  for (const [x0, y0, dx, dy] of passes) {
    const passWidth = Math.ceil((width - x0) / dx);
    const passHeight = Math.ceil((height - y0) / dy);
    if (passWidth <= 0 || passHeight <= 0) continue;
    const rowBytes = 1 + Math.ceil((passWidth * bitsPerPixel) / 8);
    for (let row = 0; row < passHeight; row++) rows.push(rowBytes);
  }
  const expected = rows.reduce((sum, n) => sum + n, 0);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1024 });
  } catch {
    return null;
  }
  if (pixels.length < expected) return null;
  let offset = 0;
  for (const rowBytes of rows) {
    if (pixels[offset]! > 4) return null;
    offset += rowBytes;
  }
  if ((colorType === 4 || colorType === 6) && bitDepth === 8 && !interlaced) {
    return splitAlpha(
      unfilter(pixels, width, height, PNG_CHANNELS[colorType]!),
      width,
      height,
      colorType === 6,
    );
  }
  return { kind: "file", bytes };
}

/** Undoes the PNG row filters of a non-interlaced 8-bit image: `channels` bytes per pixel. */
function unfilter(data: Uint8Array, width: number, height: number, channels: number): Uint8Array {
  const stride = width * channels;
  const out = new Uint8Array(stride * height);
  for (let row = 0, pos = 0; row < height; row++, pos += stride + 1) {
    const filter = data[pos];
    const line = data.subarray(pos + 1, pos + 1 + stride);
    const at = row * stride;
    const above = at - stride;
    // Rows of a drawn signature are mostly unfiltered: those are a plain copy.
    if (filter === 0 || (filter === 2 && row === 0)) {
      out.set(line, at);
    } else if (filter === 1) {
      for (let i = 0; i < stride; i++) out[at + i] = line[i]! + (i >= channels ? out[at + i - channels]! : 0);
    } else if (filter === 2) {
      for (let i = 0; i < stride; i++) out[at + i] = line[i]! + out[above + i]!;
    } else if (filter === 3) {
      for (let i = 0; i < stride; i++) {
        const left = i >= channels ? out[at + i - channels]! : 0;
        const up = row > 0 ? out[above + i]! : 0;
        out[at + i] = line[i]! + ((left + up) >> 1);
      }
    } else {
      for (let i = 0; i < stride; i++) {
        const left = i >= channels ? out[at + i - channels]! : 0;
        const up = row > 0 ? out[above + i]! : 0;
        const upLeft = row > 0 && i >= channels ? out[above + i - channels]! : 0;
        const pa = Math.abs(up - upLeft);
        const pb = Math.abs(left - upLeft);
        const pc = Math.abs(left + up - 2 * upLeft);
        out[at + i] = line[i]! + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      }
    }
  }
  return out;
}

/** Colour and alpha planes of grey+alpha or RGBA pixels; RGBA whose every pixel is grey (a drawn signature) becomes grey. */
function splitAlpha(pixels: Uint8Array, width: number, height: number, rgb: boolean): EmbeddableImage {
  const count = width * height;
  const channels = rgb ? 4 : 2;
  const alpha = new Uint8Array(count);
  const grey = new Uint8Array(count);
  let allGrey = true;
  for (let i = 0, p = 0; i < count; i++, p += channels) {
    const value = pixels[p]!;
    grey[i] = value;
    alpha[i] = pixels[p + channels - 1]!;
    if (rgb && (value !== pixels[p + 1] || value !== pixels[p + 2])) allGrey = false;
  }
  if (allGrey) return { kind: "pixels", width, height, colorSpace: "DeviceGray", color: grey, alpha };
  const color = new Uint8Array(count * 3);
  for (let i = 0, p = 0; i < count * 3; i += 3, p += 4) {
    color[i] = pixels[p]!;
    color[i + 1] = pixels[p + 1]!;
    color[i + 2] = pixels[p + 2]!;
  }
  return { kind: "pixels", width, height, colorSpace: "DeviceRGB", color, alpha };
}
