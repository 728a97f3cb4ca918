import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/database";
import type { DB } from "../../db/schema";
import { type ServerProcess, startServerProcess } from "../../test-support/start-server-process";
import type { DeliveryTable } from "../delivery-queue";

const url = process.env.TEST_DATABASE_URL;

/** Where the instances deliver to, started before them: a mail server, a webhook receiver. */
export interface DeliveryReceiver {
  /** What the instances need to reach it (SMTP_URL, say). */
  env: Record<string, string>;
  /** The key of each item received, once per time it arrived (a mail's subject, a delivery's id). */
  keys(): string[];
  close(): Promise<void>;
}

export interface TwoInstancesCase<R extends DeliveryReceiver> {
  /** The suite's name. */
  suite: string;
  /** The test's name. */
  test: string;
  /** Starts the PostgreSQL schema's name, made fresh for the run. */
  schemaPrefix: string;
  table: DeliveryTable;
  /** What the log says is still waiting when the deadline passes ("Mail still unsent"). */
  stillWaiting: string;
  /** How long all may take to be delivered. */
  deadlineMs: number;
  testTimeoutMs: number;
  startReceiver(): Promise<R>;
  /** Queues the items in one transaction. */
  enqueue(trx: Kysely<DB>, receiver: R): Promise<void>;
  /** The kind's own checks of what arrived, beyond "none twice" (each one there, signed...); `counts` by key. */
  checkReceived(receiver: R, counts: Map<string, number>): void;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Two server processes on one PostgreSQL deliver one queue: each item arrives once, and both instances took part.
 * Several instances share work only through PostgreSQL; SQLite is one machine's database by design, so the suite
 * runs only with TEST_DATABASE_URL.
 */
export function describeTwoInstances<R extends DeliveryReceiver>(spec: TwoInstancesCase<R>): void {
  describe.skipIf(!url)(spec.suite, () => {
    const schema = `${spec.schemaPrefix}_${randomBytes(8).toString("hex")}`;
    const dataDirs: string[] = [];
    const servers: ServerProcess[] = [];
    let receiver: R;
    let database: Database;

    beforeAll(async () => {
      await admin(`create schema ${schema}`);
      receiver = await spec.startReceiver();
      // One after the other: the first migrates the fresh schema, the second finds it up to date. One process
      // each, so that each claimer seen in the queue is one instance.
      for (let i = 0; i < 2; i += 1) {
        const dataDir = mkdtempSync(join(tmpdir(), "plant-sheets-instance-"));
        dataDirs.push(dataDir);
        servers.push(
          await startServerProcess({
            dataDir,
            env: { DATABASE_URL: url!, DATABASE_SCHEMA: schema, WORKERS: "1", ...receiver.env },
          }),
        );
      }
      database = await openDatabase({ databaseUrl: url, dataDir: dataDirs[0]!, schema });
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.close();
      await receiver?.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await admin(`drop schema if exists ${schema} cascade`);
    }, 60_000);

    it(
      spec.test,
      async () => {
        await database.db.transaction().execute((trx) => spec.enqueue(trx, receiver));

        const deadline = Date.now() + spec.deadlineMs;
        const waiting = async () =>
          Number(
            (
              await database.db
                .selectFrom(spec.table)
                .select(({ fn }) => fn.countAll().as("n"))
                .where("status", "!=", "sent")
                .executeTakeFirstOrThrow()
            ).n,
          );
        while ((await waiting()) > 0) {
          if (Date.now() > deadline)
            throw new Error(`${spec.stillWaiting}:\n${servers.map((s) => s.output()).join("\n")}`);
          await new Promise((r) => setTimeout(r, 250));
        }
        // Both workers poll every 2 s: give a late double send time to show up.
        await new Promise((r) => setTimeout(r, 2_500));

        const counts = new Map<string, number>();
        for (const key of receiver.keys()) counts.set(key, (counts.get(key) ?? 0) + 1);
        expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
        spec.checkReceived(receiver, counts);

        // Both instances took part, so the test really exercised two claimers.
        const workers = await database.db.selectFrom(spec.table).select("claimed_by").distinct().execute();
        expect(workers).toHaveLength(2);
      },
      spec.testTimeoutMs,
    );
  });
}
