import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SIGNATURE_COLOR } from "../../domain/forms/constants";
import { isPngDataUrl } from "../../domain/forms/signatures";
import { blackInkPng, inkBounds } from "./signature-png";

/** The PNG decoded by libvips (through sharp): width, height, channels as stored, and RGBA pixels. */
async function decode(png: Uint8Array) {
  const image = sharp(png);
  const { channels } = await image.metadata();
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels, rgba: new Uint8Array(data) };
}

/** Canvas pixels of black ink with the given alpha per pixel. */
function inkPixels(alphas: readonly number[]): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(alphas.length * 4);
  alphas.forEach((alpha, i) => {
    rgba[i * 4 + 3] = alpha;
  });
  return rgba;
}

describe("blackInkPng", () => {
  it("assumes the ink the signature pad draws with: black", () => {
    expect(SIGNATURE_COLOR).toBe("#000000");
  });

  it("keeps four alpha levels, each alpha rounded to the nearest", async () => {
    const alphas = [0, 42, 43, 127, 128, 212, 213, 255];
    const png = await blackInkPng(inkPixels(alphas), 4, 2);
    const { width, height, channels, rgba } = await decode(png);
    expect({ width, height, channels }).toEqual({ width: 4, height: 2, channels: 2 });
    expect([...rgba.filter((_, i) => i % 4 === 3)]).toEqual([0, 0, 85, 85, 170, 170, 255, 255]);
  });

  it("decodes, for any size and any pixels, to black ink with the rounded alpha", async () => {
    const image = fc
      .record({ width: fc.integer({ min: 1, max: 40 }), height: fc.integer({ min: 1, max: 12 }) })
      .chain(({ width, height }) =>
        fc.record({
          width: fc.constant(width),
          height: fc.constant(height),
          alphas: fc.array(fc.integer({ min: 0, max: 255 }), {
            minLength: width * height,
            maxLength: width * height,
          }),
        }),
      );
    await fc.assert(
      fc.asyncProperty(image, async ({ width, height, alphas }) => {
        const decoded = await decode(await blackInkPng(inkPixels(alphas), width, height));
        expect([decoded.width, decoded.height]).toEqual([width, height]);
        alphas.forEach((alpha, i) => {
          expect(decoded.rgba[i * 4]).toBe(0);
          expect(decoded.rgba[i * 4 + 3]).toBe(Math.round(alpha / 85) * 85);
        });
      }),
      { numRuns: 60 },
    );
  });

  // That the PDF embeds such a PNG as grey and alpha is tested on the server, with signatures drawn in the app.
  it("is a PNG data URL the server accepts", async () => {
    const alphas = Array.from({ length: 60 * 20 }, (_, i) => (i % 7 === 0 ? 255 : i % 5 === 0 ? 120 : 0));
    const png = await blackInkPng(inkPixels(alphas), 60, 20);
    expect(isPngDataUrl(`data:image/png;base64,${Buffer.from(png).toString("base64")}`)).toBe(true);
  });
});

describe("inkBounds", () => {
  /** Canvas pixels of `width` x `height` with ink (alpha 255 or faint) at the given points. */
  function drawn(width: number, height: number, points: readonly Point[]) {
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (const [x, y, alpha] of points) rgba[(y * width + x) * 4 + 3] = alpha;
    return rgba;
  }

  type Point = readonly [x: number, y: number, alpha: number];
  /** The ink's bounds on a `width` x `height` canvas inked at `points`. */
  function boundsOf(width: number, height: number, margin: number, points: readonly Point[]) {
    return inkBounds(drawn(width, height, points), width, height, margin);
  }

  it("is null when nothing is drawn", () => {
    expect(boundsOf(5, 4, 2, [])).toBeNull();
  });

  it("keeps the margin around the ink, within the image", () => {
    const ink: Point[] = [
      [5, 4, 255],
      [12, 6, 1],
    ];
    expect(boundsOf(20, 10, 2, ink)).toEqual({ x: 3, y: 2, width: 12, height: 7 });
    const corners: Point[] = [
      [0, 0, 255],
      [19, 9, 255],
    ];
    expect(boundsOf(20, 10, 3, corners)).toEqual({ x: 0, y: 0, width: 20, height: 10 });
  });

  it("holds every inked pixel, with at most the margin of clear space on each side", () => {
    const scene = fc
      .record({ width: fc.integer({ min: 1, max: 30 }), height: fc.integer({ min: 1, max: 30 }) })
      .chain(({ width, height }) =>
        fc.record({
          width: fc.constant(width),
          height: fc.constant(height),
          margin: fc.integer({ min: 0, max: 6 }),
          points: fc.array(
            fc.tuple(
              fc.integer({ min: 0, max: width - 1 }),
              fc.integer({ min: 0, max: height - 1 }),
              fc.integer({ min: 1, max: 255 }),
            ),
            { minLength: 1, maxLength: 8 },
          ),
        }),
      );
    fc.assert(
      fc.property(scene, ({ width, height, margin, points }) => {
        const box = boundsOf(width, height, margin, points);
        const xs = points.map(([x]) => x);
        const ys = points.map(([, y]) => y);
        expect(box).toEqual({
          x: Math.max(0, Math.min(...xs) - margin),
          y: Math.max(0, Math.min(...ys) - margin),
          width: Math.min(width - 1, Math.max(...xs) + margin) - Math.max(0, Math.min(...xs) - margin) + 1,
          height: Math.min(height - 1, Math.max(...ys) + margin) - Math.max(0, Math.min(...ys) - margin) + 1,
        });
      }),
    );
  });
});
