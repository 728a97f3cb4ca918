import { describe, expect, it, vi } from "vitest";
import {
  fitWithin,
  PHOTO_JPEG_QUALITIES,
  PHOTO_MAX_SIDE,
  PHOTO_TARGET_BYTES,
  type PhotoCodec,
  shrinkPhoto,
} from "./shrink-photo";

describe("fitWithin", () => {
  it("scales the longest side down to the limit, keeping the shape", () => {
    expect(fitWithin({ width: 4032, height: 3024 }, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin({ width: 3024, height: 4032 }, 2000)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin({ width: 8000, height: 2 }, 2000)).toEqual({ width: 2000, height: 1 });
  });

  it("never enlarges a photo", () => {
    expect(fitWithin({ width: 1200, height: 900 }, 2000)).toEqual({ width: 1200, height: 900 });
    expect(fitWithin({ width: 2000, height: 2000 }, 2000)).toEqual({ width: 2000, height: 2000 });
  });
});

/** A codec that encodes to `encodedBytes`, or to what it gives for each quality. */
function fakeCodec(
  size: { width: number; height: number },
  encodedBytes: number | ((quality: number) => number),
) {
  const close = vi.fn();
  const bytesAt = typeof encodedBytes === "number" ? () => encodedBytes : encodedBytes;
  const outputs: Blob[] = [];
  const encodeJpeg = vi.fn<PhotoCodec["encodeJpeg"]>(async (_photo, _size, quality) => {
    outputs.push(new Blob([new Uint8Array(bytesAt(quality))], { type: "image/jpeg" }));
    return outputs.at(-1)!;
  });
  const codec: PhotoCodec = {
    decode: async () => ({ ...size, draw: () => {}, close }),
    encodeJpeg,
  };
  return {
    codec,
    get encoded() {
      return outputs.at(-1);
    },
    encodeJpeg,
    close,
  };
}

const file = (bytes: number, type: string) => new Blob([new Uint8Array(bytes)], { type });

describe("shrinkPhoto", () => {
  it("sends a large photo re-encoded as JPEG within the limit, at the first quality when that is small enough", async () => {
    const fake = fakeCodec({ width: 4000, height: 3000 }, 300_000);
    const result = await shrinkPhoto(file(5_000_000, "image/jpeg"), fake.codec);
    expect(result).toBe(fake.encoded);
    expect(PHOTO_MAX_SIDE).toBe(1600);
    expect(fake.encodeJpeg).toHaveBeenCalledExactlyOnceWith(
      expect.anything(),
      { width: 1600, height: 1200 },
      PHOTO_JPEG_QUALITIES[0],
    );
    expect(fake.close).toHaveBeenCalledOnce();
  });

  it("steps the quality down until a busy photo is within the target size", async () => {
    // A noisy scene: too big at the first quality, within the target at the second.
    const sizes: Record<number, number> = {
      0.8: PHOTO_TARGET_BYTES + 80_000,
      0.7: PHOTO_TARGET_BYTES - 20_000,
      0.6: PHOTO_TARGET_BYTES - 90_000,
    };
    const fake = fakeCodec({ width: 4000, height: 3000 }, (quality) => sizes[quality]!);
    const result = await shrinkPhoto(file(5_000_000, "image/jpeg"), fake.codec);
    expect(fake.encodeJpeg.mock.calls.map(([, , quality]) => quality)).toEqual([0.8, 0.7]);
    expect(result).toBe(fake.encoded);
    expect(result.size).toBe(PHOTO_TARGET_BYTES - 20_000);
  });

  it("sends the lowest quality when no quality reaches the target", async () => {
    const fake = fakeCodec(
      { width: 4000, height: 3000 },
      (quality) => PHOTO_TARGET_BYTES + quality * 100_000,
    );
    const result = await shrinkPhoto(file(5_000_000, "image/jpeg"), fake.codec);
    expect(fake.encodeJpeg.mock.calls.map(([, , quality]) => quality)).toEqual([...PHOTO_JPEG_QUALITIES]);
    expect(result).toBe(fake.encoded);
    expect(result.size).toBe(PHOTO_TARGET_BYTES + PHOTO_JPEG_QUALITIES.at(-1)! * 100_000);
  });

  it("keeps a small photo as picked when re-encoding would not make it smaller", async () => {
    const { codec } = fakeCodec({ width: 800, height: 600 }, 120_000);
    const original = file(100_000, "image/jpeg");
    expect(await shrinkPhoto(original, codec)).toBe(original);
  });

  it("re-encodes a small photo when that makes it smaller, or when the server would not take its type", async () => {
    const smaller = fakeCodec({ width: 800, height: 600 }, 50_000);
    expect(await shrinkPhoto(file(400_000, "image/png"), smaller.codec)).toBe(smaller.encoded);
    const heic = fakeCodec({ width: 800, height: 600 }, 200_000);
    expect(await shrinkPhoto(file(100_000, "image/heic"), heic.codec)).toBe(heic.encoded);
  });

  it("sends the file as picked when the browser cannot decode or encode it", async () => {
    const original = file(1000, "image/jpeg");
    const undecodable: PhotoCodec = {
      decode: async () => {
        throw new Error("unsupported");
      },
      encodeJpeg: async () => file(1, "image/jpeg"),
    };
    expect(await shrinkPhoto(original, undecodable)).toBe(original);
    const close = vi.fn();
    const unencodable: PhotoCodec = {
      decode: async () => ({ width: 4000, height: 3000, draw: () => {}, close }),
      encodeJpeg: async () => {
        throw new Error("no canvas");
      },
    };
    expect(await shrinkPhoto(original, unencodable)).toBe(original);
    expect(close).toHaveBeenCalledOnce();
  });
});
