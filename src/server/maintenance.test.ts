import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAccount, insertSession } from "./db/accounts-repository";
import type { Database } from "./db/database";
import { claimIdempotencyKey } from "./db/idempotency-repository";
import { testDatabases } from "./db/test-databases";
import { runMaintenance } from "./maintenance";

describe.each(testDatabases())("maintenance on $name", ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database.close();
  });

  const count = async (table: "sessions" | "idempotency_keys") =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select(({ fn }) => fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("deletes expired sessions and idempotency keys and keeps live ones", async () => {
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
    await runMaintenance(database.db, now);
    expect(await count("sessions")).toBe(1);
    expect(await count("idempotency_keys")).toBe(1);
  });
});
