import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { SESSION_COOKIE } from "./auth/sessions";
import { loadConfig } from "./config";
import type { Database } from "./db/database";
import { testDatabases } from "./db/test-databases";

const ORIGIN = "http://sheets.test";

describe.each(testDatabases())("Idempotency-Key on $name", ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let clock: Date;
  let cookie: string;

  beforeAll(async () => {
    database = await open();
    clock = new Date("2025-06-07T15:00:00.000Z");
    app = await buildApp({ config: loadConfig({ PUBLIC_URL: ORIGIN }), database, now: () => clock });
    await app.inject({
      method: "POST",
      url: "/api/drivers/register",
      headers: { origin: ORIGIN },
      payload: { fullName: "Ida Empotent", email: "ida@haulage.co.uk", password: "secret1" },
    });
    cookie = await signIn();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function signIn(): Promise<string> {
    const res = await app.inject({
      method: "POST",
      url: "/api/drivers/login",
      headers: { origin: ORIGIN },
      payload: { email: "ida@haulage.co.uk", password: "secret1" },
    });
    const session = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    return `${SESSION_COOKIE}=${session.value}`;
  }

  const post = (payload: object, key: string, as: string | null = cookie) =>
    app.inject({
      method: "POST",
      url: "/api/timesheets",
      payload,
      headers: { origin: ORIGIN, "idempotency-key": key, ...(as ? { cookie: as } : {}) },
    });

  async function storedCount(): Promise<number> {
    const row = await database.db
      .selectFrom("timesheets")
      .select(({ fn }) => fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it("answers a replay with the first answer and runs nothing again", async () => {
    const key = randomUUID();
    const body = { company: "Acme" };
    const first = await post(body, key);
    expect(first.statusCode).toBe(201);
    const count = await storedCount();
    const replay = await post(body, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(await storedCount()).toBe(count);
  });

  it("refuses the same key with a different body with 422", async () => {
    const key = randomUUID();
    expect((await post({ company: "Acme" }, key)).statusCode).toBe(201);
    const other = await post({ company: "Other" }, key);
    expect(other.statusCode).toBe(422);
  });

  it("keeps keys apart per caller", async () => {
    const key = randomUUID();
    expect((await post({ company: "Acme" }, key)).statusCode).toBe(201);
    // The same key from someone else is their own key: it runs (and is refused for having no account).
    expect((await post({ company: "Acme" }, key, null)).statusCode).toBe(401);
  });

  it("lets a failed request be retried with the same key", async () => {
    const key = randomUUID();
    const bad = await post({ mondayStart: "99:99" }, key);
    expect(bad.statusCode).toBe(400);
    expect((await post({ mondayStart: "99:99" }, key)).statusCode).toBe(400);
    expect((await post({ mondayStart: "07:00" }, key)).statusCode).toBe(201);
  });

  it("forgets keys after 24 hours", async () => {
    const key = randomUUID();
    const first = await post({ company: "Acme" }, key);
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 + 1);
    cookie = await signIn(); // the session from a day ago has long expired
    const later = await post({ company: "Acme" }, key);
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("makes one row of three concurrent replays", async () => {
    const key = randomUUID();
    const before = await storedCount();
    const answers = await Promise.all([1, 2, 3].map(() => post({ company: "Burst" }, key)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(await storedCount()).toBe(before + 1);
  });

  it("refuses a malformed key", async () => {
    expect((await post({ company: "Acme" }, "short")).statusCode).toBe(400);
  });
});
