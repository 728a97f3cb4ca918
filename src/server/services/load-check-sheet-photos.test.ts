import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { insertAccount } from "../db/accounts-repository";
import type { Database } from "../db/database";
import { insertPendingPhoto, markPhotoUploaded } from "../db/photos-repository";
import { testDatabases } from "../db/test-databases";
import type { PdfPhoto } from "../pdf/pdf-canvas";
import { PHOTOS, phonePhoto } from "../pdf/pdf-fixtures";
import { photoForPdf } from "../pdf/pdf-photos";
import { PhotoNotFoundError, type PhotoStorage } from "../storage/photo-storage";
import { loadCheckSheetPhotos } from "./load-check-sheet-photos";
import { printCopyKey } from "./print-copies";

const now = new Date("2025-06-07T15:00:00.000Z");

/** Photo bytes in memory, so a test can lose one. */
function memoryStorage(): PhotoStorage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    put: async (key, bytes) => void files.set(key, bytes),
    get: async (key) => {
      const bytes = files.get(key);
      if (!bytes) throw new PhotoNotFoundError(key);
      return bytes;
    },
    size: async (key) => files.get(key)?.length ?? null,
    delete: async (key) => void files.delete(key),
  };
}

describe.each(testDatabases())("loadCheckSheetPhotos on $name", ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  const storage = memoryStorage();
  const owner = randomUUID();
  const stranger = randomUUID();

  beforeAll(async () => {
    database = await open();
    app = await buildApp({
      config: loadConfig({ PUBLIC_URL: "http://sheets.test" }),
      database,
      now: () => now,
      photoStorage: storage,
    });
    for (const id of [owner, stranger]) {
      await insertAccount(
        database.db,
        { id, fullName: id, email: `${id}@haulage.co.uk`, passwordHash: "x" },
        now,
      );
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function photo(ownerId: string | null, source: PdfPhoto): Promise<string> {
    const id = randomUUID();
    await insertPendingPhoto(
      database.db,
      {
        id,
        ownerId,
        storageKey: `photos/${id}`,
        tokenHash: randomUUID(),
        expiresAt: new Date(now.getTime() + 60_000),
      },
      now,
    );
    await storage.put(`photos/${id}`, Buffer.from(source.data));
    await markPhotoUploaded(
      database.db,
      id,
      { contentType: source.contentType, bytes: source.data.length, sha256: "" },
      now,
    );
    return id;
  }

  it("reads the owner's photos in the order attached, by path or full address, each once", async () => {
    const first = await photo(owner, PHOTOS[0]!);
    const second = await photo(null, PHOTOS[3]!);
    const photos = await loadCheckSheetPhotos(app.deps, owner, {
      photos: [`http://sheets.test/api/photos/${second}`, `/api/photos/${first}`],
      photoURLs: [`/api/photos/${first}`],
    });
    expect(photos.map((p) => p.contentType)).toEqual(["image/png", "image/jpeg"]);
    expect(Buffer.from(photos[1]!.data).equals(Buffer.from(PHOTOS[0]!.data))).toBe(true);
  });

  it("leaves out another account's photo, unknown addresses and a photo lost from storage", async () => {
    const theirs = await photo(stranger, PHOTOS[1]!);
    const lost = await photo(owner, PHOTOS[2]!);
    storage.files.delete(`photos/${lost}`);
    const kept = await photo(owner, PHOTOS[0]!);
    const photos = await loadCheckSheetPhotos(app.deps, owner, {
      photos: [
        `/api/photos/${theirs}`,
        `/api/photos/${lost}`,
        `/api/photos/${randomUUID()}`,
        "https://elsewhere.example/cat.jpg",
        `/api/photos/${kept}`,
      ],
    });
    expect(photos).toHaveLength(1);
    expect(photos[0]!.contentType).toBe("image/jpeg");
  });

  it("reads each photo's print copy, making and keeping one for a photo stored before there were copies", async () => {
    const large = { data: await phonePhoto(), contentType: "image/jpeg" };
    const id = await photo(owner, large);
    const expected = await photoForPdf(large);
    const [first] = await loadCheckSheetPhotos(app.deps, owner, { photos: [`/api/photos/${id}`] });
    expect(Buffer.from(first!.data).equals(Buffer.from(expected.data))).toBe(true);
    const stored = storage.files.get(printCopyKey(`photos/${id}`));
    expect(stored?.equals(Buffer.from(expected.data))).toBe(true);
    // The next pack reads the stored copy as it is.
    storage.files.set(printCopyKey(`photos/${id}`), Buffer.from(PHOTOS[1]!.data));
    const [again] = await loadCheckSheetPhotos(app.deps, owner, { photos: [`/api/photos/${id}`] });
    expect(Buffer.from(again!.data).equals(Buffer.from(PHOTOS[1]!.data))).toBe(true);
  });
});
