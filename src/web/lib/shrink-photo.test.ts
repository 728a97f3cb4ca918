import { describe, expect, it, vi } from "vitest";
import { fitWithin, PHOTO_JPEG_QUALITY, PHOTO_MAX_SIDE, type PhotoCodec, shrinkPhoto } from "./shrink-photo";

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

function fakeCodec(size: { width: number; height: number }, encodedBytes: number) {
  const close = vi.fn();
  const encoded = new Blob([new Uint8Array(encodedBytes)], { type: "image/jpeg" });
  const encodeJpeg = vi.fn<PhotoCodec["encodeJpeg"]>(async () => encoded);
  const codec: PhotoCodec = {
    decode: async () => ({ ...size, draw: () => {}, close }),
    encodeJpeg,
  };
  return { codec, encoded, encodeJpeg, close };
}

const file = (bytes: number, type: string) => new Blob([new Uint8Array(bytes)], { type });

describe("shrinkPhoto", () => {
  it("sends a large photo re-encoded as JPEG within the limit", async () => {
    const { codec, encoded, encodeJpeg, close } = fakeCodec({ width: 4000, height: 3000 }, 900_000);
    const result = await shrinkPhoto(file(5_000_000, "image/jpeg"), codec);
    expect(result).toBe(encoded);
    expect(encodeJpeg).toHaveBeenCalledWith(
      expect.anything(),
      { width: PHOTO_MAX_SIDE, height: 1500 },
      PHOTO_JPEG_QUALITY,
    );
    expect(close).toHaveBeenCalledOnce();
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
