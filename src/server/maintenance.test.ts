import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAccount, insertSession } from "./db/accounts-repository";
import type { Database } from "./db/database";
import { claimIdempotencyKey } from "./db/idempotency-repository";
import { findLoginFailures, replaceLoginFailures } from "./db/login-failures-repository";
import { insertOrganisation } from "./db/organisations-repository";
import { insertPendingPhoto, markPhotoUploaded, setFormPhotos } from "./db/photos-repository";
import { testDatabases } from "./db/test-databases";
import { runMaintenance } from "./maintenance";
import { printCopyKey } from "./services/print-copies";
import { localPhotoStorage, type PhotoStorage } from "./storage/photo-storage";

describe.each(testDatabases())("maintenance on $name", ({ open }) => {
  let database: Database;
  let photoDir: string;
  let photoStorage: PhotoStorage;
  beforeAll(async () => {
    database = await open();
    photoDir = await mkdtemp(join(tmpdir(), "plant-sheets-maintenance-"));
    photoStorage = localPhotoStorage(photoDir);
  });
  afterAll(async () => {
    await database.close();
    await rm(photoDir, { recursive: true, force: true });
  });

  const count = async (table: "sessions" | "idempotency_keys" | "login_failures") =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select(({ fn }) => fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("deletes expired sessions, idempotency keys and login failures and keeps live ones", async () => {
    const now = new Date("2025-06-07T12:00:00.000Z");
    const hour = 60 * 60 * 1000;
    await insertAccount(database.db, {
      id: "acc-1",
      fullName: "Maya Maintenance",
      email: "maya@haulage.co.uk",
      passwordHash: "hash",
    });
    for (const [tokenHash, expiresIn] of [
      ["expired", -hour],
      ["live", hour],
    ] as const) {
      await insertSession(database.db, {
        tokenHash,
        accountId: "acc-1",
        createdAt: new Date(now.getTime() - 2 * hour),
        expiresAt: new Date(now.getTime() + expiresIn),
      });
    }
    for (const [key, at] of [
      ["old-key-123", new Date(now.getTime() - 25 * hour)],
      ["new-key-123", now],
    ] as const) {
      await claimIdempotencyKey(database.db, {
        scope: "anonymous",
        key,
        requestHash: "h",
        now: at,
        lifetimeMs: 24 * hour,
      });
    }
    // A count of failed logins covers a day from its first failure, however recent its last.
    for (const [key, first] of [
      ["login:account:old@x.co.uk", new Date(now.getTime() - 25 * hour)],
      ["login:account:new@x.co.uk", new Date(now.getTime() - 23 * hour)],
    ] as const) {
      await replaceLoginFailures(database.db, key, undefined, {
        failures: 12,
        firstFailureAt: first.getTime(),
        lastFailureAt: now.getTime() - hour,
      });
    }
    await runMaintenance(database.db, photoStorage, now);
    expect(await count("sessions")).toBe(1);
    expect(await count("idempotency_keys")).toBe(1);
    expect(await findLoginFailures(database.db, "login:account:old@x.co.uk")).toBeUndefined();
    expect(await count("login_failures")).toBe(1);
  });

  it("forgets the rows of defect summaries a day after their hour, keeping the hours still in reach", async () => {
    const now = new Date("2025-06-07T12:00:00.000Z");
    await insertOrganisation(database.db, { id: "org-1", name: "Acme", createdAt: now.toISOString() });
    for (const [hourStart, mailId] of [
      ["2025-06-06T11:00:00.000Z", "old"],
      ["2025-06-06T12:00:00.000Z", "a day ago"],
      ["2025-06-07T11:00:00.000Z", "this hour's"],
    ]) {
      await database.db
        .insertInto("defect_alert_summaries")
        .values({ organisation_id: "org-1", hour_start: hourStart!, mail_id: mailId! })
        .execute();
    }
    await runMaintenance(database.db, photoStorage, now);
    const kept = await database.db.selectFrom("defect_alert_summaries").select("mail_id").execute();
    expect(kept.map((row) => row.mail_id).sort()).toEqual(["a day ago", "this hour's"]);
  });

  it("deletes photos that never made it onto a form within 30 days, rows and bytes, and keeps the rest", async () => {
    const now = new Date("2025-07-20T12:00:00.000Z");
    const day = 24 * 60 * 60 * 1000;
    await insertAccount(database.db, {
      id: "acc-photos",
      fullName: "Pat Photos",
      email: "pat@haulage.co.uk",
      passwordHash: "hash",
    });
    const photo = async (id: string, ageDays: number, ownerId: string | null) => {
      const created = new Date(now.getTime() - ageDays * day);
      await insertPendingPhoto(
        database.db,
        { id, ownerId, storageKey: `photos/${id}`, tokenHash: null, expiresAt: created },
        created,
      );
      await photoStorage.put(`photos/${id}`, Buffer.from([0xff, 0xd8, 0xff]));
      await photoStorage.put(printCopyKey(`photos/${id}`), Buffer.from([0xff, 0xd8, 0xff]));
      await markPhotoUploaded(database.db, id, { contentType: "image/jpeg", bytes: 3, sha256: "" }, created);
    };
    await photo("old-unused", 31, null);
    await photo("old-on-a-form", 31, "acc-photos");
    await setFormPhotos(database.db, "acc-photos", "check-sheet-1", ["old-on-a-form"]);
    await photo("recent-unused", 29, "acc-photos");

    await runMaintenance(database.db, photoStorage, now);
    const left = await database.db.selectFrom("photos").select("id").orderBy("id").execute();
    expect(left.map((row) => row.id)).toEqual(["old-on-a-form", "recent-unused"]);
    // Each photo goes with its print copy.
    for (const key of ["photos/old-unused", printCopyKey("photos/old-unused")]) {
      expect(await photoStorage.size(key)).toBeNull();
    }
    expect(await photoStorage.size("photos/old-on-a-form")).toBe(3);
    expect(await photoStorage.size(printCopyKey("photos/old-on-a-form"))).toBe(3);
    expect(await photoStorage.size("photos/recent-unused")).toBe(3);
  });
});
