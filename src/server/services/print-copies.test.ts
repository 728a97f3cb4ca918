import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { phonePhoto } from "../pdf/pdf-fixtures";
import { PDF_PHOTO_MAX_SIDE, photoForPdf } from "../pdf/pdf-photos";
import { localPhotoStorage, PhotoNotFoundError, type PhotoStorage } from "../storage/photo-storage";
import { deletePhotoFiles, printCopyKey, readPrintCopy, storePrintCopy } from "./print-copies";

describe("print copies of photos", () => {
  let dir: string;
  let storage: PhotoStorage;
  let photo: Buffer;
  const log = { warn: vi.fn() };
  let counter = 0;
  const newKey = () => `photos/print-copy-${++counter}`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "plant-sheets-print-copies-"));
    storage = localPhotoStorage(dir);
    photo = await phonePhoto();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("stores a print-size JPEG beside the photo when it arrives", async () => {
    const key = newKey();
    await storage.put(key, photo);
    const copy = await storePrintCopy(storage, log, key, { data: photo, contentType: "image/jpeg" });
    const stored = await storage.get(printCopyKey(key));
    expect(stored.equals(Buffer.from(copy.data))).toBe(true);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", PDF_PHOTO_MAX_SIDE, 600]);
    // The photo itself is left as it came.
    expect((await storage.get(key)).equals(photo)).toBe(true);
  });

  it("gives a PDF the stored copy, without reading the photo again", async () => {
    const key = newKey();
    await storage.put(key, photo);
    const copy = await storePrintCopy(storage, log, key, { data: photo, contentType: "image/jpeg" });
    await storage.delete(key);
    const read = await readPrintCopy(storage, log, { storageKey: key, contentType: "image/jpeg" });
    expect(Buffer.from(read.data).equals(Buffer.from(copy.data))).toBe(true);
    expect(read.contentType).toBe("image/jpeg");
  });

  it("makes and keeps the copy of a photo stored before there were copies", async () => {
    const key = newKey();
    await storage.put(key, photo);
    expect(await storage.size(printCopyKey(key))).toBeNull();
    const read = await readPrintCopy(storage, log, { storageKey: key, contentType: "image/jpeg" });
    const expected = await photoForPdf({ data: photo, contentType: "image/jpeg" });
    expect(Buffer.from(read.data).equals(Buffer.from(expected.data))).toBe(true);
    expect((await storage.get(printCopyKey(key))).equals(Buffer.from(read.data))).toBe(true);
  });

  it("still gives the copy when it cannot be stored, and says so in the log", async () => {
    const key = newKey();
    await storage.put(key, photo);
    const failing: PhotoStorage = {
      ...storage,
      put: async () => {
        throw new Error("disk full");
      },
    };
    log.warn.mockClear();
    const read = await readPrintCopy(failing, log, { storageKey: key, contentType: "image/jpeg" });
    expect((await sharp(Buffer.from(read.data)).metadata()).width).toBe(PDF_PHOTO_MAX_SIDE);
    expect(log.warn).toHaveBeenCalledOnce();
    expect(await storage.size(printCopyKey(key))).toBeNull();
  });

  it("answers PhotoNotFoundError when the photo is gone, and deletes a photo with its copy", async () => {
    await expect(
      readPrintCopy(storage, log, { storageKey: newKey(), contentType: "image/jpeg" }),
    ).rejects.toBeInstanceOf(PhotoNotFoundError);
    const key = newKey();
    await storage.put(key, photo);
    await storePrintCopy(storage, log, key, { data: photo, contentType: "image/jpeg" });
    await deletePhotoFiles(storage, key);
    expect(await storage.size(key)).toBeNull();
    expect(await storage.size(printCopyKey(key))).toBeNull();
  });
});
