import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import { buildApp } from "../app";
import { SESSION_COOKIE } from "../auth/sessions";
import { loadConfig } from "../config";
import type { Database } from "../db/database";
import { claimBatch } from "../db/outbox-repository";
import type { DB } from "../db/schema";
import type { TestDatabase } from "../db/test-databases";
import { PHOTOS } from "../pdf/pdf-fixtures";
import { uploadTestPhoto } from "../routes/upload-test-photo";
import { signUp } from "./sign-up";

/** The address the test app is served from; every request it is sent comes from there. */
export const ORIGIN = "http://sheets.test";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface TestAppOptions {
  /** The app's clock. */
  now: () => Date;
  /** More of the app's settings, read once the tests start (those of a storage service started for them, say). */
  env?: () => Record<string, string | undefined>;
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
  /** A file posted as the app's page sends one the admin picked: as it is, as text/csv. */
  postCsv(url: string, cookie: string | undefined, file: string | Buffer): Promise<LightMyRequestResponse>;
  /** Signs a new driver up, each from an address of their own: their session cookie and email. */
  newAccount(): Promise<{ cookie: string; email: string }>;
  /** As `newAccount`, but answers the session cookie alone. */
  newDriver(): Promise<string>;
  /** Saves a new draft of `kind` for the driver of `cookie`: its id. */
  createDraft(kind: "timesheets" | "check-sheets", cookie: string, body: object): Promise<string>;
  /** Uploads a photo as the browser does, a phone's JPEG unless given other bytes: the URL a form lists it by. */
  uploadPhoto(cookie?: string, bytes?: Buffer): Promise<string>;
  /** The token of a form's read-only view link. */
  viewTokenOf(formId: string): Promise<string>;
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
      config: loadConfig({ PUBLIC_URL: ORIGIN, DATA_DIR: dataDir, ...options.env?.() }),
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
    postCsv: (url, cookie, file) =>
      fixture.app.inject({
        method: "POST",
        url,
        payload: file,
        headers: {
          origin: ORIGIN,
          "content-type": "text/csv",
          ...options.headers,
          ...(cookie ? { cookie } : {}),
        },
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
    async createDraft(kind, cookie, body) {
      const id = randomUUID();
      const res = await fixture.call("POST", `/api/${kind}`, cookie, { id, ...body });
      expect(res.statusCode, res.body).toBe(201);
      return id;
    },
    uploadPhoto: (cookie, bytes = Buffer.from(PHOTOS[0]!.data)) =>
      uploadTestPhoto(fixture.app, { origin: ORIGIN, bytes, cookie }),
    async viewTokenOf(formId) {
      const row = await fixture.database.db
        .selectFrom("forms")
        .select("view_token")
        .where("id", "=", formId)
        .executeTakeFirstOrThrow();
      if (!row.view_token) throw new Error("no view token");
      return row.view_token;
    },
    drainOutbox: () => claimBatch(fixture.database.db, "test", 100, new Date("2030-01-01T00:00:00Z")),
  };
  return fixture;
}
