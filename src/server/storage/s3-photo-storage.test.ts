import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PhotoNotFoundError, type PhotoStorage } from "./photo-storage";
import { s3PhotoStorage } from "./s3-photo-storage";
import { startTestS3, type TestS3 } from "./start-test-s3";

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 7)]);

describe("s3PhotoStorage against an S3-compatible server", () => {
  let s3: TestS3;
  let storage: PhotoStorage;

  beforeAll(async () => {
    s3 = await startTestS3();
    storage = s3PhotoStorage(s3.settings);
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it("stores, sizes, reads back and deletes a photo", async () => {
    await storage.put("photos/one", JPEG);
    expect(await storage.size("photos/one")).toBe(JPEG.length);
    expect((await storage.get("photos/one")).equals(JPEG)).toBe(true);
    await storage.delete("photos/one");
    expect(await storage.size("photos/one")).toBeNull();
    await expect(storage.get("photos/one")).rejects.toBeInstanceOf(PhotoNotFoundError);
  });

  it("presigns a PUT the browser can send the photo to, valid for the spec's signing validity", async () => {
    const url = new URL(await storage.presignUpload!("photos/two", 604_800));
    expect(url.origin).toBe(s3.settings.endpoint);
    expect(url.pathname).toBe(`/${s3.settings.bucket}/photos/two`);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("604800");
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    // A checksum signed into the URL would be the empty body's, and a real store would refuse the photo.
    expect([...url.searchParams.keys()].filter((key) => key.includes("checksum"))).toEqual([]);
    const put = await fetch(url, { method: "PUT", body: JPEG, headers: { "content-type": "image/jpeg" } });
    expect(put.status).toBe(200);
    expect((await storage.get("photos/two")).equals(JPEG)).toBe(true);
  });
});
