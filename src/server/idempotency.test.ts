import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { SESSION_COOKIE } from "./auth/sessions";
import { loadConfig } from "./config";
import { testDatabases } from "./db/test-databases";
import type { PhotoStorage } from "./storage/photo-storage";
import { signedWeek } from "./test-support/signed-week";
import { ORIGIN, useTestApp } from "./test-support/test-app";

describe.each(testDatabases())("Idempotency-Key on $name", ({ open }) => {
  let clock = new Date("2025-06-07T15:00:00.000Z");
  const testApp = useTestApp(open, { now: () => clock });
  let email: string;
  let cookie: string;

  beforeAll(async () => {
    ({ email } = await testApp.newAccount());
    cookie = await signIn();
  });

  async function signIn(): Promise<string> {
    const res = await testApp.app.inject({
      method: "POST",
      url: "/api/drivers/login",
      headers: { origin: ORIGIN },
      payload: { email, password: "secret1" },
    });
    const session = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    return `${SESSION_COOKIE}=${session.value}`;
  }

  const post = (payload: object, key: string, as: string | null = cookie) =>
    testApp.app.inject({
      method: "POST",
      url: "/api/timesheets",
      payload,
      headers: { origin: ORIGIN, "idempotency-key": key, ...(as ? { cookie: as } : {}) },
    });

  async function storedCount(): Promise<number> {
    const row = await testApp.database.db
      .selectFrom("forms")
      .where("kind", "=", "timesheet")
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

  it("answers 409 while the first request with the key is still running, then replays its answer", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => {};
    const reachedStorage = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const stored = new Map<string, Buffer>();
    // Storage that holds the first upload until the test lets it go: the request is provably still running.
    const slowStorage: PhotoStorage = {
      put: async (key, bytes) => {
        reached();
        await gate;
        stored.set(key, bytes);
      },
      get: async (key) => stored.get(key) ?? Buffer.alloc(0),
      size: async (key) => stored.get(key)?.length ?? null,
      delete: async (key) => void stored.delete(key),
    };
    const slowApp = await buildApp({
      config: loadConfig({ PUBLIC_URL: ORIGIN }),
      database: testApp.database,
      now: () => clock,
      photoStorage: slowStorage,
    });
    try {
      const slot = await slowApp.inject({
        method: "POST",
        url: "/api/objects/upload",
        headers: { origin: ORIGIN },
      });
      const uploadPath = new URL(slot.json().uploadURL as string).pathname;
      const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(512, 7)]);
      const key = randomUUID();
      const put = () =>
        slowApp.inject({
          method: "PUT",
          url: uploadPath,
          payload: jpeg,
          headers: { origin: ORIGIN, "content-type": "image/jpeg", "idempotency-key": key },
        });
      const first = put();
      await reachedStorage;
      const during = await put();
      expect(during.statusCode).toBe(409);
      release();
      const done = await first;
      expect(done.statusCode).toBe(200);
      const after = await put();
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual(done.json());
      expect(after.headers["idempotent-replayed"]).toBe("true");
    } finally {
      release();
      await slowApp.close();
    }
  });

  it("makes one form and one set of mails of three concurrent completions with one key", async () => {
    const key = randomUUID();
    const id = randomUUID();
    const recipients = ["one@buildco.co.uk", "two@buildco.co.uk"];
    const body = {
      timesheetData: signedWeek({ id, submissionEmails: recipients }),
      supervisorRating: "happy",
    };
    const complete = () =>
      testApp.app.inject({
        method: "POST",
        url: "/api/timesheets/one-step-completion",
        payload: body,
        headers: { origin: ORIGIN, cookie, "idempotency-key": key },
      });
    const answers = await Promise.all([complete(), complete(), complete()]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const winner = answers.find((a) => a.statusCode === 200)!;
    expect(winner.json()).toMatchObject({ success: true, id });
    const replay = await complete();
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(winner.body);

    const forms = await testApp.database.db.selectFrom("forms").select("id").where("id", "=", id).execute();
    expect(forms).toHaveLength(1);
    const mails = await testApp.database.db.selectFrom("mail_outbox").select("to_addresses").execute();
    for (const to of recipients) {
      expect(mails.filter((m) => (JSON.parse(m.to_addresses) as string[]).includes(to))).toHaveLength(1);
    }
  });

  it("refuses a malformed key", async () => {
    expect((await post({ company: "Acme" }, "short")).statusCode).toBe(400);
  });
});
