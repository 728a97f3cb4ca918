import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./database";
import { migrateToLatest } from "./migrate";
import {
  claimBatch,
  enqueueMail,
  getOutboxMessage,
  markFailed,
  markSent,
  type OutboxMessage,
  purgeOutbox,
  renewClaim,
  replaceQueuedMail,
} from "./outbox-repository";
import { testDatabases, useTestDatabase } from "./test-databases";

const T0 = new Date("2025-03-03T07:00:00.000Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const mail = (n: number) => ({
  to: [`client${n}@pennine.co.uk`],
  subject: `Timesheet ${n}`,
  text: `Body ${n}`,
});

/** Two workers claim in small batches, in parallel, until neither gets anything; returns who got what. */
async function drainWithTwoWorkers(a: Database["db"], b: Database["db"], now: Date) {
  const claims: Array<{ worker: string; id: string }> = [];
  const run = async (db: Database["db"], worker: string) => {
    for (;;) {
      const batch = await claimBatch(db, worker, 7, now);
      if (batch.length === 0) return;
      for (const m of batch) claims.push({ worker, id: m.id });
    }
  };
  await Promise.all([run(a, "worker-a"), run(b, "worker-b"), run(a, "worker-a2"), run(b, "worker-b2")]);
  return claims;
}

describe.each(testDatabases())("outbox repository on $name", ({ open }) => {
  const database = useTestDatabase(open, { each: true });

  it("queues a message, due at once, with its recipients, bodies and attachments", async () => {
    const id = await enqueueMail(
      database().db,
      {
        to: ["a@pennine.co.uk", "b@pennine.co.uk"],
        subject: "Check sheet",
        text: "Plain",
        html: "<p>Rich</p>",
        attachments: [{ filename: "sheet.pdf", contentType: "application/pdf", contentBase64: "JVBERi0=" }],
      },
      T0,
    );
    expect(await getOutboxMessage(database().db, id)).toEqual({
      id,
      to: ["a@pennine.co.uk", "b@pennine.co.uk"],
      subject: "Check sheet",
      text: "Plain",
      html: "<p>Rich</p>",
      attachments: [{ filename: "sheet.pdf", contentType: "application/pdf", contentBase64: "JVBERi0=" }],
      status: "queued",
      attempts: 0,
      nextAttemptAt: T0.toISOString(),
      claimedBy: null,
      claimedUntil: null,
      lastError: null,
      createdAt: T0.toISOString(),
      sentAt: null,
    });
  });

  it("refuses a message without recipients", async () => {
    await expect(enqueueMail(database().db, { to: [], subject: "s", text: "t" })).rejects.toThrow(
      /recipient/,
    );
  });

  it("enqueues inside a transaction: a rolled-back write sends nothing", async () => {
    let id = "";
    await expect(
      database()
        .db.transaction()
        .execute(async (trx) => {
          id = await enqueueMail(trx, mail(1), T0);
          throw new Error("the change failed");
        }),
    ).rejects.toThrow("the change failed");
    expect(await getOutboxMessage(database().db, id)).toBeUndefined();
    expect(await claimBatch(database().db, "w", 10, T0)).toEqual([]);

    await database()
      .db.transaction()
      .execute(async (trx) => {
        id = await enqueueMail(trx, mail(2), T0);
      });
    expect((await claimBatch(database().db, "w", 10, T0)).map((m) => m.id)).toEqual([id]);
  });

  it("holds a message queued for later until its time, and rewrites it only until a worker takes it", async () => {
    const { db } = database();
    const id = await enqueueMail(db, mail(1), T0, { id: "summary-1", notBefore: minutes(60) });
    expect(id).toBe("summary-1");
    expect(await claimBatch(db, "w", 10, minutes(59))).toEqual([]);
    expect(await replaceQueuedMail(db, id, { ...mail(2), html: "<p>2</p>" })).toBe(true);
    expect(await getOutboxMessage(db, id)).toMatchObject({
      to: ["client2@pennine.co.uk"],
      subject: "Timesheet 2",
      text: "Body 2",
      html: "<p>2</p>",
    });
    const [claimed] = await claimBatch(db, "w", 10, minutes(60));
    expect(claimed).toMatchObject({ id, subject: "Timesheet 2" });
    // Taken: a rewrite changes nothing, and neither does one after a failed attempt put it back in the queue.
    expect(await replaceQueuedMail(db, id, mail(3))).toBe(false);
    await markFailed(db, id, "w", { error: "refused", retryAt: minutes(61) });
    expect(await replaceQueuedMail(db, id, mail(3))).toBe(false);
    expect((await getOutboxMessage(db, id))?.subject).toBe("Timesheet 2");
  });

  it("claims due messages oldest first, up to the limit, counting an attempt", async () => {
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) ids.push(await enqueueMail(database().db, mail(n), minutes(n)));
    expect(await claimBatch(database().db, "w1", 10, minutes(-1))).toEqual([]);

    const batch = await claimBatch(database().db, "w1", 2, minutes(10));
    expect(batch.map((m) => m.id)).toEqual(ids.slice(0, 2));
    expect(batch[0]).toMatchObject({
      status: "sending",
      attempts: 1,
      claimedBy: "w1",
      // The default lease: a minute.
      claimedUntil: minutes(11).toISOString(),
    });
    const rest = await claimBatch(database().db, "w2", 10, minutes(10));
    expect(rest.map((m) => m.id)).toEqual(ids.slice(2));
    expect(await claimBatch(database().db, "w3", 10, minutes(10))).toEqual([]);
    expect(await claimBatch(database().db, "w3", 0, minutes(10))).toEqual([]);
  });

  it("marks a message sent and drops its content; only the claiming worker can", async () => {
    const id = await enqueueMail(database().db, { ...mail(1), html: "<p>x</p>" }, T0);
    await claimBatch(database().db, "w1", 10, T0);
    expect(await markSent(database().db, id, "someone-else", minutes(1))).toBe(false);
    expect(await markSent(database().db, id, "w1", minutes(1))).toBe(true);
    expect(await getOutboxMessage(database().db, id)).toMatchObject({
      status: "sent",
      sentAt: minutes(1).toISOString(),
      to: ["client1@pennine.co.uk"],
      subject: "Timesheet 1",
      text: null,
      html: null,
      attachments: [],
    });
    expect(await markSent(database().db, id, "w1", minutes(2))).toBe(false);
    expect(await claimBatch(database().db, "w2", 10, minutes(60))).toEqual([]);
  });

  it("retries a failed message at the given time, and gives up when told to", async () => {
    const id = await enqueueMail(database().db, mail(1), T0);
    await claimBatch(database().db, "w1", 10, T0);
    expect(await markFailed(database().db, id, "w1", { error: "421 try later", retryAt: minutes(5) })).toBe(
      true,
    );
    expect(await getOutboxMessage(database().db, id)).toMatchObject({
      status: "queued",
      lastError: "421 try later",
      nextAttemptAt: minutes(5).toISOString(),
      attempts: 1,
    });
    expect(await claimBatch(database().db, "w1", 10, minutes(4))).toEqual([]);
    const [again] = await claimBatch(database().db, "w2", 10, minutes(5));
    expect(again).toMatchObject({ id, attempts: 2, claimedBy: "w2" });

    expect(await markFailed(database().db, id, "w1", { error: "stale", retryAt: null })).toBe(false);
    expect(await markFailed(database().db, id, "w2", { error: "x".repeat(5000), retryAt: null })).toBe(true);
    const failed = await getOutboxMessage(database().db, id);
    expect(failed).toMatchObject({ status: "failed", text: "Body 1" });
    expect(failed?.lastError).toHaveLength(2000);
    expect(await claimBatch(database().db, "w3", 10, minutes(600))).toEqual([]);
  });

  it("lets another worker take over a message whose claim expired (its worker died)", async () => {
    const id = await enqueueMail(database().db, mail(1), T0);
    await claimBatch(database().db, "dead", 10, T0, 60_000);
    expect(await claimBatch(database().db, "alive", 10, minutes(0.5))).toEqual([]);
    const [taken] = await claimBatch(database().db, "alive", 10, minutes(1));
    expect(taken).toMatchObject({ id, claimedBy: "alive", attempts: 2 });
    expect(await markSent(database().db, id, "dead", minutes(2))).toBe(false);
    expect(await markSent(database().db, id, "alive", minutes(2))).toBe(true);
  });

  it("renews a claim only for the worker that holds it, and not once another has taken it over", async () => {
    const id = await enqueueMail(database().db, mail(1), T0);
    await claimBatch(database().db, "w1", 10, T0);
    expect(await renewClaim(database().db, id, "w2", minutes(0.5))).toBe(false);
    expect(await renewClaim(database().db, id, "w1", minutes(0.5))).toBe(true);
    expect((await getOutboxMessage(database().db, id))?.claimedUntil).toBe(minutes(1.5).toISOString());
    // Renewed, it is not due at the first lease's end.
    expect(await claimBatch(database().db, "w2", 10, minutes(1))).toEqual([]);
    expect(await claimBatch(database().db, "w2", 10, minutes(1.5))).toHaveLength(1);
    expect(await renewClaim(database().db, id, "w1", minutes(1.6))).toBe(false);
    await markSent(database().db, id, "w2", minutes(1.7));
    expect(await renewClaim(database().db, id, "w2", minutes(1.8))).toBe(false);
  });

  it("purges old sent and failed messages only", async () => {
    const sent = await enqueueMail(database().db, mail(1), T0);
    // Not due at T0, so the claim below takes `sent` only.
    const queued = await enqueueMail(database().db, mail(2), minutes(0.5));
    await claimBatch(database().db, "w", 1, T0);
    await markSent(database().db, sent, "w", T0);
    expect(await purgeOutbox(database().db, T0)).toBe(0);
    expect(await purgeOutbox(database().db, minutes(1))).toBe(1);
    expect(await getOutboxMessage(database().db, sent)).toBeUndefined();
    expect(await getOutboxMessage(database().db, queued)).toBeDefined();
  });

  it("never gives one message to two concurrent claimers (200 messages)", async () => {
    const ids = new Set<string>();
    await database()
      .db.transaction()
      .execute(async (trx) => {
        for (let n = 0; n < 200; n++) ids.add(await enqueueMail(trx, mail(n), T0));
      });
    const claims = await drainWithTwoWorkers(database().db, database().db, minutes(1));
    expect(claims).toHaveLength(200);
    expect(new Set(claims.map((c) => c.id))).toEqual(ids);
    const rows = await Promise.all([...ids].map((id) => getOutboxMessage(database().db, id)));
    expect(rows.every((m: OutboxMessage | undefined) => m?.attempts === 1)).toBe(true);
  });
});

describe("outbox on one SQLite file opened twice (two processes)", () => {
  let dataDir: string;
  let first: Database;
  let second: Database;
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "plant-sheets-outbox-"));
    first = await openDatabase({ dataDir });
    await migrateToLatest(first.db);
    second = await openDatabase({ dataDir });
  });
  afterEach(async () => {
    await first.close();
    await second.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("never gives one message to both connections", async () => {
    const ids = new Set<string>();
    for (let n = 0; n < 200; n++) ids.add(await enqueueMail(first.db, mail(n), T0));
    const claims = await drainWithTwoWorkers(first.db, second.db, minutes(1));
    expect(claims).toHaveLength(200);
    expect(new Set(claims.map((c) => c.id))).toEqual(ids);
    expect(new Set(claims.map((c) => c.worker)).size).toBeGreaterThan(1);
  });
});
