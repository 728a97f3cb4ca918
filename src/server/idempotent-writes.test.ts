import { randomUUID } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "./auth/sessions";
import { seedSampleData } from "./db/seed";
import { testDatabases } from "./db/test-databases";
import { signedWeek } from "./test-support/signed-week";
import { ORIGIN, useTestApp } from "./test-support/test-app";

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1024, 7)]);

/**
 * Every POST and PUT the web app can queue offline, sent twice with one Idempotency-Key as a phone does when
 * the first answer is lost: the replay gets the first answer and nothing happens twice.
 */
describe.each(testDatabases())("idempotent replays of every write on $name", ({ open }) => {
  const testApp = useTestApp(open, {
    now: () => new Date("2025-06-07T15:00:00.000Z"),
    prepare: seedSampleData,
  });
  const { drainOutbox: drainMail } = testApp;
  let cookie: string;
  /** The address of the driver signed up last. */
  let email: string;

  beforeAll(async () => {
    cookie = await register();
  });
  beforeEach(async () => {
    await drainMail();
  });

  async function register(): Promise<string> {
    const account = await testApp.newAccount();
    email = account.email;
    return account.cookie;
  }

  function send(
    method: "POST" | "PUT",
    url: string,
    payload: InjectOptions["payload"],
    key: string,
    options: { as?: string | null; contentType?: string } = {},
  ): Promise<LightMyRequestResponse> {
    const as = options.as === undefined ? cookie : options.as;
    return testApp.app.inject({
      method,
      url,
      payload,
      headers: {
        origin: ORIGIN,
        "idempotency-key": key,
        ...(as ? { cookie: as } : {}),
        ...(options.contentType ? { "content-type": options.contentType } : {}),
      },
    });
  }

  /** Sends the same request twice under one key; the second must be the stored first answer. */
  async function twice(...args: Parameters<typeof send>) {
    const first = await send(...args);
    const replay = await send(...args);
    expect(first.statusCode, first.body).toBeLessThan(300);
    expect(replay.statusCode).toBe(first.statusCode);
    expect(replay.body).toBe(first.body);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    return first;
  }

  async function stored(id: string) {
    return testApp.database.db.selectFrom("forms").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async function count(table: "forms" | "photos"): Promise<number> {
    const row = await testApp.database.db
      .selectFrom(table)
      .select(({ fn }) => fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  for (const collection of ["/api/timesheets", "/api/check-sheets"] as const) {
    it(`creates one form row for a replayed POST ${collection}`, async () => {
      const before = await count("forms");
      const first = await twice("POST", collection, { company: "Acme" }, randomUUID());
      expect(first.statusCode).toBe(201);
      expect(await count("forms")).toBe(before + 1);
    });

    it(`does not undo a later edit when an old PUT ${collection}/{id} is replayed`, async () => {
      const id = randomUUID();
      expect((await send("POST", collection, { id, company: "First" }, randomUUID())).statusCode).toBe(201);
      const oldKey = randomUUID();
      await twice("PUT", `${collection}/${id}`, { company: "Second" }, oldKey);
      expect((await send("PUT", `${collection}/${id}`, { company: "Third" }, randomUUID())).statusCode).toBe(
        200,
      );
      const replay = await send("PUT", `${collection}/${id}`, { company: "Second" }, oldKey);
      expect(replay.headers["idempotent-replayed"]).toBe("true");
      const data = (await stored(id))?.data;
      expect((typeof data === "string" ? JSON.parse(data) : data).company).toBe("Third");
    });
  }

  /** A new week sent in one step without an account, rated happy. */
  const anonymousWeek = () => ({
    timesheetData: signedWeek({ id: randomUUID() }),
    supervisorRating: "happy",
    supervisorNotes: "",
  });

  it("mails an anonymous one-step timesheet once however often it is replayed", async () => {
    const key = randomUUID();
    const body = anonymousWeek();
    for (let i = 0; i < 5; i++) {
      const res = await send("POST", "/api/timesheets/one-step-completion", body, key, { as: null });
      expect(res.statusCode).toBe(200);
    }
    expect(await drainMail()).toHaveLength(1);
  });

  it("mails an account holder's one-step timesheet once and keeps one form", async () => {
    const id = randomUUID();
    const before = await count("forms");
    const body = { timesheetData: signedWeek({ id }), supervisorRating: "okay", supervisorNotes: "" };
    await twice("POST", "/api/timesheets/one-step-completion", body, randomUUID());
    // Once to the client, once as the account holder's copy.
    expect(await drainMail()).toHaveLength(2);
    expect(await count("forms")).toBe(before + 1);
  });

  it("hands out one upload slot and takes the photo once", async () => {
    const before = await count("photos");
    const slot = await twice("POST", "/api/objects/upload", undefined, randomUUID());
    expect(await count("photos")).toBe(before + 1);
    const { uploadURL, photoURL } = slot.json();
    // Without a key the used URL says it has expired; with the first key the answer is the photo's address.
    const put = await twice("PUT", new URL(uploadURL).pathname, JPEG, randomUUID(), {
      contentType: "image/jpeg",
    });
    expect(put.json()).toEqual({ photoURL });
  });

  it("answers a replayed order-number check the same", async () => {
    const res = await twice(
      "POST",
      "/api/customers/pennine-groundworks/validate-order",
      { orderNumber: "p-1234" },
      randomUUID(),
    );
    expect(res.json().valid).toBe(true);
  });

  it("sends one reset email and confirms a reset link once", async () => {
    await twice("POST", "/api/drivers/reset-password", { email }, randomUUID(), { as: null });
    const mails = await drainMail();
    expect(mails).toHaveLength(1);
    const token = /token=([\w-]+)/.exec(mails[0]?.text ?? "")?.[1];
    await twice(
      "POST",
      "/api/drivers/reset-password/confirm",
      { token, newPassword: "fresh-pass" },
      randomUUID(),
      { as: null },
    );
  });

  it("answers a replayed password change with the first answer", async () => {
    const session = await register();
    const body = { email, currentPassword: "secret1", newPassword: "second1" };
    await twice("POST", "/api/drivers/change-password", body, randomUUID(), { as: session });
  });

  it("never stores an answer that sets a session cookie: a replayed login signs in afresh", async () => {
    await register();
    const body = { email, password: "secret1" };
    const key = randomUUID();
    const first = await send("POST", "/api/drivers/login", body, key, { as: null });
    const again = await send("POST", "/api/drivers/login", body, key, { as: null });
    for (const res of [first, again]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["idempotent-replayed"]).toBeUndefined();
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBeTruthy();
    }
    const rows = await testApp.database.db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("key", "=", key)
      .execute();
    expect(rows).toEqual([]);
  });

  it("tells a replay that arrives while the first still runs to retry, with Retry-After", async () => {
    const key = randomUUID();
    const body = anonymousWeek();
    const answers = await Promise.all(
      [1, 2, 3].map(() => send("POST", "/api/timesheets/one-step-completion", body, key, { as: null })),
    );
    const waiting = answers.filter((a) => a.statusCode === 409);
    for (const answer of waiting) {
      expect(answer.json().code).toBe("in_progress");
      expect(answer.headers["retry-after"]).toBe("2");
    }
    expect(answers.filter((a) => a.statusCode === 200).length + waiting.length).toBe(3);
    expect(await drainMail()).toHaveLength(1);
  });
});
