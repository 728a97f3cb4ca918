import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { SESSION_COOKIE } from "../auth/sessions";
import { loadConfig } from "../config";
import type { Database } from "../db/database";
import { claimBatch } from "../db/outbox-repository";
import { testDatabases } from "../db/test-databases";

function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error("no session cookie set");
  return `${SESSION_COOKIE}=${cookie.value}`;
}

describe.each(testDatabases())("driver accounts on $name", ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let clock: Date;
  let email: string;
  let counter = 0;

  beforeAll(async () => {
    database = await open();
    app = await buildApp({
      config: loadConfig({ PUBLIC_URL: "http://sheets.test" }),
      database,
      now: () => clock,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    // Every test starts at the same moment, so failed logins of one (all from 127.0.0.1) must not carry over.
    await database.db.deleteFrom("login_failures").execute();
    clock = new Date("2025-06-02T07:00:00.000Z");
    counter += 1;
    email = `driver${counter}@haulage.co.uk`;
  });

  const register = (body: object, headers: Record<string, string> = {}) =>
    app.inject({ method: "POST", url: "/api/drivers/register", payload: body, headers });
  const login = (body: object) => app.inject({ method: "POST", url: "/api/drivers/login", payload: body });
  const me = (cookie: string) => app.inject({ method: "GET", url: "/api/drivers/me", headers: { cookie } });

  it("registers, answers with the name and signs the driver in with an httpOnly, SameSite=Lax cookie", async () => {
    const res = await register({ fullName: "Dave Digger", email, password: "secret1" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fullName: "Dave Digger", email });
    expect(res.body).not.toMatch(/argon2|password/i);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.secure).toBeFalsy();
    const who = await me(sessionCookie(res));
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ fullName: "Dave Digger", email });
  });

  it("keeps emails unique regardless of case", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    const again = await register({ fullName: "B", email: email.toUpperCase(), password: "secret2" });
    expect(again.statusCode).toBe(409);
    const byUpper = await login({ email: `  ${email.toUpperCase()} `, password: "secret1" });
    expect(byUpper.statusCode).toBe(200);
  });

  it("refuses incomplete or malformed registrations", async () => {
    expect((await register({ fullName: "", email, password: "secret1" })).statusCode).toBe(400);
    expect((await register({ fullName: "A", email: "not-an-email", password: "secret1" })).statusCode).toBe(
      400,
    );
    expect((await register({ fullName: "A", email, password: "12345" })).statusCode).toBe(400);
    expect((await login({ email, password: "secret1" })).statusCode).toBe(401);
  });

  it("gives a wrong password and an unknown email the same answer", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    const wrong = await login({ email, password: "wrong-password" });
    const unknown = await login({ email: `nobody-${email}`, password: "secret1" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
  });

  it("ends the session 30 minutes after login and on logout", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    const res = await login({ email, password: "secret1" });
    const cookie = sessionCookie(res);
    clock = new Date(clock.getTime() + 29 * 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 60_000);
    expect((await me(cookie)).statusCode).toBe(401);

    const second = sessionCookie(await login({ email, password: "secret1" }));
    expect((await me(second)).statusCode).toBe(200);
    const out = await app.inject({ method: "POST", url: "/api/drivers/logout", headers: { cookie: second } });
    expect(out.statusCode).toBe(204);
    expect((await me(second)).statusCode).toBe(401);
  });

  it("refuses state-changing calls from another origin", async () => {
    const res = await register(
      { fullName: "A", email, password: "secret1" },
      { origin: "https://evil.example.net" },
    );
    expect(res.statusCode).toBe(403);
    const ours = await register(
      { fullName: "A", email, password: "secret1" },
      { origin: "http://sheets.test" },
    );
    expect(ours.statusCode).toBe(201);
  });

  it("backs off failed logins of an account: 1 s after ten, doubling with each further one up to 15 min", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    const wrong = () => login({ email, password: "nope" });
    const right = () => login({ email, password: "secret1" });
    const wait = (ms: number) => {
      clock = new Date(clock.getTime() + ms);
    };
    for (let i = 0; i < 10; i += 1) expect((await wrong()).statusCode).toBe(401);
    // Locked out: even the right password is refused, with an answer that only says how long to wait.
    const locked = await right();
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe("Too many attempts. Please wait 1 second and try again.");
    const lockOuts = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900].map((s) => s * 1000);
    for (const [i, lockOut] of lockOuts.entries()) {
      wait(lockOut - 1);
      expect((await wrong()).statusCode, `${lockOut - 1} ms after failure ${10 + i}`).toBe(429);
      wait(1);
      // Each failure after the tenth doubles the next lock-out, up to 15 minutes.
      expect((await wrong()).statusCode, `${lockOut} ms after failure ${10 + i}`).toBe(401);
    }
    expect((await right()).json().message).toBe("Too many attempts. Please wait 15 minutes and try again.");
    wait(15 * 60_000);
    expect((await right()).statusCode).toBe(200);
    // The successful login forgot the failures: ten more are free again.
    for (let i = 0; i < 10; i += 1) expect((await wrong()).statusCode).toBe(401);
    expect((await right()).statusCode).toBe(429);
    // Failures are forgotten a day after the last one.
    wait(24 * 60 * 60_000);
    for (let i = 0; i < 10; i += 1) expect((await wrong()).statusCode).toBe(401);
    expect((await right()).statusCode).toBe(429);
  }, 120_000);

  it("lets only one of many attempts made at once through once the free failures are used up", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    for (let i = 0; i < 9; i += 1) expect((await login({ email, password: "nope" })).statusCode).toBe(401);
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => login({ email, password: "nope" }).then((res) => res.statusCode)),
    );
    expect(burst.sort()).toEqual([401, ...Array(11).fill(429)]);
  });

  it("does not count a successful login against its address", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    const addressFailures = async () =>
      (
        await database.db
          .selectFrom("login_failures")
          .select("failures")
          .where("key", "=", "login:address:127.0.0.1")
          .executeTakeFirst()
      )?.failures;
    expect((await login({ email, password: "nope" })).statusCode).toBe(401);
    const before = Number(await addressFailures());
    expect(before).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 3; i += 1) expect((await login({ email, password: "secret1" })).statusCode).toBe(200);
    expect(Number(await addressFailures())).toBe(before);
    expect((await login({ email, password: "nope" })).statusCode).toBe(401);
    expect(Number(await addressFailures())).toBe(before + 1);
  });

  it("changes the password after checking the current one, and signs out other sessions", async () => {
    const first = sessionCookie(await register({ fullName: "A", email, password: "secret1" }));
    const other = sessionCookie(await login({ email, password: "secret1" }));
    const change = (body: object) =>
      app.inject({
        method: "POST",
        url: "/api/drivers/change-password",
        payload: body,
        headers: { cookie: first },
      });

    expect((await change({ email, currentPassword: "wrong1", newPassword: "better2" })).statusCode).toBe(400);
    expect((await change({ email, currentPassword: "secret1", newPassword: "short" })).statusCode).toBe(400);
    const ok = await change({ email, currentPassword: "secret1", newPassword: "better2" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: "Password changed successfully!" });

    expect((await me(first)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login({ email, password: "secret1" })).statusCode).toBe(401);
    expect((await login({ email, password: "better2" })).statusCode).toBe(200);

    const anonymous = await app.inject({
      method: "POST",
      url: "/api/drivers/change-password",
      payload: { email, currentPassword: "better2", newPassword: "better3" },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("resets a password through a single-use emailed link without revealing which addresses exist", async () => {
    const session = sessionCookie(await register({ fullName: "Rita Roller", email, password: "secret1" }));
    const reset = (address: string) =>
      app.inject({ method: "POST", url: "/api/drivers/reset-password", payload: { email: address } });

    const known = await reset(email);
    const unknown = await reset(`ghost-${email}`);
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);

    const mails = await claimBatch(database.db, "test", 50, clock);
    const mail = mails.find((m) => m.to.includes(email));
    expect(mail?.subject).toMatch(/reset/i);
    expect(mails.some((m) => m.to.includes(`ghost-${email}`))).toBe(false);
    const token = /token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeDefined();
    expect(mail?.text).toContain("http://sheets.test/reset-password?token=");

    const confirm = (body: object) =>
      app.inject({ method: "POST", url: "/api/drivers/reset-password/confirm", payload: body });
    expect((await confirm({ token, newPassword: "abc" })).statusCode).toBe(400);
    expect((await confirm({ token, newPassword: "fresh-pass" })).statusCode).toBe(200);
    expect((await confirm({ token, newPassword: "other-pass" })).statusCode).toBe(400);

    expect((await me(session)).statusCode).toBe(401);
    expect((await login({ email, password: "secret1" })).statusCode).toBe(401);
    expect((await login({ email, password: "fresh-pass" })).statusCode).toBe(200);
  });

  it("refuses an expired reset link", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    await app.inject({ method: "POST", url: "/api/drivers/reset-password", payload: { email } });
    const mails = await claimBatch(database.db, "test", 50, clock);
    const token = /token=([\w-]+)/.exec(mails.find((m) => m.to.includes(email))?.text ?? "")?.[1];
    clock = new Date(clock.getTime() + 61 * 60_000);
    const res = await app.inject({
      method: "POST",
      url: "/api/drivers/reset-password/confirm",
      payload: { token, newPassword: "fresh-pass" },
    });
    expect(res.statusCode).toBe(400);
  });
});
