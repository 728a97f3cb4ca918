import { crc32, deflateSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { embeddableImage } from "./embeddable-image";
import { OPERATOR_SIGNATURE, PHOTOS } from "./pdf-fixtures";

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The byte a PNG filter stores for `raw` given its left, up and up-left neighbours. */
function filtered(filter: number, raw: number, left: number, up: number, upLeft: number): number {
  const predictors = [
    0,
    left,
    up,
    (left + up) >> 1,
    (() => {
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    })(),
  ];
  return (raw - predictors[filter]! + 256) & 0xff;
}

/** An 8-bit PNG of the given pixels, each row stored with the filter `filters[row % filters.length]`. */
function png(options: {
  width: number;
  height: number;
  colorType: 2 | 4 | 6;
  pixels: Uint8Array;
  filters?: number[];
}): Buffer {
  const { width, height, colorType, pixels, filters = [0] } = options;
  const channels = { 2: 3, 4: 2, 6: 4 }[colorType];
  const stride = width * channels;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let row = 0; row < height; row++) {
    const filter = filters[row % filters.length]!;
    raw[row * (stride + 1)] = filter;
    for (let i = 0; i < stride; i++) {
      const at = row * stride + i;
      const left = i >= channels ? pixels[at - channels]! : 0;
      const up = row > 0 ? pixels[at - stride]! : 0;
      const upLeft = row > 0 && i >= channels ? pixels[at - stride - channels]! : 0;
      raw[row * (stride + 1) + 1 + i] = filtered(filter, pixels[at]!, left, up, upLeft);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = colorType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array()),
  ]);
}

const dataUrl = (bytes: Uint8Array, type = "png") =>
  `data:image/${type};base64,${Buffer.from(bytes).toString("base64")}`;

describe("embeddableImage", () => {
  it("passes JPEG photos and opaque PNGs through as files, byte for byte", () => {
    for (const photo of PHOTOS.filter((p) => p.contentType === "image/jpeg")) {
      expect(embeddableImage(photo.data)).toEqual({ kind: "file", bytes: photo.data });
    }
    const opaque = png({ width: 2, height: 1, colorType: 2, pixels: new Uint8Array([1, 2, 3, 4, 5, 6]) });
    expect(embeddableImage(opaque)).toEqual({ kind: "file", bytes: opaque });
  });

  it("splits a drawn signature into grey and alpha planes", () => {
    // The fixture was drawn in the app, which sends a signature as grey and alpha (PNG colour type 4).
    expect(Buffer.from(OPERATOR_SIGNATURE.split(",")[1]!, "base64").readUInt8(25)).toBe(4);
    const image = embeddableImage(OPERATOR_SIGNATURE);
    expect(image).toMatchObject({ kind: "pixels", width: 547, height: 242, colorSpace: "DeviceGray" });
    if (image?.kind !== "pixels") throw new Error("expected pixels");
    expect(image.alpha).toHaveLength(547 * 242);
    // Black strokes on a transparent background: some pixels are drawn, most are not.
    const drawn = image.alpha.filter((a) => a > 0).length;
    expect(drawn).toBeGreaterThan(500);
    expect(drawn).toBeLessThan(547 * 242 * 0.2);
  });

  it("decodes every PNG row filter to the pixels that were stored", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom<4 | 6>(4, 6),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 6 }),
        fc.infiniteStream(fc.integer({ min: 0, max: 255 })),
        (width, height, colorType, filters, bytes) => {
          const channels = colorType === 6 ? 4 : 2;
          const pixels = Uint8Array.from(bytes.take(width * height * channels));
          const image = embeddableImage(png({ width, height, colorType, pixels, filters }));
          if (image?.kind !== "pixels") throw new Error("expected pixels");
          const alpha = pixels.filter((_, i) => i % channels === channels - 1);
          expect(image.alpha).toEqual(alpha);
          const colours = image.colorSpace === "DeviceRGB" ? 3 : 1;
          const expectedColour = pixels.filter((_, i) => i % channels < colours);
          expect(image.color).toEqual(expectedColour);
        },
      ),
    );
  });

  it("keeps colour when an RGBA image is not grey", () => {
    const photo = PHOTOS.find((p) => p.contentType === "image/png")!;
    expect(embeddableImage(photo.data)).toMatchObject({
      kind: "pixels",
      colorSpace: "DeviceRGB",
      width: 200,
    });
    const pixels = new Uint8Array([255, 0, 0, 255, 0, 0, 0, 0]);
    expect(embeddableImage(png({ width: 2, height: 1, colorType: 6, pixels }))).toMatchObject({
      kind: "pixels",
      colorSpace: "DeviceRGB",
      color: new Uint8Array([255, 0, 0, 0, 0, 0]),
      alpha: new Uint8Array([255, 0]),
    });
  });

  it("accepts PNG and JPEG data URLs", () => {
    expect(embeddableImage(dataUrl(PHOTOS[0]!.data, "jpeg"))?.kind).toBe("file");
    expect(embeddableImage(OPERATOR_SIGNATURE)?.kind).toBe("pixels");
  });

  it("refuses anything that is not a whole JPEG or PNG", () => {
    const signature = Buffer.from(OPERATOR_SIGNATURE.split(",")[1]!, "base64");
    const jpeg = Buffer.from(PHOTOS[0]!.data);
    const frameHeader = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(frameHeader).toBeGreaterThan(2);
    const corrupt = Buffer.from(signature);
    corrupt.fill(0x55, 60, 200);
    const refused: [string, Uint8Array | string][] = [
      ["empty", new Uint8Array()],
      ["text", Buffer.from("not an image at all")],
      ["GIF", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1")],
      ["truncated PNG", signature.subarray(0, signature.length / 2)],
      ["PNG without its end", signature.subarray(0, signature.length - 12)],
      ["PNG with corrupt data", corrupt],
      ["PNG with a bad filter byte", pngWithFilterByte(7)],
      ["truncated JPEG", jpeg.subarray(0, 20)],
      ["JPEG with its frame header cut", jpeg.subarray(0, frameHeader + 6)],
      ["data URL of another type", `data:image/gif;base64,${signature.toString("base64")}`],
      ["data URL that is not base64", "data:image/png;base64,iVBORw0KGgo!!!!"],
      ["data URL with bad padding", "data:image/png;base64,iVBORw0KGgoA"],
      ["data URL of a broken PNG", dataUrl(signature.subarray(0, 100))],
      ["plain URL", "https://example.com/signature.png"],
    ];
    for (const [name, source] of refused)
      expect({ name, image: embeddableImage(source) }).toEqual({ name, image: null });
  });
});

function pngWithFilterByte(filter: number): Buffer {
  const pixels = new Uint8Array([0, 255, 0, 0]);
  const image = png({ width: 2, height: 1, colorType: 4, pixels });
  // Rebuild the image data with an undefined filter type.
  const raw = Buffer.from([filter, 0, 255, 0, 0]);
  const idat = chunk("IDAT", deflateSync(raw));
  const start = image.indexOf("IDAT") - 4;
  const end = image.indexOf("IEND") - 4;
  return Buffer.concat([image.subarray(0, start), idat, image.subarray(end)]);
}
