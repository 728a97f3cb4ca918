import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHOTOS, phonePhoto } from "./pdf-fixtures";
import { PDF_PHOTO_MAX_SIDE, photoForPdf } from "./pdf-photos";

describe("photoForPdf", () => {
  it("scales a phone-sized photo down to print resolution as a JPEG", async () => {
    const photo = { data: await phonePhoto(), contentType: "image/jpeg" };
    const shrunk = await photoForPdf(photo);
    const meta = await sharp(shrunk.data).metadata();
    expect(shrunk.contentType).toBe("image/jpeg");
    expect([meta.width, meta.height]).toEqual([PDF_PHOTO_MAX_SIDE, 600]);
    expect(shrunk.data.length).toBeLessThan(photo.data.length);
  });

  it("turns a photo upright by its orientation before scaling", async () => {
    // Stored 1600 wide, shown 1200 wide (rotated a quarter turn).
    const shrunk = await photoForPdf({
      data: await phonePhoto({ orientation: 6 }),
      contentType: "image/jpeg",
    });
    const meta = await sharp(shrunk.data).metadata();
    expect([meta.width, meta.height]).toEqual([600, PDF_PHOTO_MAX_SIDE]);
    expect(meta.orientation ?? 1).toBe(1);
  });

  it("keeps a small photo, and one it cannot read, exactly as it came", async () => {
    const small = PHOTOS[0]!;
    expect(await photoForPdf(small)).toBe(small);
    const broken = { data: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), contentType: "image/jpeg" };
    expect(await photoForPdf(broken)).toBe(broken);
  });
});
