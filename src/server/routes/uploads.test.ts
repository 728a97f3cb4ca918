import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_PHOTO_BYTES } from "../../domain/forms/constants";
import { testDatabases } from "../db/test-databases";
import { phonePhoto } from "../pdf/pdf-fixtures";
import { PDF_PHOTO_MAX_SIDE } from "../pdf/pdf-photos";
import { printCopyKey } from "../services/print-copies";
import { ORIGIN, useTestApp } from "../test-support/test-app";

/** The first bytes of a JPEG, then filler: what the server checks is the signature. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]);

describe.each(testDatabases())("photo uploads on $name", ({ open }) => {
  let clock = new Date("2025-06-04T06:30:00.000Z");
  const testApp = useTestApp(open, { now: () => clock });

  async function uploadSlot(): Promise<{ uploadPath: string; photoURL: string }> {
    const res = await testApp.app.inject({
      method: "POST",
      url: "/api/objects/upload",
      headers: { origin: ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    const { uploadURL, photoURL } = res.json();
    expect(uploadURL).toMatch(/^http:\/\/sheets\.test\/api\/uploads\/[\w-]+$/);
    return { uploadPath: new URL(uploadURL).pathname, photoURL };
  }

  const put = (path: string, body: Buffer, contentType = "image/jpeg") =>
    testApp.app.inject({
      method: "PUT",
      url: path,
      payload: body,
      headers: { origin: ORIGIN, "content-type": contentType },
    });

  it("hands out an upload URL, takes the photo once, and serves it back", async () => {
    const { uploadPath, photoURL } = await uploadSlot();
    const res = await put(uploadPath, JPEG);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ photoURL });
    const read = await testApp.app.inject({ method: "GET", url: photoURL });
    expect(read.statusCode).toBe(200);
    expect(read.headers["content-type"]).toBe("image/jpeg");
    expect(read.rawPayload.equals(JPEG)).toBe(true);
    const again = await put(uploadPath, JPEG);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Request has expired");
  });

  it("keeps a print-size copy of a photo beside it, for the PDFs", async () => {
    const photo = await phonePhoto();
    const { uploadPath, photoURL } = await uploadSlot();
    expect((await put(uploadPath, photo)).statusCode).toBe(200);
    const key = `photos/${photoURL.split("/").pop()}`;
    const copy = await testApp.app.deps.photoStorage.get(printCopyKey(key));
    const meta = await sharp(copy).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", PDF_PHOTO_MAX_SIDE, 600]);
    // The app is still shown the photo as it was sent.
    expect((await testApp.app.inject({ method: "GET", url: photoURL })).rawPayload.equals(photo)).toBe(true);
  });

  it("judges the bytes, not the declared type", async () => {
    const { uploadPath, photoURL } = await uploadSlot();
    const svg = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    expect((await put(uploadPath, svg, "image/jpeg")).statusCode).toBe(415);
    expect((await testApp.app.inject({ method: "GET", url: photoURL })).statusCode).toBe(404);
    // A refused upload does not use up the URL.
    expect((await put(uploadPath, JPEG, "application/octet-stream")).statusCode).toBe(200);
  });

  it("refuses photos over 10 MB and empty bodies, and takes one of exactly 10 MB", async () => {
    const { uploadPath, photoURL } = await uploadSlot();
    const exactly = Buffer.concat([JPEG, Buffer.alloc(MAX_PHOTO_BYTES - JPEG.length, 1)]);
    const oneOver = Buffer.concat([exactly, Buffer.from([0])]);
    expect(oneOver.length).toBe(10_485_761);
    expect((await put(uploadPath, oneOver)).statusCode).toBe(413);
    expect((await put(uploadPath, Buffer.alloc(0))).statusCode).toBe(400);
    // Neither refusal used up the URL.
    expect((await put(uploadPath, exactly)).statusCode).toBe(200);
    const read = await testApp.app.inject({ method: "GET", url: photoURL });
    expect(read.rawPayload.length).toBe(MAX_PHOTO_BYTES);
  });

  it("refuses a tampered upload URL and leaves the real one working", async () => {
    const { uploadPath, photoURL } = await uploadSlot();
    const token = uploadPath.split("/").pop()!;
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const tampered of [flipped, token.slice(0, -1), `${token}A`]) {
      const res = await put(`/api/uploads/${tampered}`, JPEG);
      expect(res.statusCode, tampered).toBe(404);
      expect(res.json().message).toBe("Request has expired");
    }
    expect((await testApp.app.inject({ method: "GET", url: photoURL })).statusCode).toBe(404);
    expect((await put(uploadPath, JPEG)).statusCode).toBe(200);
  });

  it("lets an upload URL expire after the spec's signing validity", async () => {
    const { uploadPath } = await uploadSlot();
    clock = new Date(clock.getTime() + 604_800_000 + 1);
    expect((await put(uploadPath, JPEG)).statusCode).toBe(404);
  });

  it("answers 404 for unknown photos and tokens", async () => {
    expect(
      (await testApp.app.inject({ method: "GET", url: "/api/photos/3f1e7a52-0000-4000-8000-000000000000" }))
        .statusCode,
    ).toBe(404);
    expect((await put(`/api/uploads/${"a".repeat(43)}`, JPEG)).statusCode).toBe(404);
  });
});
