import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { insertAccount } from "../db/accounts-repository";
import type { Database } from "../db/database";
import { insertPendingPhoto, markPhotoUploaded } from "../db/photos-repository";
import { testDatabases } from "../db/test-databases";
import { PHOTOS } from "../pdf/pdf-fixtures";
import type { PhotoStorage } from "../storage/photo-storage";
import { loadCheckSheetPhotos } from "./load-check-sheet-photos";

const now = new Date("2025-06-07T15:00:00.000Z");

/** Photo bytes in memory, so a test can lose one. */
function memoryStorage(): PhotoStorage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    put: async (key, bytes) => void files.set(key, bytes),
    get: async (key) => {
      const bytes = files.get(key);
      if (!bytes) throw new Error(`ENOENT ${key}`);
      return bytes;
    },
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

  async function photo(ownerId: string | null, index: number): Promise<string> {
    const id = randomUUID();
    const source = PHOTOS[index]!;
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
    const first = await photo(owner, 0);
    const second = await photo(null, 3);
    const photos = await loadCheckSheetPhotos(app, owner, {
      photos: [`http://sheets.test/api/photos/${second}`, `/api/photos/${first}`],
      photoURLs: [`/api/photos/${first}`],
    });
    expect(photos.map((p) => p.contentType)).toEqual(["image/png", "image/jpeg"]);
    expect(Buffer.from(photos[1]!.data).equals(Buffer.from(PHOTOS[0]!.data))).toBe(true);
  });

  it("leaves out another account's photo, unknown addresses and a photo lost from storage", async () => {
    const theirs = await photo(stranger, 1);
    const lost = await photo(owner, 2);
    storage.files.delete(`photos/${lost}`);
    const kept = await photo(owner, 0);
    const photos = await loadCheckSheetPhotos(app, owner, {
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
});
