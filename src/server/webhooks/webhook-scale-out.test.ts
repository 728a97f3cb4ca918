import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { expect } from "vitest";
import { WEBHOOK_HEADERS } from "../../domain/company/webhook";
import { enqueueWebhook } from "../db/webhooks-repository";
import { describeTwoInstances } from "../delivery/test-support/describe-two-instances";
import { verifyWebhookSignature } from "./webhook-signature";

const EVENTS = 200;
/** The receiver takes a moment over each call, so both instances' workers are busy at once. */
const ANSWER_DELAY_MS = 25;

const secret = `whsec_${randomBytes(32).toString("base64url")}`;
const ids: string[] = [];

describeTwoInstances({
  suite: "the webhook from two server instances on one PostgreSQL (needs TEST_DATABASE_URL)",
  test: `delivers each of ${EVENTS} events once, signed, the work shared by both`,
  schemaPrefix: "hooks",
  table: "webhook_outbox",
  stillWaiting: "Webhooks still undelivered",
  deadlineMs: 120_000,
  testTimeoutMs: 180_000,
  async startReceiver() {
    const received: Array<{ delivery: string; verified: boolean }> = [];
    const receiver = createServer((request, response) => {
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
    return {
      env: { WEBHOOKS_ALLOW_LOCAL_HTTP: "true" },
      url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`,
      received,
      keys: () => received.map((r) => r.delivery),
      close: () =>
        new Promise<void>((resolve) => {
          receiver.closeAllConnections();
          receiver.close(() => resolve());
        }),
    };
  },
  async enqueue(trx, receiver) {
    const organisationId = randomUUID();
    const now = new Date();
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
        url: receiver.url,
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
  },
  checkReceived(receiver, counts) {
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect(receiver.received.every((r) => r.verified)).toBe(true);
  },
});
