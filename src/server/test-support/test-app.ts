import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../app";
import { SESSION_COOKIE } from "../auth/sessions";
import { loadConfig } from "../config";
import type { Database } from "../db/database";
import { claimBatch } from "../db/outbox-repository";
import type { DB } from "../db/schema";
import type { TestDatabase } from "../db/test-databases";
import { signUp } from "./sign-up";

/** The address the test app is served from; every request it is sent comes from there. */
export const ORIGIN = "http://sheets.test";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface TestAppOptions {
  /** The app's clock. */
  now: () => Date;
  /** Sent with every request of `call`, beside the origin (a user agent, say). */
  headers?: Record<string, string>;
  /** Runs on the new database before the app is built (sample data, say). */
  prepare?: (db: Kysely<DB>) => Promise<unknown>;
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: Database;
  /** A request from the app's own page, signed in when given a cookie. */
  call(method: Method, url: string, cookie?: string, payload?: object): Promise<LightMyRequestResponse>;
  /** Signs a new driver up, each from an address of their own: their session cookie and email. */
  newAccount(): Promise<{ cookie: string; email: string }>;
  /** As `newAccount`, but answers the session cookie alone. */
  newDriver(): Promise<string>;
  /** Takes every queued mail out of the outbox, as a worker would: what it took. */
  drainOutbox(): ReturnType<typeof claimBatch>;
}

/**
 * The app on a fresh database of `open`, with a data folder of its own, for the tests of the enclosing
 * `describe`: built before them, closed and deleted after them.
 */
export function useTestApp(open: TestDatabase["open"], options: TestAppOptions): TestApp {
  let app: FastifyInstance | undefined;
  let database: Database | undefined;
  let dataDir: string | undefined;
  let drivers = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "plant-sheets-app-"));
    database = await open();
    await options.prepare?.(database.db);
    app = await buildApp({
      config: loadConfig({ PUBLIC_URL: ORIGIN, DATA_DIR: dataDir }),
      database,
      now: options.now,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const fixture: TestApp = {
    get app() {
      if (!app) throw new Error("the app is built before the tests run");
      return app;
    },
    get database() {
      if (!database) throw new Error("the database is opened before the tests run");
      return database;
    },
    call: (method, url, cookie, payload) =>
      fixture.app.inject({
        method,
        url,
        payload,
        headers: { origin: ORIGIN, ...options.headers, ...(cookie ? { cookie } : {}) },
      }),
    async newAccount() {
      drivers += 1;
      const email = `driver${drivers}@haulage.co.uk`;
      const res = await signUp(fixture.app, {
        // Registrations are limited per address; each test driver comes from its own.
        remoteAddress: `10.0.${Math.floor(drivers / 250)}.${drivers % 250}`,
        headers: { origin: ORIGIN },
        payload: { fullName: `Driver ${drivers}`, email, password: "secret1" },
      });
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
      if (!cookie) throw new Error(`register failed: ${res.body}`);
      return { cookie: `${SESSION_COOKIE}=${cookie.value}`, email };
    },
    newDriver: async () => (await fixture.newAccount()).cookie,
    drainOutbox: () => claimBatch(fixture.database.db, "test", 100, new Date("2030-01-01T00:00:00Z")),
  };
  return fixture;
}
