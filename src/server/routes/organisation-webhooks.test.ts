import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MAX_WEBHOOK_URL_LENGTH } from "../../domain/company/webhook";
import { companyMessages } from "../../domain/text/company-messages";
import { english } from "../../domain/text/i18n/english";
import { testDatabases } from "../db/test-databases";
import { databaseSnapshot } from "../test-support/database-snapshot";
import { organisationHelpers } from "../test-support/organisation-world";
import { ORIGIN, useTestApp } from "../test-support/test-app";

const URL_OK = "https://payroll.example.co.uk/plant-sheets";

describe.each(testDatabases())("setting up a company's webhook on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => new Date("2025-06-20T09:00:00.000Z") });
  const { call } = testApp;
  const { world, member } = organisationHelpers(testApp);
  const webhookOf = (id: string) => `/api/organisations/${id}/webhook`;

  it("answers the secret once when made, never when read, and keeps it when only the address changes", async () => {
    const w = await world();
    const made = await call("PUT", webhookOf(w.company.id), w.company.admin.cookie, { url: URL_OK });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.headers["cache-control"]).toBe("no-store");
    const { secret, url } = made.json() as { secret: string; url: string };
    expect(url).toBe(URL_OK);
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);

    const read = await call("GET", webhookOf(w.company.id), w.company.admin.cookie);
    expect(read.json()).toEqual({
      webhook: {
        url: URL_OK,
        createdAt: "2025-06-20T09:00:00.000Z",
        updatedAt: "2025-06-20T09:00:00.000Z",
        secretRotatedAt: null,
        lastDelivery: null,
        history: [],
      },
    });
    expect(read.body).not.toContain(secret);

    const moved = await call("PUT", webhookOf(w.company.id), w.company.admin.cookie, {
      url: "https://hire-desk.example.com/in",
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ url: "https://hire-desk.example.com/in" });
    const stored = await testApp.database.db
      .selectFrom("organisation_webhooks")
      .select(["url", "secret"])
      .where("organisation_id", "=", w.company.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ url: "https://hire-desk.example.com/in", secret });

    const rotated = await call("POST", `${webhookOf(w.company.id)}/rotate-secret`, w.company.admin.cookie);
    expect(rotated.headers["cache-control"]).toBe("no-store");
    const { secret: fresh } = rotated.json() as { secret: string };
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    expect(
      (
        (await call("GET", webhookOf(w.company.id), w.company.admin.cookie)).json() as {
          webhook: { secretRotatedAt: string };
        }
      ).webhook.secretRotatedAt,
    ).toBe("2025-06-20T09:00:00.000Z");
  });

  it("keeps no answer carrying a secret as an Idempotency-Key's answer", async () => {
    const w = await world();
    const res = await testApp.app.inject({
      method: "PUT",
      url: webhookOf(w.company.id),
      payload: { url: URL_OK },
      headers: { origin: ORIGIN, cookie: w.company.admin.cookie, "idempotency-key": "webhook-put-0001" },
    });
    expect(res.statusCode).toBe(201);
    const { secret } = res.json() as { secret: string };
    const kept = await testApp.database.db.selectFrom("idempotency_keys").selectAll().execute();
    expect(JSON.stringify(kept)).not.toContain(secret);
  });

  it.each([
    ["plain http", "http://payroll.example.co.uk/hook", companyMessages.webhookUrlNotHttps],
    ["another scheme", "ftp://payroll.example.co.uk/hook", companyMessages.webhookUrlNotHttps],
    ["credentials", "https://office:pw@payroll.example.co.uk/hook", companyMessages.webhookUrlCredentials],
    ["this machine (no flag)", "http://127.0.0.1:9000/hook", companyMessages.webhookUrlNotPublic],
    ["a private network", "https://10.1.2.3/hook", companyMessages.webhookUrlNotPublic],
    ["the metadata service", "http://169.254.169.254/latest", companyMessages.webhookUrlNotPublic],
    ["not an address", "payroll", companyMessages.webhookUrlInvalid],
    ["a name of this machine", "https://vm:9443/hook", companyMessages.webhookUrlNotPublic],
    [
      "another name of this machine",
      "https://localhost.localdomain/hook",
      companyMessages.webhookUrlNotPublic,
    ],
    [
      "the cloud's metadata by name",
      "https://metadata.google.internal/",
      companyMessages.webhookUrlNotPublic,
    ],
    ["this machine inside IPv6", "https://[::7f00:1]/hook", companyMessages.webhookUrlNotPublic],
    ["this machine through NAT64", "https://[64:ff9b::7f00:1]/hook", companyMessages.webhookUrlNotPublic],
    ["a site-local address", "https://[fec0::1]/hook", companyMessages.webhookUrlNotPublic],
    ["a multicast address", "https://[ff02::1]/hook", companyMessages.webhookUrlNotPublic],
    ["a benchmarking network", "https://198.18.0.1/hook", companyMessages.webhookUrlNotPublic],
    ["an IETF protocol address", "https://192.0.0.1/hook", companyMessages.webhookUrlNotPublic],
    ["the broadcast address", "https://255.255.255.255/hook", companyMessages.webhookUrlNotPublic],
    [
      "an address over the limit",
      `https://payroll.example.co.uk/${"a".repeat(MAX_WEBHOOK_URL_LENGTH)}`,
      companyMessages.webhookUrlTooLong(MAX_WEBHOOK_URL_LENGTH),
    ],
    [
      "a huge address",
      `https://payroll.example.co.uk/${"a".repeat(1_000_000)}`,
      companyMessages.webhookUrlTooLong(MAX_WEBHOOK_URL_LENGTH),
    ],
  ])("refuses %s with 400 and changes nothing", async (_name, url, message) => {
    const w = await world();
    const before = await databaseSnapshot(testApp.database, { except: ["rate_limits"] });
    const res = await call("PUT", webhookOf(w.company.id), w.company.admin.cookie, { url });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(`url: ${message}`);
    expect(await databaseSnapshot(testApp.database, { except: ["rate_limits"] })).toEqual(before);
  });

  it("refuses a body that is not an address", async () => {
    const w = await world();
    for (const payload of [{}, { url: 42 }, { url: ["https://a.example"] }]) {
      const res = await call("PUT", webhookOf(w.company.id), w.company.admin.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("answers another company's admin 404 on every webhook route, under either company's id", async () => {
    const w = await world();
    await call("PUT", webhookOf(w.company.id), w.company.admin.cookie, { url: URL_OK });
    await call("PUT", webhookOf(w.otherCompany.id), w.otherCompany.admin.cookie, { url: URL_OK });
    // A delivery of the company's, given up: only its own admins may send it again.
    const deliveryId = randomUUID();
    await testApp.database.db
      .insertInto("webhook_outbox")
      .values({
        id: deliveryId,
        organisation_id: w.company.id,
        event: "set.approved",
        body: "{}",
        status: "failed",
        attempts: 20,
        next_attempt_at: "2025-06-20T08:00:00.000Z",
        claimed_by: null,
        claimed_until: null,
        last_status: "answered",
        last_http_status: 500,
        created_at: "2025-06-19T08:00:00.000Z",
        sent_at: null,
      })
      .execute();
    const before = await databaseSnapshot(testApp.database, { except: ["rate_limits"] });
    for (const [method, url, payload] of [
      ["GET", webhookOf(w.company.id), undefined],
      ["PUT", webhookOf(w.company.id), { url: "https://evil.example.com/" }],
      ["POST", `${webhookOf(w.company.id)}/rotate-secret`, undefined],
      ["DELETE", webhookOf(w.company.id), undefined],
      ["POST", `${webhookOf(w.company.id)}/deliveries/${deliveryId}/resend`, undefined],
    ] as const) {
      for (const who of [w.otherMember, w.nonMember]) {
        const res = await call(method, url, who.cookie, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body).not.toContain("payroll");
      }
    }
    // The company's own admin under the other company's id: 404 too; and the other company's admin for this
    // company's delivery under its own id.
    const crossed = await call("GET", webhookOf(w.otherCompany.id), w.company.admin.cookie);
    expect(crossed.statusCode).toBe(404);
    const resentAcross = await call(
      "POST",
      `${webhookOf(w.otherCompany.id)}/deliveries/${deliveryId}/resend`,
      w.otherCompany.admin.cookie,
    );
    expect(resentAcross.statusCode).toBe(404);
    expect((resentAcross.json() as { message: string }).message).toBe(
      english("apiError.webhookDeliveryNotFound"),
    );
    expect(await databaseSnapshot(testApp.database, { except: ["rate_limits"] })).toEqual(before);
  });

  it("answers a driver and a supervisor 403 with the admin-only words", async () => {
    const w = await world();
    for (const who of [w.driver, w.supervisor]) {
      const res = await call("PUT", webhookOf(w.company.id), who.cookie, { url: URL_OK });
      expect(res.statusCode).toBe(403);
      expect((res.json() as { message: string }).message).toBe(english("apiError.forbidden.manageWebhooks"));
    }
  });

  it("answers 404 to rotating or removing a webhook that is not set up", async () => {
    const w = await world();
    const admin = w.company.admin.cookie;
    expect((await call("GET", webhookOf(w.company.id), admin)).json()).toEqual({ webhook: null });
    for (const [method, url] of [
      ["POST", `${webhookOf(w.company.id)}/rotate-secret`],
      ["DELETE", webhookOf(w.company.id)],
    ] as const) {
      const res = await call(method, url, admin);
      expect(res.statusCode).toBe(404);
      expect((res.json() as { message: string }).message).toBe(english("apiError.webhookNotSet"));
    }
    // An admin who joined later manages it as well as the first.
    const second = await member({ id: w.company.id, admin: w.company.admin }, "admin");
    expect((await call("PUT", webhookOf(w.company.id), second.cookie, { url: URL_OK })).statusCode).toBe(201);
  });
});
