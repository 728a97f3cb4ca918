import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_PHOTO_BYTES } from "../../domain/forms/constants";
import { claimBatch } from "../db/outbox-repository";
import { testDatabases } from "../db/test-databases";
import { PHOTOS, phonePhoto, signedCheckSheet } from "../pdf/pdf-fixtures";
import { pdfImages } from "../pdf/pdf-images";
import { PDF_PHOTO_MAX_SIDE } from "../pdf/pdf-photos";
import { printCopyKey } from "../services/print-copies";
import { startTestS3, type TestS3 } from "../storage/start-test-s3";
import { ORIGIN, useTestApp } from "../test-support/test-app";

const JPEG_PHOTO = Buffer.from(PHOTOS[0]!.data);
const PNG_PHOTO = Buffer.from(PHOTOS[3]!.data);

describe.each(testDatabases())("photo uploads to S3 on $name", ({ open }) => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3?.stop();
  });
  const testApp = useTestApp(open, { now: () => new Date("2025-06-04T06:30:00.000Z"), env: () => s3.env });
  beforeEach(async () => {
    await testApp.drainOutbox();
  });

  /** Asks for an upload URL and, unless told not to, PUTs the bytes straight to the bucket as a browser would. */
  async function upload(bytes: Buffer | null): Promise<{ uploadURL: string; photoURL: string; key: string }> {
    const res = await testApp.app.inject({
      method: "POST",
      url: "/api/objects/upload",
      headers: { origin: ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    const { uploadURL, photoURL } = res.json() as { uploadURL: string; photoURL: string };
    if (bytes) {
      const put = await fetch(uploadURL, {
        method: "PUT",
        body: new Uint8Array(bytes),
        headers: { "content-type": "image/jpeg" },
      });
      expect(put.status).toBe(200);
    }
    return { uploadURL, photoURL, key: `photos/${photoURL.split("/").pop()}` };
  }

  const submit = (photos: string[]) => {
    const { status: _s, submittedAt: _t, ...fields } = signedCheckSheet("2025-06-04");
    return testApp.app.inject({
      method: "POST",
      url: "/api/one-step-completion/check-sheet",
      headers: { origin: ORIGIN },
      payload: {
        checkSheetData: { ...fields, photos, submissionEmails: ["site.office@buildco.co.uk"] },
        supervisorRating: "happy",
      },
    });
  };

  it("hands out a presigned PUT to the bucket and lets the page reach it", async () => {
    const res = await testApp.app.inject({
      method: "POST",
      url: "/api/objects/upload",
      headers: { origin: ORIGIN },
    });
    const { uploadURL, photoURL } = res.json();
    const url = new URL(uploadURL);
    expect(url.origin).toBe(s3.settings.endpoint);
    expect(url.pathname).toBe(`/${s3.settings.bucket}/photos/${photoURL.split("/").pop()}`);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("604800");
    expect(photoURL).toMatch(/^\/api\/photos\/[0-9a-f-]{36}$/);
    expect(res.headers["content-security-policy"]).toContain(`connect-src 'self' ${s3.settings.endpoint}`);
  });

  it("reads an uploaded photo back from the bucket once its bytes are found to be an image", async () => {
    const { photoURL } = await upload(PNG_PHOTO);
    const read = await testApp.app.inject({ method: "GET", url: photoURL });
    expect(read.statusCode).toBe(200);
    expect(read.headers["content-type"]).toBe("image/png");
    expect(read.rawPayload.equals(PNG_PHOTO)).toBe(true);
    const row = await testApp.database.db
      .selectFrom("photos")
      .selectAll()
      .where("id", "=", photoURL.split("/").pop()!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ content_type: "image/png", bytes: PNG_PHOTO.length });
    expect(row.uploaded_at).not.toBeNull();
  });

  it("refuses, and removes from the bucket, bytes that are not an image or are over 10 MB", async () => {
    const svg = await upload(
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"),
    );
    const notImage = await submit([svg.photoURL]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe("Photo 1 is not an image. Please remove it and add it again.");
    expect(await testApp.app.deps.photoStorage.size(svg.key)).toBeNull();
    expect((await testApp.app.inject({ method: "GET", url: svg.photoURL })).statusCode).toBe(404);

    const huge = await upload(Buffer.concat([JPEG_PHOTO, Buffer.alloc(MAX_PHOTO_BYTES)]));
    const tooLarge = await submit([huge.photoURL]);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toBe("Photo 1 is larger than 10 MB. Please remove it and add it again.");
    expect(await testApp.app.deps.photoStorage.size(huge.key)).toBeNull();

    const another = await upload(Buffer.from("plain text, not a photo"));
    expect((await testApp.app.inject({ method: "GET", url: another.photoURL })).statusCode).toBe(404);
    expect(await testApp.app.deps.photoStorage.size(another.key)).toBeNull();
  });

  it("refuses a photo whose bytes never reached the bucket", async () => {
    const pending = await upload(null);
    const res = await submit([pending.photoURL]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: "photo_missing",
      message: "Photo 1 has not finished uploading. Please remove it and add it again.",
      key: "apiError.photoRefused",
      params: { position: 1, problem: "notFinished" },
      missingPhotos: [pending.photoURL],
    });
    expect((await testApp.app.inject({ method: "GET", url: pending.photoURL })).statusCode).toBe(404);
    // The URL still works afterwards, for as long as it is valid.
    const put = await fetch(pending.uploadURL, { method: "PUT", body: new Uint8Array(JPEG_PHOTO) });
    expect(put.status).toBe(200);
    expect((await testApp.app.inject({ method: "GET", url: pending.photoURL })).statusCode).toBe(200);
  });

  it("embeds photos from the bucket in an anonymous check's PDF, then removes them from it", async () => {
    const photos = [await upload(JPEG_PHOTO), await upload(PNG_PHOTO)];
    const res = await submit(photos.map((photo) => photo.photoURL));
    expect(res.statusCode).toBe(200);
    const [mail] = await claimBatch(testApp.database.db, "test", 100, new Date("2030-01-01T00:00:00Z"));
    const pdf = Buffer.from((mail!.attachments[0] as { contentBase64: string }).contentBase64, "base64");
    expect((await pdfImages(pdf)).flat()).toHaveLength(4);
    for (const photo of photos) {
      expect(await testApp.app.deps.photoStorage.size(photo.key)).toBeNull();
      expect(await testApp.app.deps.photoStorage.size(printCopyKey(photo.key))).toBeNull();
    }
  });

  it("keeps a print-size copy in the bucket once the photo's bytes are checked, and the PDF embeds it", async () => {
    const photo = await upload(await phonePhoto());
    // The bytes went straight to the bucket: they are checked, and the copy made, when first read.
    expect(await testApp.app.deps.photoStorage.size(printCopyKey(photo.key))).toBeNull();
    expect((await testApp.app.inject({ method: "GET", url: photo.photoURL })).statusCode).toBe(200);
    const copy = await testApp.app.deps.photoStorage.get(printCopyKey(photo.key));
    const meta = await sharp(copy).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", PDF_PHOTO_MAX_SIDE, 600]);
    const res = await submit([photo.photoURL]);
    expect(res.statusCode).toBe(200);
    const [mail] = await claimBatch(testApp.database.db, "test", 100, new Date("2030-01-01T00:00:00Z"));
    const pdf = Buffer.from((mail!.attachments[0] as { contentBase64: string }).contentBase64, "base64");
    expect(pdf.includes(copy)).toBe(true);
    expect(await testApp.app.deps.photoStorage.size(printCopyKey(photo.key))).toBeNull();
  });
});
