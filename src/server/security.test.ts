import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { InjectOptions } from "light-my-request";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { hashToken, SESSION_COOKIE } from "./auth/sessions";
import { loadConfig } from "./config";
import type { Database } from "./db/database";
import { seedSampleData } from "./db/seed";
import { testDatabases } from "./db/test-databases";
import { queuedSignUpTokens, signUp } from "./test-support/sign-up";
import { signedWeek } from "./test-support/signed-week";

const ORIGIN = "http://sheets.test";
const SECRET_COMPANY = "Owner's Private Plant Ltd";
/** Routes that take a form id, or list forms: what another account must never see or change. */
const FORM_ROUTE = /^\/api\/(timesheets|check-sheets|combined|supervisor|completed-forms|forms)/;
/** Form routes open to callers without an account: one-off completion, and the emailed read-only link. */
const OPEN_TO_ANONYMOUS = /one-step-completion|^\/api\/completed-forms/;

type Method = NonNullable<InjectOptions["method"]>;

describe.each(testDatabases())("security on $name", ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let clock: Date;
  let webRoot: string;
  const logLines: string[] = [];
  let counter = 0;

  beforeAll(async () => {
    database = await open();
    await seedSampleData(database.db);
    clock = new Date("2025-06-07T08:00:00.000Z");
    webRoot = mkdtempSync(join(tmpdir(), "plant-sheets-web-"));
    mkdirSync(join(webRoot, "assets"));
    writeFileSync(join(webRoot, "index.html"), "<!doctype html><title>Plant Sheets</title>");
    // Every line the server would log, at the most talkative level.
    const logger = pino({ level: "trace" }, { write: (line: string) => void logLines.push(line) });
    app = await buildApp({
      config: loadConfig({ PUBLIC_URL: ORIGIN }),
      database,
      webRoot,
      logger,
      now: () => clock,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const call = (
    method: Method,
    url: string,
    options: { cookie?: string; payload?: unknown; origin?: string } = {},
  ) =>
    app.inject({
      method,
      url,
      payload: options.payload as InjectOptions["payload"],
      headers: { origin: options.origin ?? ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    });

  const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
    const session = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!session) throw new Error("no session cookie");
    return `${SESSION_COOKIE}=${session.value}`;
  };

  async function newAccount(password = "secret12") {
    counter += 1;
    const email = `sec${counter}@haulage.co.uk`;
    const res = await signUp(app, {
      headers: { origin: ORIGIN },
      payload: { fullName: `Driver ${counter}`, email, password },
    });
    expect(res.statusCode).toBe(201);
    return { email, password, cookie: cookieOf(res) };
  }

  /** An owner with one form of each kind, one completed (so its read-only view exists). */
  async function ownerWithForms() {
    const owner = await newAccount();
    const timesheetId = randomUUID();
    const checkSheetId = randomUUID();
    const completedId = randomUUID();
    const saves: Array<[url: string, payload: object, status: number]> = [
      ["/api/timesheets", { id: timesheetId, company: SECRET_COMPANY }, 201],
      ["/api/check-sheets", { id: checkSheetId, driverSignedName: SECRET_COMPANY }, 201],
      [
        "/api/timesheets/one-step-completion",
        {
          timesheetData: signedWeek({ id: completedId, company: SECRET_COMPANY }),
          supervisorRating: "happy",
        },
        200,
      ],
    ];
    for (const [url, payload, status] of saves) {
      expect((await call("POST", url, { cookie: owner.cookie, payload })).statusCode).toBe(status);
    }
    return { ...owner, timesheetId, checkSheetId, completedId };
  }

  /** Every registered form route, its parameters filled with the owner's ids. */
  function formRequests(owner: { timesheetId: string; checkSheetId: string; completedId: string }) {
    return app.registeredRoutes
      .filter((r) => FORM_ROUTE.test(r.url) && r.method !== "HEAD")
      .flatMap((route) => {
        const ids = route.url.includes("check-sheet")
          ? [owner.checkSheetId]
          : route.url.includes("completed-forms")
            ? [owner.completedId, owner.checkSheetId]
            : [owner.timesheetId, owner.completedId];
        return ids.map((id) => ({
          route,
          url: route.url.replace(/:(\w+)/g, (_m, name: string) =>
            /combined/i.test(name) || route.url.includes("combined") ? `combined-${id}` : id,
          ),
          payload:
            route.method === "GET" || route.method === "DELETE"
              ? undefined
              : route.url.endsWith("one-step-completion")
                ? { timesheetData: signedWeek({ id }), supervisorRating: "happy" }
                : route.url.endsWith("/complete")
                  ? { status: "completed" }
                  : { id, company: "Intruder" },
        }));
      });
  }

  async function ownerRows() {
    return {
      timesheets: await database.db
        .selectFrom("forms")
        .selectAll()
        .where("kind", "=", "timesheet")
        .orderBy("id")
        .execute(),
      checkSheets: await database.db
        .selectFrom("forms")
        .selectAll()
        .where("kind", "=", "check-sheet")
        .orderBy("id")
        .execute(),
    };
  }

  it("answers another account's ids with 404 and never its data, changing nothing", async () => {
    const owner = await ownerWithForms();
    const intruder = await newAccount();
    const before = await ownerRows();
    const requests = formRequests(owner);
    expect(requests.length).toBeGreaterThanOrEqual(6);
    for (const { route, url, payload } of requests) {
      const res = await call(route.method as Method, url, { cookie: intruder.cookie, payload });
      const where = `${route.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.body, where).not.toContain(SECRET_COMPANY);
      expect(res.statusCode, where).toBeLessThan(500);
      if (route.url.includes(":")) {
        // One-step completion of someone else's id must not take it over: refused, whatever the wording.
        if (route.url.endsWith("one-step-completion"))
          expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
        else expect(res.statusCode, where).toBe(404);
      }
    }
    // The owner's forms are exactly as they were.
    const after = await ownerRows();
    const mine = (rows: Array<{ owner_id: string | null }>) => rows.filter((r) => r.owner_id !== null);
    const ownerId = before.timesheets.find((r) => r.id === owner.timesheetId)!.owner_id;
    expect(after.timesheets.filter((r) => r.owner_id === ownerId)).toEqual(
      before.timesheets.filter((r) => r.owner_id === ownerId),
    );
    expect(mine(after.checkSheets).filter((r) => r.owner_id === ownerId)).toEqual(
      mine(before.checkSheets).filter((r) => r.owner_id === ownerId),
    );
  });

  it("answers 401 without a session and with an expired one", async () => {
    const owner = await ownerWithForms();
    const requests = formRequests(owner).filter(({ route }) => !OPEN_TO_ANONYMOUS.test(route.url));
    expect(requests.length).toBeGreaterThanOrEqual(5);
    for (const { route, url, payload } of requests) {
      const res = await call(route.method as Method, url, { payload });
      expect(res.statusCode, `${route.method} ${url}`).toBe(401);
      expect(res.body).not.toContain(SECRET_COMPANY);
    }
    const started = clock;
    clock = new Date(clock.getTime() + 31 * 60_000);
    try {
      for (const { route, url, payload } of requests) {
        const res = await call(route.method as Method, url, { cookie: owner.cookie, payload });
        expect(res.statusCode, `${route.method} ${url}`).toBe(401);
        expect(res.body).not.toContain(SECRET_COMPANY);
      }
    } finally {
      clock = started;
    }
  });

  it("refuses every state-changing call from another origin with 403, changing nothing", async () => {
    const owner = await ownerWithForms();
    const before = await ownerRows();
    const writes = app.registeredRoutes.filter((r) => !["GET", "HEAD", "OPTIONS"].includes(r.method));
    expect(writes.length).toBeGreaterThan(10);
    for (const route of writes) {
      const url = route.url.replace(/:(\w+)/g, owner.timesheetId);
      for (const headers of [{ origin: "https://evil.example.net" }, { "sec-fetch-site": "cross-site" }]) {
        const res = await app.inject({
          method: route.method as Method,
          url,
          payload: { id: owner.timesheetId, company: "Intruder" },
          headers: { cookie: owner.cookie, ...headers },
        });
        expect(res.statusCode, `${route.method} ${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(await ownerRows()).toEqual(before);
  });

  it("takes PUBLIC_URL's origin as ours, never the Host a request names, and a proxy's forwarded host only behind TRUST_PROXY", async () => {
    const logout = (target: FastifyInstance, headers: Record<string, string>) =>
      target.inject({ method: "POST", url: "/api/drivers/logout", headers });
    const evil = { host: "evil.example.net", origin: "http://evil.example.net" };
    const forwardedEvil = { "x-forwarded-host": "evil.example.net", "x-forwarded-proto": "http" };
    expect((await logout(app, { origin: ORIGIN })).statusCode).toBe(204);
    // A page on another site whose request names that site as Host (a DNS rebinding, a proxy passing Host on).
    expect((await logout(app, evil)).statusCode).toBe(403);
    expect((await logout(app, { ...evil, ...forwardedEvil })).statusCode).toBe(403);
    expect((await logout(app, { origin: "null" })).statusCode).toBe(403);

    const proxied = await buildApp({
      config: loadConfig({ PUBLIC_URL: ORIGIN, TRUST_PROXY: "true" }),
      database,
      webRoot,
      logger: pino({ level: "silent" }),
      now: () => clock,
    });
    try {
      const viaProxy = { "x-forwarded-host": "sheets.example.co.uk", "x-forwarded-proto": "https" };
      expect((await logout(proxied, { origin: ORIGIN })).statusCode).toBe(204);
      expect(
        (await logout(proxied, { ...viaProxy, origin: "https://sheets.example.co.uk" })).statusCode,
      ).toBe(204);
      expect((await logout(proxied, { ...viaProxy, origin: "http://sheets.example.co.uk" })).statusCode).toBe(
        403,
      );
      expect((await logout(proxied, { ...viaProxy, origin: "https://evil.example.net" })).statusCode).toBe(
        403,
      );
      // Without the proxy's header, the Host alone is still no witness.
      expect((await logout(proxied, evil)).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it("counts failed logins per address too, with the same generic answer for every account", async () => {
    // A different email each time: only the per-address count can stop this.
    let last = await call("POST", "/api/drivers/login", {
      payload: { email: "nobody0@x.co.uk", password: "guess" },
    });
    for (let i = 1; i < 101 && last.statusCode === 401; i += 1) {
      last = await call("POST", "/api/drivers/login", {
        payload: { email: `nobody${i}@x.co.uk`, password: "guess" },
      });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe("Too many attempts. Please wait 1 second and try again.");
    // Each further failure from the address doubles its lock-out, whichever account it names.
    clock = new Date(clock.getTime() + 1000);
    const after = await call("POST", "/api/drivers/login", {
      payload: { email: "nobody-else@x.co.uk", password: "guess" },
    });
    expect(after.statusCode).toBe(401);
    const again = await call("POST", "/api/drivers/login", {
      payload: { email: "another-one@x.co.uk", password: "guess" },
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe("Too many attempts. Please wait 2 seconds and try again.");
    // The address's failures are forgotten a day after the last.
    clock = new Date(clock.getTime() + 24 * 60 * 60_000);
  }, 300_000);

  it("limits failed logins of an unknown email exactly like a real one, so neither reveals the account", async () => {
    const known = await newAccount();
    const answers = async (email: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        statuses.push(
          (await call("POST", "/api/drivers/login", { payload: { email, password: "wrong-one" } }))
            .statusCode,
        );
      }
      return statuses;
    };
    const real = await answers(known.email);
    const unknown = await answers(`unknown${randomUUID()}@x.co.uk`);
    expect(real).toEqual([...Array(10).fill(401), 429]);
    expect(unknown).toEqual(real);
    clock = new Date(clock.getTime() + 16 * 60_000);
  }, 300_000);

  it("takes as long to refuse an unknown email as a wrong password", async () => {
    const known = await newAccount();
    const time = async (email: string) => {
      const started = performance.now();
      const res = await call("POST", "/api/drivers/login", { payload: { email, password: "wrong-one" } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe("Invalid email or password.");
      return performance.now() - started;
    };
    const real: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      real.push(await time(known.email));
      unknown.push(await time(`ghost${i}@x.co.uk`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Without the dummy hash an unknown email answers in a fraction of the time of a real check.
    expect(median(unknown)).toBeGreaterThan(median(real) * 0.6);
    expect(median(real)).toBeGreaterThan(median(unknown) * 0.6);
    clock = new Date(clock.getTime() + 16 * 60_000);
  }, 300_000);

  it("rate limits registration and password reset requests", async () => {
    clock = new Date(clock.getTime() + 2 * 60 * 60_000);
    const registers: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await call("POST", "/api/drivers/register", {
        payload: { fullName: "Flood", email: `flood${i}-${randomUUID()}@x.co.uk` },
      });
      registers.push(res.statusCode);
    }
    expect(registers.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(registers[20]).toBe(429);

    const resets: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      resets.push(
        (await call("POST", "/api/drivers/reset-password", { payload: { email: "victim@x.co.uk" } }))
          .statusCode,
      );
    }
    expect(resets).toEqual([200, 200, 200, 200, 200, 429]);
    const perAddress: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      perAddress.push(
        (await call("POST", "/api/drivers/reset-password", { payload: { email: `r${i}@x.co.uk` } }))
          .statusCode,
      );
    }
    // Six hits were counted above, so the address's 20 run out on the 15th different email.
    expect(perAddress.indexOf(429)).toBe(14);
    clock = new Date(clock.getTime() + 2 * 60 * 60_000);
  }, 300_000);

  it("sends strict security headers on API answers, errors and pages; HSTS only behind https", async () => {
    for (const url of ["/api/health", "/api/no-such-thing", "/timesheet", "/api/timesheets"]) {
      const res = await app.inject({ method: "GET", url });
      const csp = String(res.headers["content-security-policy"]);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
      expect(scriptSrc, url).toContain("'self'");
      expect(scriptSrc, url).not.toContain("'unsafe-inline'");
      expect(scriptSrc, url).not.toMatch(/'unsafe-eval'|'unsafe-hashes'|\*/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
    }
    const https = await buildApp({
      config: loadConfig({ PUBLIC_URL: "https://sheets.example.co.uk" }),
      database,
      now: () => clock,
    });
    try {
      const res = await https.inject({ method: "GET", url: "/api/health" });
      expect(res.headers["strict-transport-security"]).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    } finally {
      await https.close();
    }
  });

  it("never puts a password, password hash or token in a log line or an API answer", async () => {
    logLines.length = 0;
    const answers: string[] = [];
    const secrets: string[] = [];
    const record = <T extends { body: string; statusCode: number }>(res: T): T => {
      answers.push(res.body);
      return res;
    };
    const email = `logs-${randomUUID()}@haulage.co.uk`;
    const passwords = ["first-Secret-1", "second-Secret-2", "third-Secret-3"];
    secrets.push(...passwords);
    const hashOf = async () =>
      (
        await database.db
          .selectFrom("accounts")
          .select("password_hash")
          .where("email", "=", email)
          .executeTakeFirstOrThrow()
      ).password_hash;
    const sessionToken = (res: { cookies: Array<{ name: string; value: string }> }) => {
      const token = res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
      secrets.push(token, hashToken(token));
      return `${SESSION_COOKIE}=${token}`;
    };

    record(await call("POST", "/api/drivers/register", { payload: { fullName: "Log Watcher", email } }));
    const [signUpToken] = await queuedSignUpTokens(database.db, email);
    expect(signUpToken).toBeDefined();
    secrets.push(signUpToken!, hashToken(signUpToken!));
    // The emailed sign-up link opens the web app, which asks whose account it makes: both addresses, with the
    // token, are logged as requests.
    record(await app.inject({ method: "GET", url: `/confirm-account?token=${signUpToken}` }));
    record(await app.inject({ method: "GET", url: `/api/drivers/register/confirm?token=${signUpToken}` }));
    const registered = record(
      await call("POST", "/api/drivers/register/confirm", {
        payload: { token: signUpToken, password: passwords[0] },
      }),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    let cookie = sessionToken(registered);
    secrets.push(await hashOf());
    record(await call("GET", "/api/drivers/me", { cookie }));
    record(await call("POST", "/api/timesheets", { cookie, payload: { company: "Logged Co" } }));
    cookie = sessionToken(
      record(await call("POST", "/api/drivers/login", { payload: { email, password: passwords[0] } })),
    );
    record(await call("POST", "/api/drivers/login", { payload: { email, password: "not-the-password" } }));

    record(await call("POST", "/api/drivers/reset-password", { payload: { email } }));
    const mail = await database.db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("to_addresses", "like", `%${email}%`)
      .where("subject", "=", "Reset your Plant Sheets password")
      .executeTakeFirstOrThrow();
    const resetToken = /token=([\w-]+)/.exec(mail.text_body ?? "")?.[1];
    expect(resetToken).toBeDefined();
    secrets.push(resetToken!, hashToken(resetToken!));
    // The emailed link opens the web app: the address with its token is logged as a request.
    record(await app.inject({ method: "GET", url: `/reset-password?token=${resetToken}` }));
    record(
      await call("POST", "/api/drivers/reset-password/confirm", {
        payload: { token: resetToken, newPassword: passwords[1], confirmPassword: passwords[1] },
      }),
    );
    secrets.push(await hashOf());
    cookie = sessionToken(
      record(await call("POST", "/api/drivers/login", { payload: { email, password: passwords[1] } })),
    );
    record(
      await call("POST", "/api/drivers/change-password", {
        cookie,
        payload: {
          email,
          currentPassword: passwords[1],
          newPassword: passwords[2],
          confirmPassword: passwords[2],
        },
      }),
    );
    secrets.push(await hashOf());
    record(await call("POST", "/api/drivers/logout", { cookie }));

    expect(logLines.length).toBeGreaterThan(10);
    expect(new Set(secrets).size).toBeGreaterThanOrEqual(10);
    for (const secret of secrets) {
      const leakedLog = logLines.find((line) => line.includes(secret));
      expect(leakedLog, "a log line carries a secret").toBeUndefined();
      const leakedAnswer = answers.find((body) => body.includes(secret));
      expect(leakedAnswer, "an answer carries a secret").toBeUndefined();
    }
  });
});
