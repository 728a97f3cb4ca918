import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createServer as createTlsServer } from "node:https";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type SetApprovedData,
  WEBHOOK_HISTORY_LENGTH,
  type WebhookEnvelope,
  type WebhookView,
} from "../../domain/company/webhook";
import { companyMessages } from "../../domain/text/company-messages";
import { english } from "../../domain/text/i18n/english";
import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import { testDatabases } from "../db/test-databases";
import {
  claimWebhookBatch,
  enqueueWebhook,
  getWebhookDelivery,
  WEBHOOK_REMOVED,
} from "../db/webhooks-repository";
import { DEFAULT_CLAIM_LEASE_MS, nextRetryAt } from "../delivery/delivery-queue";
import { signedCheckSheet } from "../pdf/pdf-fixtures";
import { type Company, organisationHelpers, type Person } from "../test-support/organisation-world";
import { SELF_SIGNED_LOCALHOST } from "../test-support/self-signed-localhost";
import { useTestApp } from "../test-support/test-app";
import { loopbackNamesOfHostsFile, startConnectionCounter } from "../test-support/this-machine";
import { type ResolveName, resolveWithSystem } from "./webhook-call";
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
        week: { state: "approved", resubmitted: false },
        forms: [
          { id: week, kind: "timesheet", state: "approved", resubmitted: null },
          { id: body.data.checkSheetIds[0], kind: "check-sheet", state: "approved", resubmitted: null },
        ],
      },
    });
    // Figures only: no signature, no photo, not even their addresses; nor the office's notes.
    expect(received!.body).not.toMatch(/data:image|\/api\/(photos|images)|signature|Good week/i);

    // Delivered: the body is dropped and what came of the call kept, never the answer's body.
    const row = await getWebhookDelivery(testApp.database.db, deliveryId as string);
    expect(row).toMatchObject({
      status: "sent",
      body: null,
      attempts: 1,
      lastOutcome: "delivered",
      lastHttpStatus: 200,
    });
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
          outcome: "delivered",
          httpStatus: 200,
          createdAt: clock.toISOString(),
          sentAt: clock.toISOString(),
        },
        history: [
          {
            id: expect.any(String),
            deliveryId,
            event: "set.approved",
            outcome: "delivered",
            httpStatus: 200,
            at: clock.toISOString(),
            resendable: false,
          },
        ],
      },
    });
    expect(view.body).not.toContain(secret);
  });

  it("says the week and each of its forms in the company's words, with what a form resubmitted changed", async () => {
    const { acme, dave } = await companyWithWebhook();
    const week = await submittedWeek(dave);
    const sent = await call(
      "POST",
      `/api/organisations/${acme.id}/review/${week}/send-back`,
      acme.admin.cookie,
      {
        reason: "Monday's finish?",
        formId: week,
      },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const resubmitted = await call("PUT", `/api/timesheets/${week}`, dave.cookie, {
      status: "ready_for_approval",
      mondayFinish: "16:00",
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    await approve(acme, week);
    await worker.drain();

    expect(receiver.calls).toHaveLength(1);
    const { data } = JSON.parse(receiver.calls[0]!.body) as WebhookEnvelope<SetApprovedData>;
    expect(data.week).toEqual({ state: "approved", resubmitted: true });
    expect(data.forms).toEqual([
      {
        id: week,
        kind: "timesheet",
        state: "approved",
        resubmitted: { at: clock.toISOString(), changes: ["mondayFinish", "mondayNetHours", "totalHours"] },
      },
      { id: data.checkSheetIds[0], kind: "check-sheet", state: "approved", resubmitted: null },
    ]);
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
      lastOutcome: "answered",
      lastHttpStatus: 500,
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
    const lines: Array<[string | null, number | null]> = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await worker.drain();
      const id = receiver.calls.at(-1)!.headers["x-plantsheets-delivery"] as string;
      const row = (await getWebhookDelivery(testApp.database.db, id))!;
      lines.push([row.lastOutcome, row.lastHttpStatus]);
      clock = new Date(nextRetryAt(attempt, clock)!.getTime());
    }
    expect(receiver.calls.map((c) => c.path)).toEqual(Array(4).fill("/plant-sheets/events"));
    expect(lines).toEqual([
      ["redirected", 302],
      ["no-answer", null],
      ["answered", 410],
      ["delivered", 200],
    ]);
  });

  /** The company's one delivery, given up after the mail's number of attempts, the last answered 503. */
  async function givenUpDelivery(acme: Company, dave: Person): Promise<string> {
    await withoutWorker(async () => {
      await approve(acme, await submittedWeek(dave));
      await testApp.database.db
        .updateTable("webhook_outbox")
        .set({ attempts: 19 })
        .where("organisation_id", "=", acme.id)
        .where("status", "=", "queued")
        .execute();
    });
    receiver.answers.push(503);
    await worker.drain();
    return receiver.calls.at(-1)!.headers["x-plantsheets-delivery"] as string;
  }

  it("gives a delivery up after the mail's number of attempts, keeping what it carries to send again", async () => {
    const { acme, dave } = await companyWithWebhook();
    const id = await givenUpDelivery(acme, dave);
    expect(nextRetryAt(20, clock)).toBeNull();
    expect(await getWebhookDelivery(testApp.database.db, id)).toMatchObject({
      status: "failed",
      attempts: 20,
      body: receiver.calls.at(-1)!.body,
      lastOutcome: "answered",
      lastHttpStatus: 503,
    });
  });

  it("lets an admin send a given-up delivery again: a new series of attempts, the same delivery id, the history shows both", async () => {
    const { acme, dave, secret } = await companyWithWebhook();
    const id = await givenUpDelivery(acme, dave);
    const webhookUrl = `/api/organisations/${acme.id}/webhook`;
    const viewed = (await call("GET", webhookUrl, acme.admin.cookie)).json() as { webhook: WebhookView };
    expect(viewed.webhook.lastDelivery).toMatchObject({
      id,
      status: "failed",
      outcome: "answered",
      httpStatus: 503,
    });
    expect(viewed.webhook.history).toEqual([
      {
        id: expect.any(String),
        deliveryId: id,
        event: "set.approved",
        outcome: "answered",
        httpStatus: 503,
        at: clock.toISOString(),
        resendable: true,
      },
    ]);

    clock = new Date(clock.getTime() + 60_000);
    const resend = `${webhookUrl}/deliveries/${id}/resend`;
    const woken = wakes;
    const resent = await call("POST", resend, acme.admin.cookie);
    expect(resent.statusCode, resent.body).toBe(204);
    expect(wakes).toBe(woken + 1);
    await worker.drain();
    const [first, again] = receiver.calls.slice(-2);
    expect(again!.headers["x-plantsheets-delivery"]).toBe(id);
    expect(again!.body).toBe(first!.body);
    expect(
      verifyWebhookSignature(secret, again!.headers["x-plantsheets-signature"] as string, again!.body, clock),
    ).toBe(true);
    expect(await getWebhookDelivery(testApp.database.db, id)).toMatchObject({
      status: "sent",
      attempts: 1,
      body: null,
      lastOutcome: "delivered",
    });
    const after = (await call("GET", webhookUrl, acme.admin.cookie)).json() as { webhook: WebhookView };
    expect(after.webhook.history.map((a) => [a.outcome, a.httpStatus, a.resendable])).toEqual([
      ["delivered", 200, false],
      ["answered", 503, false],
    ]);

    // Delivered now: not given up, so not sent again; nor a delivery that is not the company's.
    const twice = await call("POST", resend, acme.admin.cookie);
    expect(twice.statusCode).toBe(409);
    expect((twice.json() as { message: string }).message).toBe(english("apiError.webhookDeliveryNotGivenUp"));
    const unknown = await call("POST", `${webhookUrl}/deliveries/${randomUUID()}/resend`, acme.admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as { message: string }).message).toBe(english("apiError.webhookDeliveryNotFound"));
    const other = await companyWithWebhook();
    const crossed = await call(
      "POST",
      `/api/organisations/${other.acme.id}/webhook/deliveries/${id}/resend`,
      other.acme.admin.cookie,
    );
    expect(crossed.statusCode).toBe(404);
  });

  it("sends nothing again once the webhook is removed, and its history goes with it", async () => {
    const { acme, dave } = await companyWithWebhook();
    const id = await givenUpDelivery(acme, dave);
    expect(
      (await call("DELETE", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie)).statusCode,
    ).toBe(204);
    expect(await getWebhookDelivery(testApp.database.db, id)).toMatchObject({ status: "failed", body: null });
    const history = await testApp.database.db
      .selectFrom("webhook_attempts")
      .select("id")
      .where("organisation_id", "=", acme.id)
      .execute();
    expect(history).toEqual([]);
    const again = await call("PUT", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie, {
      url: receiver.url,
    });
    expect(again.statusCode).toBe(201);
    const resend = await call(
      "POST",
      `/api/organisations/${acme.id}/webhook/deliveries/${id}/resend`,
      acme.admin.cookie,
    );
    expect(resend.statusCode).toBe(409);
    expect((resend.json() as { message: string }).message).toBe(english("apiError.webhookDeliveryGone"));
    expect(
      (
        (await call("GET", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie)).json() as {
          webhook: WebhookView;
        }
      ).webhook.history,
    ).toEqual([]);
  });

  it("keeps the latest 50 calls of a webhook, letting the oldest go as new ones come", async () => {
    const { acme } = await companyWithWebhook();
    const queue = async (count: number) => {
      const ids: string[] = [];
      await withoutWorker(async () => {
        await testApp.database.db.transaction().execute(async (trx) => {
          for (let i = 0; i < count; i += 1) {
            ids.push((await enqueueWebhook(trx, acme.id, "defect.reported", { n: i }, clock))!);
          }
        });
      });
      await worker.drain();
      return ids;
    };
    const oldest = await queue(5);
    clock = new Date(clock.getTime() + 60_000);
    const newest = await queue(WEBHOOK_HISTORY_LENGTH);
    const kept = await testApp.database.db
      .selectFrom("webhook_attempts")
      .select("delivery_id")
      .where("organisation_id", "=", acme.id)
      .execute();
    expect(kept.map((row) => row.delivery_id).sort()).toEqual([...newest].sort());
    const view = (await call("GET", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie)).json() as {
      webhook: WebhookView;
    };
    expect(view.webhook.history).toHaveLength(WEBHOOK_HISTORY_LENGTH);
    expect(view.webhook.history.some((a) => oldest.includes(a.deliveryId))).toBe(false);
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
    expect(rows).toEqual([{ status: "failed", body: null, last_status: "webhook-removed" }]);
    expect(WEBHOOK_REMOVED).toBe("webhook-removed");
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

describe.each(testDatabases())("the company's webhook and this server's network, on $name", ({ open }) => {
  const clock = new Date("2025-06-20T09:00:00.000Z");
  const testApp = useTestApp(open, {
    now: () => clock,
    env: () => ({ WEBHOOKS_ALLOW_LOCAL_HTTP: "true" }),
  });
  const { call } = testApp;
  const { company } = organisationHelpers(testApp);
  let counter: Awaited<ReturnType<typeof startConnectionCounter>>;

  beforeAll(async () => {
    counter = await startConnectionCounter();
  });
  afterAll(() => counter?.close());

  /** A company whose webhook is stored as `url` (as an address kept from before a rule was tightened would be). */
  async function companyCalling(url: string): Promise<Company> {
    const acme = await company();
    const set = await call("PUT", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie, {
      url: "https://payroll.example.co.uk/plant-sheets",
    });
    expect(set.statusCode).toBe(201);
    await testApp.database.db
      .updateTable("organisation_webhooks")
      .set({ url })
      .where("organisation_id", "=", acme.id)
      .execute();
    return acme;
  }

  /** Queues one event for the company and runs one worker over it: the delivery as it then stands. */
  async function deliverOnce(acme: Company, worker: { allowLocalHttp: boolean; resolve?: ResolveName }) {
    const id = (await testApp.database.db
      .transaction()
      .execute((trx) => enqueueWebhook(trx, acme.id, "defect.reported", { n: 1 }, clock)))!;
    const once = startWebhookWorker({
      db: testApp.database.db,
      now: () => clock,
      timeoutMs: 5_000,
      ...worker,
    });
    try {
      await once.drain();
    } finally {
      await once.stop();
    }
    return (await getWebhookDelivery(testApp.database.db, id))!;
  }

  /** What the admin reads of the webhook, which must name nothing of what answered inside the network. */
  async function adminView(acme: Company): Promise<WebhookView> {
    const res = await call("GET", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie);
    const { webhook } = res.json() as { webhook: WebhookView };
    const seen = JSON.stringify({ last: webhook.lastDelivery, history: webhook.history });
    expect(seen).not.toMatch(
      /127\.|::1|ECONN|EPROTO|ERR_|certificate|self.signed|getaddrinfo|socket|wrong version/i,
    );
    return webhook;
  }

  it("never connects to this machine by a name, with the flag or without, and says only that the address was not found", async () => {
    // A public name that resolves to this machine, as one set up to do so (or rebound) would.
    const hooks = "hooks.hire-desk.example.com";
    const resolve: ResolveName = async (hostname) =>
      hostname === hooks ? [{ address: "127.0.0.1", family: 4 }] : resolveWithSystem(hostname);
    const cases: Array<[string, boolean]> = [
      ["localhost", false],
      ...[...loopbackNamesOfHostsFile(), hooks].flatMap(
        (name): Array<[string, boolean]> => [
          [name, false],
          // The flag opens this machine by its own name and address only, never by another name.
          [name, true],
        ],
      ),
    ];
    for (const [name, allowLocalHttp] of cases) {
      const acme = await companyCalling(`https://${name}:${counter.port}/hook`);
      const delivery = await deliverOnce(acme, { allowLocalHttp, resolve });
      expect(delivery, `${name}, flag ${allowLocalHttp}`).toMatchObject({
        status: "queued",
        lastOutcome: "not-found",
        lastHttpStatus: null,
      });
      const view = await adminView(acme);
      expect(view.history.map((a) => [a.outcome, a.httpStatus])).toEqual([["not-found", null]]);
      expect(companyMessages.webhookOutcome("not-found", null)).toBe("address not found on the internet");
      await call("DELETE", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie);
    }
    expect(counter.connections()).toBe(0);
  });

  it("tells the admin the receiver could not be connected to or was refused by TLS, never the socket's words", async () => {
    // A port where nothing listens any more.
    const closed = await startConnectionCounter();
    await closed.close();
    // A receiver with a certificate nothing trusts, and a plain http one called over https.
    let tlsRequests = 0;
    const tls = createTlsServer(SELF_SIGNED_LOCALHOST, (_request, response) => {
      tlsRequests += 1;
      response.end();
    });
    await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
    const plain = createServer((_request, response) => response.end());
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    const portOf = (server: Server) => (server.address() as { port: number }).port;
    try {
      for (const [url, outcome] of [
        [`http://127.0.0.1:${closed.port}/hook`, "could-not-connect"],
        [`https://127.0.0.1:${portOf(tls)}/hook`, "refused-by-tls"],
        [`https://localhost:${portOf(tls)}/hook`, "refused-by-tls"],
        [`https://127.0.0.1:${portOf(plain)}/hook`, "refused-by-tls"],
      ] as const) {
        const acme = await company();
        const set = await call("PUT", `/api/organisations/${acme.id}/webhook`, acme.admin.cookie, { url });
        expect(set.statusCode, set.body).toBe(201);
        const delivery = await deliverOnce(acme, { allowLocalHttp: true });
        expect([delivery.lastOutcome, delivery.lastHttpStatus], url).toEqual([outcome, null]);
        const view = await adminView(acme);
        expect(view.lastDelivery).toMatchObject({ status: "queued", outcome, httpStatus: null });
        expect(view.history.map((a) => a.outcome)).toEqual([outcome]);
      }
      expect(tlsRequests).toBe(0);
    } finally {
      tls.closeAllConnections();
      plain.closeAllConnections();
      await Promise.all([tls, plain].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    }
  });
});
