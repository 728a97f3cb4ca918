import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE } from "../../domain/sample-signature";
import type { SetApprovedData, WebhookEnvelope } from "../../domain/webhook";
import { DEFAULT_CLAIM_LEASE_MS } from "../db/outbox-repository";
import { testDatabases } from "../db/test-databases";
import {
  claimWebhookBatch,
  enqueueWebhook,
  getWebhookDelivery,
  WEBHOOK_REMOVED,
} from "../db/webhooks-repository";
import { nextRetryAt } from "../mail/outbox-worker";
import { signedCheckSheet } from "../pdf/pdf-fixtures";
import { type Company, organisationHelpers, type Person } from "../test-support/organisation-world";
import { useTestApp } from "../test-support/test-app";
import { verifyWebhookSignature } from "./webhook-signature";
import { startWebhookWorker, type WebhookWorker } from "./webhook-worker";

interface Call {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A hire desk's receiver on this machine: keeps every call, and answers each with the next status of `answers`
 * (200 once they run out). A status of 0 never answers; 302 points elsewhere on the same server.
 */
async function startReceiver() {
  const calls: Call[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      calls.push({
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const status = answers.shift() ?? 200;
      if (status === 0) return;
      if (status === 302) {
        response.writeHead(302, { location: "/elsewhere" }).end();
        return;
      }
      response.writeHead(status, { "content-type": "text/plain" }).end(`a body that is never kept ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    calls,
    answers,
    url: `http://127.0.0.1:${port}/plant-sheets/events`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

describe.each(testDatabases())("the company's webhook, delivered, on $name", ({ open }) => {
  let clock = new Date("2025-06-20T09:00:00.000Z");
  const testApp = useTestApp(open, {
    now: () => clock,
    env: () => ({ WEBHOOKS_ALLOW_LOCAL_HTTP: "true" }),
  });
  const { call, createDraft } = testApp;
  const { company, member } = organisationHelpers(testApp);
  let receiver: Receiver;
  let worker: WebhookWorker;

  const newWorker = () =>
    startWebhookWorker({ db: testApp.database.db, allowLocalHttp: true, now: () => clock, timeoutMs: 1_000 });

  /** Runs `meanwhile` with no worker polling, then starts the test's worker again. */
  async function withoutWorker(meanwhile: () => Promise<void>) {
    await worker.stop();
    try {
      await meanwhile();
    } finally {
      worker = newWorker();
    }
  }

  /** How often the app woke the worker: after each commit that may have queued a delivery. */
  let wakes = 0;

  beforeAll(async () => {
    receiver = await startReceiver();
    worker = newWorker();
    testApp.app.deps.webhooks = {
      wake: () => {
        wakes += 1;
        worker.wake();
      },
      drain: () => worker.drain(),
      stop: () => worker.stop(),
    };
  });
  afterAll(async () => {
    await worker?.stop();
    await receiver?.close();
  });
  afterEach(() => {
    receiver.calls.length = 0;
    receiver.answers.length = 0;
  });

  /** A company with a driver and its webhook set up to the receiver: the secret its admin was shown. */
  async function companyWithWebhook(): Promise<{ acme: Company; dave: Person; secret: string }> {
    const acme = await company();
    const dave = await member(acme, "driver");
    const res = await call("PUT", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie, {
      url: receiver.url,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { secret } = res.json() as { secret: string };
    return { acme, dave, secret };
  }

  let weeks = 0;
  /** A week the driver signed and submitted, with its Monday check sheet (one defect, a photo): its timesheet's id. */
  async function submittedWeek(driver: Person): Promise<string> {
    weeks += 1;
    const weekEnding = new Date(Date.UTC(2025, 5, 14 + 7 * weeks)).toISOString().slice(0, 10);
    const monday = new Date(Date.UTC(2025, 5, 14 + 7 * weeks - 5)).toISOString().slice(0, 10);
    const photo = await testApp.uploadPhoto(driver.cookie);
    await createDraft("check-sheets", driver.cookie, {
      ...signedCheckSheet(monday, { defectTyres: false, defectLights: true, photos: [photo] }),
      status: "ready_for_approval",
    });
    return createDraft("timesheets", driver.cookie, {
      weekEnding,
      driverSignedName: "Dave Digger",
      plantNumber: "EX-042",
      siteLocation: "Riverside",
      clientCompany: "BuildCo",
      mondayStart: "07:00",
      mondayFinish: "16:30",
      mondayBreak: 30,
      operatorSignature: SAMPLE_SIGNATURE,
      operatorSignedName: "Dave Digger",
      status: "ready_for_approval",
    });
  }

  async function approve(acme: Company, timesheetId: string) {
    const res = await call(
      "POST",
      `/api/organisations/${acme.id}/review/${timesheetId}/approve`,
      acme.admin.cookie,
      { rating: "happy", notes: "Good week" },
    );
    expect(res.statusCode, res.body).toBe(200);
  }

  it("sends one signed call per approval, which the receiver verifies, with the week's figures and no images", async () => {
    const { acme, dave, secret } = await companyWithWebhook();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    const week = await submittedWeek(dave);
    const woken = wakes;
    await approve(acme, week);
    expect(wakes).toBe(woken + 1);
    // Approving again is refused, and queues nothing more.
    const again = await call(
      "POST",
      `/api/organisations/${acme.id}/review/${week}/approve`,
      acme.admin.cookie,
      {
        rating: "okay",
      },
    );
    expect(again.statusCode).toBe(409);
    await worker.drain();
    await worker.drain();

    expect(receiver.calls).toHaveLength(1);
    const [received] = receiver.calls;
    expect(received!.path).toBe("/plant-sheets/events");
    expect(received!.headers["content-type"]).toBe("application/json");
    expect(received!.headers["x-plantsheets-event"]).toBe("set.approved");
    const signature = received!.headers["x-plantsheets-signature"] as string;
    expect(verifyWebhookSignature(secret, signature, received!.body, clock)).toBe(true);
    expect(verifyWebhookSignature("whsec_another", signature, received!.body, clock)).toBe(false);

    const body = JSON.parse(received!.body) as WebhookEnvelope<SetApprovedData>;
    const deliveryId = received!.headers["x-plantsheets-delivery"];
    expect(body.id).toBe(deliveryId);
    expect(body).toEqual({
      id: deliveryId,
      event: "set.approved",
      createdAt: clock.toISOString(),
      organisationId: acme.id,
      data: {
        timesheetId: week,
        checkSheetIds: [expect.any(String)],
        driverName: "Dave Digger",
        plantNumber: "EX-042",
        customer: "BuildCo",
        site: "Riverside",
        weekEnding: expect.stringMatching(/^2025-/),
        totalHours: 9,
        defects: 1,
        approvedAt: clock.toISOString(),
        approvedBy: { accountId: acme.admin.id, name: expect.any(String) },
        rating: "happy",
      },
    });
    // Figures only: no signature, no photo, not even their addresses; nor the office's notes.
    expect(received!.body).not.toMatch(/data:image|\/api\/(photos|images)|signature|Good week/i);

    // Delivered: the body is dropped and the answer's status line kept, never the answer's body.
    const row = await getWebhookDelivery(testApp.database.db, deliveryId as string);
    expect(row).toMatchObject({ status: "sent", body: null, attempts: 1, lastStatus: "HTTP 200 OK" });
    const view = await call("GET", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie);
    expect(view.json()).toEqual({
      webhook: {
        url: receiver.url,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        secretRotatedAt: null,
        lastDelivery: {
          id: deliveryId,
          event: "set.approved",
          status: "sent",
          attempts: 1,
          lastStatus: "HTTP 200 OK",
          createdAt: clock.toISOString(),
          sentAt: clock.toISOString(),
        },
      },
    });
    expect(view.body).not.toContain(secret);
  });

  it("calls again after a 500, later, with the same delivery id and a fresh signature", async () => {
    const { acme, dave, secret } = await companyWithWebhook();
    receiver.answers.push(500);
    await approve(acme, await submittedWeek(dave));
    await worker.drain();
    expect(receiver.calls).toHaveLength(1);
    const id = receiver.calls[0]!.headers["x-plantsheets-delivery"] as string;
    expect(await getWebhookDelivery(testApp.database.db, id)).toMatchObject({
      status: "queued",
      attempts: 1,
      lastStatus: "HTTP 500 Internal Server Error",
      nextAttemptAt: nextRetryAt(1, clock)!.toISOString(),
    });

    // Not before its time.
    await worker.drain();
    expect(receiver.calls).toHaveLength(1);
    clock = new Date(clock.getTime() + 5_000);
    await worker.drain();
    expect(receiver.calls).toHaveLength(2);
    const [first, second] = receiver.calls;
    expect(second!.headers["x-plantsheets-delivery"]).toBe(id);
    expect(second!.body).toBe(first!.body);
    expect(second!.headers["x-plantsheets-signature"]).not.toBe(first!.headers["x-plantsheets-signature"]);
    expect(
      verifyWebhookSignature(
        secret,
        second!.headers["x-plantsheets-signature"] as string,
        second!.body,
        clock,
      ),
    ).toBe(true);
    expect(await getWebhookDelivery(testApp.database.db, id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("takes a redirect, a 4xx and no answer in time as failures to retry, and never follows the redirect", async () => {
    const { acme, dave } = await companyWithWebhook();
    receiver.answers.push(302, 0, 410);
    await approve(acme, await submittedWeek(dave));
    const lines: Array<string | null> = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await worker.drain();
      const id = receiver.calls.at(-1)!.headers["x-plantsheets-delivery"] as string;
      lines.push((await getWebhookDelivery(testApp.database.db, id))!.lastStatus);
      clock = new Date(nextRetryAt(attempt, clock)!.getTime());
    }
    expect(receiver.calls.map((c) => c.path)).toEqual(Array(4).fill("/plant-sheets/events"));
    expect(lines).toEqual(["HTTP 302 Found", "no answer within 1 s", "HTTP 410 Gone", "HTTP 200 OK"]);
  });

  it("gives a delivery up after the mail's number of attempts", async () => {
    const { acme, dave } = await companyWithWebhook();
    await approve(acme, await submittedWeek(dave));
    await testApp.database.db
      .updateTable("webhook_outbox")
      .set({ attempts: 19 })
      .where("status", "=", "queued")
      .execute();
    receiver.answers.push(503);
    await worker.drain();
    const id = receiver.calls[0]!.headers["x-plantsheets-delivery"] as string;
    expect(nextRetryAt(20, clock)).toBeNull();
    expect(await getWebhookDelivery(testApp.database.db, id)).toMatchObject({
      status: "failed",
      attempts: 20,
      body: null,
      lastStatus: "HTTP 503 Service Unavailable",
    });
  });

  it("signs with the new secret once rotated, so the old one no longer verifies", async () => {
    const { acme, dave, secret } = await companyWithWebhook();
    const rotated = await call(
      "POST",
      `/api/organisations/${acme.id}/webhook/rotate-secret`,
      acme.admin.cookie,
    );
    expect(rotated.statusCode).toBe(200);
    const { secret: newSecret } = rotated.json() as { secret: string };
    expect(newSecret).not.toBe(secret);
    await approve(acme, await submittedWeek(dave));
    await worker.drain();
    const [received] = receiver.calls;
    const signature = received!.headers["x-plantsheets-signature"] as string;
    expect(verifyWebhookSignature(newSecret, signature, received!.body, clock)).toBe(true);
    expect(verifyWebhookSignature(secret, signature, received!.body, clock)).toBe(false);
  });

  it("queues nothing for a company without a webhook, and gives up what waits when it is removed", async () => {
    const plain = await company();
    const sam = await member(plain, "driver");
    await approve(plain, await submittedWeek(sam));
    const none = await testApp.database.db
      .selectFrom("webhook_outbox")
      .select("id")
      .where("organisation_id", "=", plain.id)
      .execute();
    expect(none).toEqual([]);

    const { acme, dave } = await companyWithWebhook();
    // Approved while no worker runs: the delivery waits in the outbox.
    await withoutWorker(async () => {
      await approve(acme, await submittedWeek(dave));
      const removed = await call("DELETE", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie);
      expect(removed.statusCode).toBe(204);
    });
    await worker.drain();
    expect(receiver.calls).toEqual([]);
    const rows = await testApp.database.db
      .selectFrom("webhook_outbox")
      .select(["status", "body", "last_status"])
      .where("organisation_id", "=", acme.id)
      .execute();
    expect(rows).toEqual([{ status: "failed", body: null, last_status: WEBHOOK_REMOVED }]);
    expect((await call("GET", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie)).json()).toEqual({
      webhook: null,
    });
  });

  it("calls again, with the same delivery id, what a worker that died had claimed, once its claim runs out", async () => {
    const { acme, dave, secret } = await companyWithWebhook();
    let claimed: string[] = [];
    await withoutWorker(async () => {
      await approve(acme, await submittedWeek(dave));
      // A worker claims the delivery and dies before calling (or after, before recording it).
      claimed = (await claimWebhookBatch(testApp.database.db, "a-worker-that-died", 20, clock)).map(
        (d) => d.id,
      );
    });
    expect(claimed).toHaveLength(1);
    await worker.drain();
    expect(receiver.calls).toEqual([]);
    clock = new Date(clock.getTime() + DEFAULT_CLAIM_LEASE_MS);
    await worker.drain();
    expect(receiver.calls).toHaveLength(1);
    const [received] = receiver.calls;
    expect(received!.headers["x-plantsheets-delivery"]).toBe(claimed[0]);
    expect(
      verifyWebhookSignature(
        secret,
        received!.headers["x-plantsheets-signature"] as string,
        received!.body,
        clock,
      ),
    ).toBe(true);
    expect(await getWebhookDelivery(testApp.database.db, claimed[0]!)).toMatchObject({
      status: "sent",
      attempts: 2,
    });
  });

  it("has two workers on one database call each delivery once between them", async () => {
    const { acme } = await companyWithWebhook();
    const ids: string[] = [];
    await withoutWorker(async () => {
      await testApp.database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 40; i += 1) {
          ids.push((await enqueueWebhook(trx, acme.id, "defect.reported", { n: i }, clock))!);
        }
      });
      const [a, b] = [newWorker(), newWorker()];
      await Promise.all([a.drain(), b.drain()]);
      await Promise.all([a.stop(), b.stop()]);
    });
    const delivered = receiver.calls.map((c) => c.headers["x-plantsheets-delivery"] as string);
    expect(delivered.sort()).toEqual([...ids].sort());
  });
});
