import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import type { InjectOptions } from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { SESSION_COOKIE } from "./auth/sessions";
import { loadConfig } from "./config";
import type { Database } from "./db/database";
import { SAMPLE_CUSTOMERS, SAMPLE_VEHICLES, seedSampleData } from "./db/seed";
import { testDatabases } from "./db/test-databases";
import { databaseSnapshot } from "./test-support/database-snapshot";
import { signUp } from "./test-support/sign-up";

const ORIGIN = "http://sheets.test";
const EMAIL = "fuzz@haulage.co.uk";
const PASSWORD = "secret12";
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 20);
// Counting refused attempts is what rate limits are for; every other table must be left as it was.
const COUNTERS = ["rate_limits", "login_failures"];

/** Field names the routes read, so random bodies often get past the first check and reach deeper ones. */
const FIELD_NAMES = [
  "id",
  "email",
  "password",
  "fullName",
  "currentPassword",
  "newPassword",
  "token",
  "status",
  "prefixes",
  "company",
  "weekEnding",
  "mondayStart",
  "mondayBreak",
  "orderNumber",
  "customerId",
  "plantNumber",
  "timesheetData",
  "checkSheetData",
  "supervisorRating",
  "supervisorNotes",
  "submissionEmails",
  "operatorSignature",
  "photos",
  "checks",
];

const printable = fc.stringMatching(/^[ -~]{0,80}$/);
const nastyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  printable,
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "null",
    "-1",
    "1e309",
    "<script>alert(1)</script>",
    "' or 1=1 --",
    "x".repeat(20_000),
  ),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyText, { maxLength: 30 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(Array.from({ length: 5_000 }, () => "a@b.co")),
);
const bodyArb = fc.oneof(
  fc.constant({ kind: "none" as const }),
  fc.jsonValue({ maxDepth: 4 }).map((value) => ({ kind: "json" as const, text: JSON.stringify(value) })),
  fc
    .dictionary(fc.constantFrom(...FIELD_NAMES), anyValue, { maxKeys: 6 })
    .map((value) => ({ kind: "json" as const, text: JSON.stringify(value) })),
  fc
    .oneof(printable, fc.constantFrom("{", '{"a":', "[1,2", "\u00ff\u00fe", "nul", '{"__proto__":{"x":1}}'))
    .map((text) => ({ kind: "json" as const, text })),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ kind: "bytes" as const, bytes: Buffer.from(bytes) })),
  fc.constant({ kind: "json" as const, text: JSON.stringify({ company: "x".repeat(2_200_000) }) }),
);
const contentTypeArb = fc.option(
  fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "application/json; charset=utf-16",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=xyz",
    "image/jpeg",
    "garbage/;;;",
    "",
  ),
  { nil: undefined },
);

describe.each(testDatabases())("every route on $name, given random and malformed requests", ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let cookie: string;
  const realIds: string[] = [];

  async function logIn(): Promise<string> {
    // Random login attempts may have used up this address's allowance; that is not what is under test here.
    await database.db.deleteFrom("rate_limits").execute();
    await database.db.deleteFrom("login_failures").execute();
    const res = await app.inject({
      method: "POST",
      url: "/api/drivers/login",
      headers: { origin: ORIGIN },
      payload: { email: EMAIL, password: PASSWORD },
    });
    const session = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!session) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return `${SESSION_COOKIE}=${session.value}`;
  }

  beforeAll(async () => {
    database = await open();
    await seedSampleData(database.db);
    app = await buildApp({ config: loadConfig({ PUBLIC_URL: ORIGIN }), database, now: () => new Date() });
    await app.ready();
    await signUp(app, {
      headers: { origin: ORIGIN },
      payload: { fullName: "Fuzz Tester", email: EMAIL, password: PASSWORD },
    });
    cookie = await logIn();
    for (const path of ["/api/timesheets", "/api/check-sheets"]) {
      const res = await app.inject({
        method: "POST",
        url: path,
        headers: { origin: ORIGIN, cookie },
        payload: { id: randomUUID() },
      });
      realIds.push((res.json() as { id: string }).id);
    }
    realIds.push(SAMPLE_CUSTOMERS[0]!.id, SAMPLE_VEHICLES[0]!.qrCode);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("finds the routes to test by itself", () => {
    const urls = app.registeredRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain("POST /api/drivers/login");
    expect(urls).toContain("PUT /api/timesheets/:id");
    expect(urls.length).toBeGreaterThan(15);
  });

  it("never answers 5xx, and a refused request changes nothing", async () => {
    const segment = fc.oneof(
      fc.constantFrom(...realIds),
      fc.uuid(),
      nastyText.map(encodeURIComponent),
      fc.constantFrom("..", "%2e%2e%2f", "%E0%A4%A", "%00", "combined-x", "a".repeat(3000)),
    );
    const query = fc.option(
      fc.oneof(
        fc
          .dictionary(fc.constantFrom("status", "id", "token", "limit"), nastyText, { maxKeys: 3 })
          .map((q) => `?${new URLSearchParams(q).toString()}`),
        fc.constantFrom("?status[]=draft&status=x", "?%", "?status=completed&status=draft"),
      ),
      { nil: "" },
    );
    const requestArb = fc.record({
      params: fc.array(segment, { minLength: 4, maxLength: 4 }),
      query,
      body: bodyArb,
      contentType: contentTypeArb,
      session: fc.constantFrom("valid", "none", "garbage"),
      origin: fc.constantFrom(ORIGIN, "https://evil.example.net", "null", undefined),
      idempotencyKey: fc.option(fc.oneof(fc.uuid(), printable), { nil: undefined }),
      extraHeader: fc.option(
        fc.tuple(fc.constantFrom("accept", "x-forwarded-for", "content-encoding", "range"), printable),
        {
          nil: undefined,
        },
      ),
    });

    const routes = app.registeredRoutes.filter((r) => r.url.startsWith("/api"));
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestArb, async (req) => {
          let n = 0;
          const url = route.url.replace(/:\w+|\*/g, () => req.params[n++ % req.params.length]!) + req.query;
          const headers: Record<string, string> = {};
          if (req.origin) headers.origin = req.origin;
          if (req.contentType !== undefined) headers["content-type"] = req.contentType;
          if (req.session === "valid") headers.cookie = cookie;
          if (req.session === "garbage") headers.cookie = `${SESSION_COOKIE}=not-a-session`;
          if (req.idempotencyKey !== undefined) headers["idempotency-key"] = req.idempotencyKey;
          if (req.extraHeader) headers[req.extraHeader[0]] = req.extraHeader[1];
          const payload =
            req.body.kind === "none" ? undefined : req.body.kind === "json" ? req.body.text : req.body.bytes;

          const before = await databaseSnapshot(database, { except: COUNTERS });
          const res = await app.inject({
            method: route.method as InjectOptions["method"],
            url,
            headers,
            payload,
          });
          const where = `${route.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(await databaseSnapshot(database, { except: COUNTERS }), where).toEqual(before);
          } else if (req.session === "valid") {
            // A successful logout or password change ends the session the next runs rely on.
            const me = await app.inject({ method: "GET", url: "/api/drivers/me", headers: { cookie } });
            if (me.statusCode !== 200) cookie = await logIn();
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  }, 600_000);
});
