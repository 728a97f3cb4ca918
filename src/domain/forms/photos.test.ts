import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PhotoListSchema, PhotoUrlSchema, photoCountLabel, photoFileProblem, photoUrlsOf } from "./photos";

const jpeg = (name: string, size = 1000) => ({ name, size, type: "image/jpeg" });

describe("PhotoUrlSchema", () => {
  it("accepts uploaded photo URLs and server paths", () => {
    for (const ok of [
      "https://bucket.s3.amazonaws.com/a/b.jpg?X-Amz=1",
      "http://localhost:3000/x.png",
      "/objects/uploads/abc",
    ]) {
      expect(PhotoUrlSchema.safeParse(ok).success, ok).toBe(true);
    }
  });

  it("refuses data URLs, other schemes, protocol-relative and blank values", () => {
    for (const bad of [
      "",
      "data:image/png;base64,AAAA",
      "javascript:alert(1)",
      "//evil.test/x",
      "ftp://h/x",
      "a b",
      "photo.jpg",
    ]) {
      expect(PhotoUrlSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("allows at most 5 photos", () => {
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `/objects/uploads/${i}`);
    expect(PhotoListSchema.safeParse(urls(5)).success).toBe(true);
    expect(PhotoListSchema.safeParse(urls(6)).success).toBe(false);
  });
});

describe("photoFileProblem", () => {
  it("accepts an image up to 10 MB", () => {
    expect(photoFileProblem(jpeg("a.jpg", 10485760), [])).toBeNull();
    expect(photoFileProblem({ name: "b.heic", size: 1, type: "image/heic" }, [jpeg("a.jpg")])).toBeNull();
  });

  it("refuses a file over 10 MB", () => {
    expect(photoFileProblem(jpeg("big.jpg", 10485761), [])).toBe("big.jpg is larger than 10 MB.");
  });

  it("refuses files that are not images", () => {
    expect(photoFileProblem({ name: "notes.pdf", size: 10, type: "application/pdf" }, [])).toBe(
      "notes.pdf is not an image.",
    );
    expect(photoFileProblem({ name: "x", size: 10, type: "" }, [])).toBe("x is not an image.");
  });

  it("refuses a sixth photo", () => {
    const five = ["1", "2", "3", "4", "5"].map((n) => jpeg(`${n}.jpg`));
    expect(photoFileProblem(jpeg("6.jpg"), five)).toBe("You can attach up to 5 photos.");
    expect(photoFileProblem(jpeg("5.jpg"), five.slice(0, 4))).toBeNull();
  });

  it("refuses the same photo twice", () => {
    expect(photoFileProblem(jpeg("a.jpg", 500), [jpeg("a.jpg", 500)])).toBe("a.jpg has already been added.");
    expect(photoFileProblem(jpeg("a.jpg", 501), [jpeg("a.jpg", 500)])).toBeNull();
  });

  it("accepts exactly the image files within the limits", () => {
    fc.assert(
      fc.property(
        fc.nat(20_000_000),
        fc.constantFrom("image/png", "image/jpeg", "text/plain", "video/mp4"),
        fc.nat(7),
        (size, type, count) => {
          const attached = Array.from({ length: count }, (_, i) => jpeg(`old-${i}.jpg`));
          const ok = photoFileProblem({ name: "new.jpg", size, type }, attached) === null;
          expect(ok).toBe(count < 5 && type.startsWith("image/") && size <= 10485760);
        },
      ),
    );
  });
});

describe("photoCountLabel and photoUrlsOf", () => {
  it("says how many photos are attached", () => {
    expect(photoCountLabel(0)).toBe("0 photos attached");
    expect(photoCountLabel(1)).toBe("1 photo attached");
    expect(photoCountLabel(3)).toBe("3 photos attached");
  });

  it("reads photos and photoURLs, each URL once", () => {
    expect(photoUrlsOf({ photos: ["/a", "/b"], photoURLs: ["/b", "/c"] })).toEqual(["/a", "/b", "/c"]);
    expect(photoUrlsOf({ photoURLs: ["/c"] })).toEqual(["/c"]);
    expect(photoUrlsOf({ photos: null })).toEqual([]);
  });
});
