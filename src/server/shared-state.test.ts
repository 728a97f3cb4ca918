import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { SESSION_COOKIE } from "./auth/sessions";
import { loadConfig } from "./config";
import type { Database } from "./db/database";
import { testDatabases } from "./db/test-databases";
import { signUp } from "./test-support/sign-up";

const ORIGIN = "http://sheets.test";

// Two apps on one database stand for two instances behind a load balancer: whatever one knows, the other must too.
describe.each(testDatabases())("state shared by instances on $name", ({ open }) => {
  let database: Database;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let clock: Date;

  beforeAll(async () => {
    database = await open();
    clock = new Date("2025-06-07T08:00:00.000Z");
    const make = () => buildApp({ config: loadConfig({ PUBLIC_URL: ORIGIN }), database, now: () => clock });
    first = await make();
    second = await make();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  const call = (
    app: FastifyInstance,
    method: "GET" | "POST",
    url: string,
    headers: object = {},
    payload?: object,
  ) => app.inject({ method, url, payload, headers: { origin: ORIGIN, ...headers } });

  it("honours a session started on the other instance, and ends it everywhere", async () => {
    const res = await signUp(first, {
      headers: { origin: ORIGIN },
      payload: { fullName: "Sam Shared", email: "sam@haulage.co.uk", password: "secret12" },
    });
    const token = res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const cookie = `${SESSION_COOKIE}=${token}`;
    expect((await call(second, "GET", "/api/drivers/me", { cookie })).statusCode).toBe(200);
    expect((await call(second, "POST", "/api/drivers/logout", { cookie })).statusCode).toBe(204);
    expect((await call(first, "GET", "/api/drivers/me", { cookie })).statusCode).toBe(401);
  });

  it("replays an Idempotency-Key first used on the other instance", async () => {
    const login = await call(
      first,
      "POST",
      "/api/drivers/login",
      {},
      {
        email: "sam@haulage.co.uk",
        password: "secret12",
      },
    );
    const cookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    const key = randomUUID();
    const body = { company: "Shared Co" };
    const made = await call(first, "POST", "/api/timesheets", { cookie, "idempotency-key": key }, body);
    expect(made.statusCode).toBe(201);
    const replay = await call(second, "POST", "/api/timesheets", { cookie, "idempotency-key": key }, body);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(made.json());
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    const other = await call(
      second,
      "POST",
      "/api/timesheets",
      { cookie, "idempotency-key": key },
      { company: "X" },
    );
    expect(other.statusCode).toBe(422);
  });

  it("counts failed logins across instances", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const app = i % 2 === 0 ? first : second;
      const res = await call(
        app,
        "POST",
        "/api/drivers/login",
        {},
        { email: "sam@haulage.co.uk", password: "wrong" },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});
