import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { SESSION_COOKIE } from "../auth/sessions";
import { loadConfig } from "../config";
import type { Database } from "../db/database";
import { testDatabases } from "../db/test-databases";
import { PHOTOS, signedCheckSheet } from "../pdf/pdf-fixtures";
import { signUp } from "../test-support/sign-up";

const ORIGIN = "http://sheets.test";
const NOW = new Date("2025-06-04T15:00:00.000Z");

describe.each(testDatabases())("who may see a photo, on $name", ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;
  let drivers = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "plant-sheets-photo-access-"));
    database = await open();
    app = await buildApp({
      config: loadConfig({ PUBLIC_URL: ORIGIN, DATA_DIR: dataDir }),
      database,
      now: () => NOW,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function newDriver(): Promise<string> {
    drivers += 1;
    const res = await signUp(app, {
      remoteAddress: `10.9.0.${drivers}`,
      headers: { origin: ORIGIN },
      payload: {
        fullName: `Driver ${drivers}`,
        email: `photo-driver${drivers}@haulage.co.uk`,
        password: "secret1",
      },
    });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!cookie) throw new Error(`register failed: ${res.body}`);
    return `${SESSION_COOKIE}=${cookie.value}`;
  }

  const call = (method: "GET" | "POST" | "PUT", url: string, cookie?: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });

  async function upload(cookie?: string): Promise<string> {
    const slot = (await call("POST", "/api/objects/upload", cookie)).json();
    const photo = PHOTOS[0]!;
    const res = await app.inject({
      method: "PUT",
      url: new URL(slot.uploadURL).pathname,
      payload: Buffer.from(photo.data),
      headers: { origin: ORIGIN, "content-type": photo.contentType },
    });
    expect(res.statusCode).toBe(200);
    return slot.photoURL;
  }

  const completion = (id: string, photo: string) => ({
    checkSheetData: {
      ...signedCheckSheet("2025-06-04", { photos: [photo] }),
      id,
      submitViaEmail: true,
      submissionEmails: ["site.office@buildco.co.uk"],
    },
    supervisorRating: "happy",
    supervisorNotes: "",
  });

  async function viewTokenOf(id: string): Promise<string> {
    const row = await database.db
      .selectFrom("forms")
      .select("view_token")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return row.view_token!;
  }

  it("shows a kept form's photo to its owner and through its emailed link, to nobody else", async () => {
    const owner = await newDriver();
    const stranger = await newDriver();
    const photo = await upload(owner);
    // Before it is on a form, only the account that uploaded it sees it.
    expect((await call("GET", photo)).statusCode).toBe(404);
    expect((await call("GET", photo, owner)).statusCode).toBe(200);

    const id = randomUUID();
    const done = await call("POST", "/api/one-step-completion/check-sheet", owner, completion(id, photo));
    expect(done.statusCode, done.body).toBe(200);
    const token = await viewTokenOf(id);

    expect((await call("GET", photo, owner)).statusCode).toBe(200);
    expect((await call("GET", `${photo}?token=${token}`)).statusCode).toBe(200);
    expect((await call("GET", photo)).statusCode).toBe(404);
    expect((await call("GET", photo, stranger)).statusCode).toBe(404);
    expect((await call("GET", `${photo}?token=${"x".repeat(43)}`)).statusCode).toBe(404);

    // The token of another form shows that form's photos, not this one's.
    const otherId = randomUUID();
    const otherPhoto = await upload(stranger);
    await call("POST", "/api/one-step-completion/check-sheet", stranger, completion(otherId, otherPhoto));
    const otherToken = await viewTokenOf(otherId);
    expect((await call("GET", `${photo}?token=${otherToken}`)).statusCode).toBe(404);
    expect((await call("GET", `${otherPhoto}?token=${otherToken}`)).statusCode).toBe(200);
  });

  it("keeps nothing of an anonymous form: its photo is gone once the form is completed", async () => {
    const photo = await upload();
    // The phone that uploaded it shows it while the form is filled in: only it was given the address.
    expect((await call("GET", photo)).statusCode).toBe(200);
    const done = await call(
      "POST",
      "/api/one-step-completion/check-sheet",
      undefined,
      completion(randomUUID(), photo),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect((await call("GET", photo)).statusCode).toBe(404);
    const rows = await database.db
      .selectFrom("photos")
      .select("id")
      .where("id", "=", photo.split("/").pop()!)
      .execute();
    expect(rows).toEqual([]);
  });
});
