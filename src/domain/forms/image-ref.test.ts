import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import { imageIdOf, imageRef, imageSrc, isImageRef } from "./image-ref";
import { SignatureFieldSchema } from "./signatures";

const sha = "a".repeat(64);

describe("image references", () => {
  it("round-trip a SHA-256", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{64}$/), (hex) => {
        expect(isImageRef(imageRef(hex))).toBe(true);
        expect(imageIdOf(imageRef(hex))).toBe(hex);
      }),
    );
  });

  it("are only our own address with a whole lower-case hash", () => {
    for (const value of [
      `/api/images/${sha}x`,
      `/api/images/${"A".repeat(64)}`,
      `/api/images/${sha.slice(1)}`,
      `https://evil.example/api/images/${sha}`,
      `/api/images/${sha}?token=x`,
      "",
      SAMPLE_SIGNATURE,
    ]) {
      expect(isImageRef(value)).toBe(false);
      expect(imageIdOf(value)).toBeNull();
    }
  });

  it("are what a signature field holds once stored, beside a drawn PNG and blank", () => {
    expect(SignatureFieldSchema.safeParse(imageRef(sha)).success).toBe(true);
    expect(SignatureFieldSchema.safeParse(SAMPLE_SIGNATURE).success).toBe(true);
    expect(SignatureFieldSchema.safeParse("").success).toBe(true);
    expect(SignatureFieldSchema.safeParse(`/api/images/${sha}/../x`).success).toBe(false);
  });

  it("are shown with the view token when there is one, a drawn PNG as it is", () => {
    expect(imageSrc(imageRef(sha), "t0k-en")).toBe(`/api/images/${sha}?token=t0k-en`);
    expect(imageSrc(imageRef(sha), null)).toBe(`/api/images/${sha}`);
    expect(imageSrc(SAMPLE_SIGNATURE, "t0k-en")).toBe(SAMPLE_SIGNATURE);
  });

  it("give an uploaded photo the view token too, and leave addresses elsewhere alone", () => {
    const photo = "/api/photos/5f0c1b2e-8f6a-4b1e-9c1d-2a3b4c5d6e7f";
    expect(imageSrc(photo, "tok")).toBe(`${photo}?token=tok`);
    expect(imageSrc(photo, null)).toBe(photo);
    expect(imageSrc("https://cdn.example/photos/x.jpg", "tok")).toBe("https://cdn.example/photos/x.jpg");
    expect(imageSrc(`${photo}/../../x`, "tok")).toBe(`${photo}/../../x`);
  });
});
