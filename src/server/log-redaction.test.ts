import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import type { Database } from "./db/database";
import { testDatabases } from "./db/test-databases";
import { redactUrl } from "./log-redaction";
import { queuedSignUpTokens } from "./test-support/sign-up";
import { queuedWorkshopTokens } from "./test-support/workshop";

const ORIGIN = "http://sheets.test";
const token = () => randomBytes(32).toString("base64url");

/** Every kind of secret an address carries, by name, with where it rides. */
const TOKEN_KINDS: ReadonlyArray<{ kind: string; url: (secret: string) => string }> = [
  { kind: "upload token (path)", url: (t) => `/api/uploads/${t}` },
  { kind: "view token on the read-only page", url: (t) => `/completed-form/f-1?token=${t}` },
  { kind: "view token on the read-only answer", url: (t) => `/api/completed-forms/f-1?token=${t}` },
  { kind: "image-access token", url: (t) => `/api/images/${"a".repeat(64)}?token=${t}` },
  { kind: "photo view token", url: (t) => `/api/photos/0b7c1f9e-6a51-4c4b-9a43-1f0d8c6f9e21?token=${t}` },
  { kind: "reset token", url: (t) => `/reset-password?token=${t}` },
  { kind: "sign-up confirmation token", url: (t) => `/confirm-account?token=${t}` },
  { kind: "invitation or join code token on its page", url: (t) => `/join?token=${t}` },
  { kind: "invitation or join code token on its look-up", url: (t) => `/api/invites?token=${t}` },
  { kind: "workshop confirmation token on its page", url: (t) => `/confirm-workshop?token=${t}` },
  {
    kind: "workshop confirmation token on its look-up",
    url: (t) => `/api/workshop-confirmation?token=${t}`,
  },
];

describe("redactUrl", () => {
  it.each(TOKEN_KINDS)("removes the $kind", ({ url }) => {
    const secret = token();
    const redacted = redactUrl(url(secret));
    expect(redacted).not.toContain(secret);
    expect(redacted).toContain("[redacted]");
  });

  it("removes a token wherever it stands among the parameters, and however its name is spelt", () => {
    const secret = token();
    for (const url of [
      `/api/images/x?size=2&token=${secret}&v=1`,
      `/api/images/x?TOKEN=${secret}`,
      `/api/images/x?%74oken=${secret}`,
      `/api/images/x?a=1;token=${secret}`,
      `/reset-password?token=${secret}#top`,
      `/api/uploads/${secret}?token=${secret}`,
    ]) {
      expect(redactUrl(url), url).not.toContain(secret);
    }
  });

  it("keeps everything that is not a secret", () => {
    expect(redactUrl("/api/timesheets?status=draft&limit=2")).toBe("/api/timesheets?status=draft&limit=2");
    expect(redactUrl("/api/uploads")).toBe("/api/uploads");
    expect(redactUrl("/api/images/abc?token=t1&size=2")).toBe("/api/images/abc?token=[redacted]&size=2");
    expect(redactUrl("/api/uploads/abc")).toBe("/api/uploads/[redacted]");
  });
});

describe.each(testDatabases())("no secret in the request log on $name", ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "plant-sheets-log-"));
    database = await open();
    const logger = pino({ level: "trace" }, { write: (line: string) => void logLines.push(line) });
    app = await buildApp({
      config: loadConfig({ PUBLIC_URL: ORIGIN, DATA_DIR: dataDir }),
      database,
      logger,
      now: () => new Date(),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each(TOKEN_KINDS)("logs the request of a $kind without the token", async ({ url }) => {
    const secret = token();
    logLines.length = 0;
    await app.inject({ method: url(secret).startsWith("/api/uploads/") ? "PUT" : "GET", url: url(secret) });
    const path = url(secret).split(/[?]/)[0]!.replace(secret, "");
    expect(
      logLines.some((line) => line.includes(path)),
      "the request is logged",
    ).toBe(true);
    expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
  });

  it("logs a real upload, reset, sign-up and workshop confirmation without their tokens", async () => {
    logLines.length = 0;
    const secrets: string[] = [];
    // Upload: the URL handed out, then the photo put to it.
    const slot = await app.inject({
      method: "POST",
      url: "/api/objects/upload",
      headers: { origin: ORIGIN },
    });
    const uploadPath = new URL((slot.json() as { uploadURL: string }).uploadURL).pathname;
    secrets.push(uploadPath.split("/").pop()!);
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer();
    const put = await app.inject({
      method: "PUT",
      url: uploadPath,
      payload: jpeg,
      headers: { origin: ORIGIN, "content-type": "image/jpeg" },
    });
    expect(put.statusCode).toBe(200);

    // Sign-up: the link's page, then its confirmation.
    const email = `logged-${token().slice(0, 8)}@haulage.co.uk`;
    await app.inject({
      method: "POST",
      url: "/api/drivers/register",
      payload: { fullName: "Logged Driver", email },
      headers: { origin: ORIGIN },
    });
    const [signUpToken] = await queuedSignUpTokens(database.db, email);
    secrets.push(signUpToken!);
    await app.inject({ method: "GET", url: `/confirm-account?token=${signUpToken}` });
    await app.inject({ method: "GET", url: `/api/drivers/register/confirm?token=${signUpToken}` });
    const made = await app.inject({
      method: "POST",
      url: "/api/drivers/register/confirm",
      payload: { token: signUpToken, password: "secret12" },
      headers: { origin: ORIGIN },
    });
    expect(made.statusCode).toBe(201);

    // A workshop address's link: its page, its look-up, then the confirmation (the token in the body).
    const cookie = made.headers["set-cookie"]!.toString().split(";")[0]!;
    const company = await app.inject({
      method: "POST",
      url: "/api/organisations",
      payload: { name: "Logged Plant Ltd" },
      headers: { origin: ORIGIN, cookie },
    });
    const workshop = `yard-${token().slice(0, 8)}@haulage.co.uk`;
    await app.inject({
      method: "PUT",
      url: `/api/organisations/${(company.json() as { id: string }).id}/workshop`,
      payload: { email: workshop },
      headers: { origin: ORIGIN, cookie },
    });
    const [workshopToken] = await queuedWorkshopTokens(database.db, workshop);
    secrets.push(workshopToken!);
    await app.inject({ method: "GET", url: `/confirm-workshop?token=${workshopToken}` });
    await app.inject({ method: "GET", url: `/api/workshop-confirmation?token=${workshopToken}` });
    const confirmed = await app.inject({
      method: "POST",
      url: "/api/workshop-confirmation",
      payload: { token: workshopToken },
      headers: { origin: ORIGIN },
    });
    expect(confirmed.statusCode).toBe(200);

    // Reset: the link's page.
    await app.inject({
      method: "POST",
      url: "/api/drivers/reset-password",
      payload: { email },
      headers: { origin: ORIGIN },
    });
    const mail = await database.db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("subject", "=", "Reset your Plant Sheets password")
      .where("to_addresses", "like", `%${email}%`)
      .executeTakeFirstOrThrow();
    const resetToken = /token=([\w-]+)/.exec(mail.text_body ?? "")?.[1];
    secrets.push(resetToken!);
    await app.inject({ method: "GET", url: `/reset-password?token=${resetToken}` });

    expect(secrets.every((secret) => secret.length >= 40)).toBe(true);
    expect(logLines.some((line) => line.includes("/api/uploads/[redacted]"))).toBe(true);
    for (const secret of secrets) expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
  });
});
