import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_HEADERS } from "../../domain/webhook";
import { type Database, openDatabase } from "../db/database";
import { enqueueWebhook } from "../db/webhooks-repository";
import { type ServerProcess, startServerProcess } from "../test-support/start-server-process";
import { verifyWebhookSignature } from "./webhook-signature";

const url = process.env.TEST_DATABASE_URL;
const EVENTS = 200;
/** The receiver takes a moment over each call, so both instances' workers are busy at once. */
const ANSWER_DELAY_MS = 25;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Several instances share work only through PostgreSQL; SQLite is one machine's database by design.
describe.skipIf(!url)(
  "the webhook from two server instances on one PostgreSQL (needs TEST_DATABASE_URL)",
  () => {
    const schema = `hooks_${randomBytes(8).toString("hex")}`;
    const secret = `whsec_${randomBytes(32).toString("base64url")}`;
    const dataDirs: string[] = [];
    const servers: ServerProcess[] = [];
    const received: Array<{ delivery: string; verified: boolean }> = [];
    let receiver: Server;
    let receiverUrl: string;
    let database: Database;

    beforeAll(async () => {
      await admin(`create schema ${schema}`);
      receiver = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          const signature = request.headers[WEBHOOK_HEADERS.signature.toLowerCase()];
          received.push({
            delivery: String(request.headers[WEBHOOK_HEADERS.delivery.toLowerCase()]),
            verified: verifyWebhookSignature(
              secret,
              typeof signature === "string" ? signature : undefined,
              Buffer.concat(chunks),
              new Date(),
            ),
          });
          setTimeout(() => response.writeHead(204).end(), ANSWER_DELAY_MS);
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
      receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
      // One after the other: the first migrates the fresh schema, the second finds it up to date.
      for (let i = 0; i < 2; i += 1) {
        const dataDir = mkdtempSync(join(tmpdir(), "plant-sheets-instance-"));
        dataDirs.push(dataDir);
        servers.push(
          await startServerProcess({
            dataDir,
            env: {
              DATABASE_URL: url!,
              DATABASE_SCHEMA: schema,
              WORKERS: "1",
              WEBHOOKS_ALLOW_LOCAL_HTTP: "true",
            },
          }),
        );
      }
      database = await openDatabase({ databaseUrl: url, dataDir: dataDirs[0]!, schema });
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.close();
      await new Promise<void>((resolve) => {
        receiver?.closeAllConnections();
        receiver ? receiver.close(() => resolve()) : resolve();
      });
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await admin(`drop schema if exists ${schema} cascade`);
    }, 60_000);

    it(`delivers each of ${EVENTS} events once, signed, the work shared by both`, async () => {
      const organisationId = randomUUID();
      const now = new Date();
      const ids: string[] = [];
      await database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("organisations")
          .values({
            id: organisationId,
            name: "Acme Plant Hire Ltd",
            workshop_email: null,
            created_at: now.toISOString(),
          })
          .execute();
        await trx
          .insertInto("organisation_webhooks")
          .values({
            organisation_id: organisationId,
            url: receiverUrl,
            secret,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
            secret_rotated_at: null,
          })
          .execute();
        for (let i = 0; i < EVENTS; i += 1) {
          const event = i % 2 === 0 ? "set.approved" : "defect.reported";
          const id = await enqueueWebhook(trx, organisationId, event, { n: i }, now);
          ids.push(id!);
        }
      });

      const deadline = Date.now() + 120_000;
      const undelivered = async () =>
        Number(
          (
            await database.db
              .selectFrom("webhook_outbox")
              .select(({ fn }) => fn.countAll().as("n"))
              .where("status", "!=", "sent")
              .executeTakeFirstOrThrow()
          ).n,
        );
      while ((await undelivered()) > 0) {
        if (Date.now() > deadline)
          throw new Error(`Webhooks still undelivered:\n${servers.map((s) => s.output()).join("\n")}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      // Both workers poll every 2 s: give a late double call time to show up.
      await new Promise((r) => setTimeout(r, 2_500));

      const counts = new Map<string, number>();
      for (const { delivery } of received) counts.set(delivery, (counts.get(delivery) ?? 0) + 1);
      expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
      expect([...counts.keys()].sort()).toEqual([...ids].sort());
      expect(received.every((r) => r.verified)).toBe(true);

      // Both instances took part, so the test really exercised two claimers.
      const workers = await database.db
        .selectFrom("webhook_outbox")
        .select("claimed_by")
        .distinct()
        .execute();
      expect(workers).toHaveLength(2);
    }, 180_000);
  },
);
