import type { LightMyRequestResponse } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { IDLE_HEADER, SESSION_ENDS_IN_HEADER } from "../../domain/accounts/session";
import { messages } from "../../domain/text/messages";
import { hashToken, SESSION_COOKIE } from "../auth/sessions";
import { replaceLoginFailures } from "../db/login-failures-repository";
import { claimBatch } from "../db/outbox-repository";
import { testDatabases } from "../db/test-databases";
import { queuedSignUpTokens, signUp } from "../test-support/sign-up";
import { useTestApp } from "../test-support/test-app";

/** An answer as the client sees it, but for the Date header, which changes with the second. */
function wholeAnswer(res: LightMyRequestResponse) {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
}

function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error("no session cookie set");
  return `${SESSION_COOKIE}=${cookie.value}`;
}

describe.each(testDatabases())("driver accounts on $name", ({ open }) => {
  let clock: Date;
  let email: string;
  let counter = 0;
  const testApp = useTestApp(open, { now: () => clock });
  beforeEach(async () => {
    // Every test starts at the same moment, so failed logins of one (all from 127.0.0.1) must not carry over.
    await testApp.database.db.deleteFrom("login_failures").execute();
    await testApp.database.db.deleteFrom("rate_limits").execute();
    clock = new Date("2025-06-02T07:00:00.000Z");
    counter += 1;
    email = `driver${counter}@haulage.co.uk`;
  });

  /** The registration request alone: its answer, before any link is opened. */
  const requestSignUp = (body: object, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: "POST", url: "/api/drivers/register", payload: body, headers });
  /** Registration as a person does it: the request, then the emailed link. */
  const register = (body: { fullName: string; email: string; password: string }) =>
    signUp(testApp.app, { payload: body });
  /** The link's page: what it shows before anything is made. */
  const openSignUpLink = (token: string | undefined) =>
    testApp.app.inject({ method: "GET", url: `/api/drivers/register/confirm?token=${token}` });
  /** The link page's button, with the password chosen there. */
  const confirmSignUp = (token: string | undefined, password: string | undefined = "secret1") =>
    testApp.app.inject({
      method: "POST",
      url: "/api/drivers/register/confirm",
      payload: { token, password },
    });
  const accountsWith = async (address: string) =>
    await testApp.database.db
      .selectFrom("accounts")
      .select("id")
      .where("email_normalized", "=", address.toLowerCase())
      .execute();
  const queued = async (to: string) =>
    (await testApp.database.db.selectFrom("mail_outbox").selectAll().execute()).filter((row) =>
      (JSON.parse(row.to_addresses) as string[]).includes(to),
    );
  const requestReset = (address: string) =>
    testApp.app.inject({ method: "POST", url: "/api/drivers/reset-password", payload: { email: address } });
  const resetTokens = async (to: string) =>
    (await queued(to))
      .filter((row) => row.subject.includes("Reset"))
      .map((row) => /reset-password\?token=([\w-]+)/.exec(row.text_body ?? "")?.[1])
      .filter((token): token is string => token !== undefined);
  const confirmReset = (token: string | undefined, newPassword: string) =>
    testApp.app.inject({
      method: "POST",
      url: "/api/drivers/reset-password/confirm",
      payload: { token, newPassword },
    });
  const login = (body: object, remoteAddress?: string) =>
    testApp.app.inject({
      method: "POST",
      url: "/api/drivers/login",
      payload: body,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const me = (cookie: string) =>
    testApp.app.inject({ method: "GET", url: "/api/drivers/me", headers: { cookie } });

  it("registers by an emailed link whose page makes the account with the password chosen there, signing the driver in with an httpOnly, SameSite=Lax cookie", async () => {
    const asked = await requestSignUp({ fullName: "Dave Digger", email });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: messages.registrationMailSent });
    expect(asked.cookies).toEqual([]);
    // Nothing exists until the link's page makes it: logging in is refused as for any unknown address.
    expect((await login({ email, password: "secret1" })).statusCode).toBe(401);
    const [mail] = await queued(email);
    expect(mail?.subject).toBe("Finish creating your Plant Sheets account");
    expect(mail?.text_body).toContain("Hello Dave Digger,");
    expect(mail?.text_body).toContain("http://sheets.test/confirm-account?token=");
    const [token] = await queuedSignUpTokens(testApp.database.db, email);

    // The page names the account it makes, and makes nothing by being opened, however often.
    for (let i = 0; i < 2; i += 1) {
      const opened = await openSignUpLink(token);
      expect(opened.statusCode).toBe(200);
      expect(opened.json()).toEqual({ fullName: "Dave Digger", email });
      expect(opened.cookies).toEqual([]);
    }
    expect(await accountsWith(email)).toEqual([]);
    const short = await confirmSignUp(token, "12345");
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(`password: ${messages.registerPasswordTooShort}`);

    const res = await confirmSignUp(token, "my-own-pass");
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
    expect((await login({ email, password: "my-own-pass" })).statusCode).toBe(200);
    // Used: its page now says the link is not valid.
    const used = await openSignUpLink(token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({
      code: "bad_request",
      message: messages.registrationLinkInvalid,
      key: "auth.registrationLinkInvalid",
    });
  });

  it("keeps the language chosen in the app on the account, and only one the app speaks, only for its own session", async () => {
    const signedUp = await register({ fullName: "Łukasz Wróbel", email, password: "secret1" });
    const cookie = sessionCookie(signedUp);
    expect((await me(cookie)).json()).toMatchObject({ language: null });
    const choose = (body: unknown, headers: Record<string, string> = { cookie }) =>
      testApp.app.inject({
        method: "PUT",
        url: "/api/drivers/me/language",
        payload: body as object,
        headers,
      });

    expect((await choose({ language: "pl" })).statusCode).toBe(204);
    expect((await me(cookie)).json()).toMatchObject({ language: "pl" });
    expect((await login({ email, password: "secret1" })).json()).toMatchObject({ language: "pl" });

    for (const wrong of [
      { language: "de" },
      { language: "pl'; drop table accounts;--" },
      { language: "x".repeat(5000) },
      {},
    ]) {
      const refused = await choose(wrong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe("validation_failed");
    }
    expect((await choose({ language: "bg" }, {})).statusCode).toBe(401);
    expect((await me(cookie)).json()).toMatchObject({ language: "pl" });
  });

  it("writes the sign-up mail in the language the sign-up was made in, and the account its link makes keeps it", async () => {
    const asked = await requestSignUp({ fullName: "Łukasz <b>Wróbel</b>", email, language: "pl" });
    expect(asked.statusCode).toBe(202);
    // The answer is the same in every language: it says nothing the mail does not.
    expect(asked.json()).toEqual({ message: messages.registrationMailSent });
    const [mail] = await queued(email);
    expect(mail?.subject).toBe("Dokończ zakładanie konta Plant Sheets");
    expect(mail?.text_body).toContain("Dzień dobry, Łukasz <b>Wróbel</b>,");
    expect(mail?.text_body).toContain(
      "Otwórz ten link w ciągu 24 godzin, aby ustawić hasło i dokończyć zakładanie konta operatora w Plant Sheets:",
    );
    expect(mail?.text_body).toContain("http://sheets.test/confirm-account?token=");
    // What was typed goes in as typed, escaped in the HTML part.
    expect(mail?.html_body).toContain("Dzień dobry, Łukasz &lt;b&gt;Wróbel&lt;/b&gt;,");
    expect(mail?.html_body).toContain(">Ustaw hasło</a>");

    const token = /confirm-account\?token=([\w-]+)/.exec(mail?.text_body ?? "")?.[1];
    const made = await confirmSignUp(token, "my-own-pass");
    expect(made.statusCode).toBe(201);
    expect((await me(sessionCookie(made))).json()).toMatchObject({ language: "pl" });
  });

  it("writes an account's reset mail in its language, and an unknown address's in English", async () => {
    const cookie = sessionCookie(await register({ fullName: "Борис Петров", email, password: "secret1" }));
    const chosen = await testApp.app.inject({
      method: "PUT",
      url: "/api/drivers/me/language",
      payload: { language: "bg" },
      headers: { cookie },
    });
    expect(chosen.statusCode).toBe(204);
    const ghost = `ghost-${email}`;
    const known = await requestReset(email);
    const unknown = await requestReset(ghost);
    expect(wholeAnswer(known)).toEqual(wholeAnswer(unknown));

    const [mail] = (await queued(email)).filter((m) => m.subject === "Нова парола за Plant Sheets");
    expect(mail?.text_body).toContain("Здравей, Борис Петров,");
    expect(mail?.text_body).toContain(
      "Някой поиска нова парола за акаунта ти в Plant Sheets. Отвори тази връзка до един час, за да избереш нова парола:",
    );
    expect(mail?.text_body).toContain("http://sheets.test/reset-password?token=");
    expect(mail?.html_body).toContain(">Избери нова парола</a>");
    const [toGhost] = await queued(ghost);
    expect(toGhost?.subject).toBe("Reset your Plant Sheets password");
    expect(toGhost?.text_body).toContain("no account uses it");
  });

  it("refuses a sign-up in a language the app does not speak", async () => {
    for (const language of ["de", "PL", "", "pl'; drop table pending_registrations;--", 42]) {
      const refused = await requestSignUp({ fullName: "Dave Digger", email, language });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe("validation_failed");
    }
    expect(await queued(email)).toEqual([]);
  });

  it("signs no one in when a sign-up link is opened: an attacker's own link, sent to someone else, makes nothing without its page's password", async () => {
    const attacker = `attacker-${email}`;
    await requestSignUp({ fullName: "Friendly Name", email: attacker });
    const [token] = await queuedSignUpTokens(testApp.database.db, attacker);
    // The victim opens it: the page shows whose account it is, and nothing more happens.
    const opened = await openSignUpLink(token);
    expect(opened.json()).toEqual({ fullName: "Friendly Name", email: attacker });
    expect(opened.cookies).toEqual([]);
    // What opening the link used to send on load, the token alone, makes no account and no session.
    const onLoad = await testApp.app.inject({
      method: "POST",
      url: "/api/drivers/register/confirm",
      payload: { token },
    });
    expect(onLoad.statusCode).toBe(400);
    expect(onLoad.cookies).toEqual([]);
    expect(await accountsWith(attacker)).toEqual([]);
    expect((await openSignUpLink(token)).statusCode).toBe(200);
  });

  it("lets no one choose the password of an account they sign up for at someone else's address", async () => {
    // The attacker signs the victim's address up, with a password as the sign-up form once took.
    const planted = await requestSignUp({ fullName: "Victim", email, password: "attacker-pass" });
    expect(planted.statusCode).toBe(202);
    const pending = await testApp.database.db.selectFrom("pending_registrations").selectAll().execute();
    expect(JSON.stringify(pending)).not.toMatch(/argon2|attacker-pass/);
    // The victim gets the link, and the password is the one they choose on its page.
    const [token] = await queuedSignUpTokens(testApp.database.db, email);
    expect((await confirmSignUp(token, "victims-own")).statusCode).toBe(201);
    expect((await login({ email, password: "attacker-pass" })).statusCode).toBe(401);
    expect((await login({ email, password: "victims-own" })).statusCode).toBe(200);
  });

  it("answers a known address's registration byte for byte as a new one's, and mails its owner instead", async () => {
    await register({ fullName: "Owner Olga", email, password: "secret1" });
    const other = `new-${email}`;
    // The same body but for the address: the known one in other letter case, so case cannot tell them apart.
    const known = await requestSignUp({ fullName: "B", email: email.toUpperCase() });
    const unknown = await requestSignUp({ fullName: "B", email: other.toUpperCase() });
    expect(known.statusCode).toBe(202);
    expect(wholeAnswer(known)).toEqual(wholeAnswer(unknown));
    expect(known.rawPayload.equals(unknown.rawPayload)).toBe(true);

    const toOwner = await queued(email);
    expect(toOwner.map((m) => m.subject)).toEqual([
      "Someone tried to create a Plant Sheets account with your address",
    ]);
    const attempt = toOwner[0]!;
    expect(attempt.text_body).toContain("Hello Owner Olga,");
    expect(attempt.text_body).toContain("log in with your password, or use Forgot Password");
    expect(attempt.text_body).not.toMatch(/token=/);
    // Nothing changed for the owner: the password still works.
    expect((await login({ email, password: "secret1" })).statusCode).toBe(200);
    // The new address got its link.
    expect((await queued(other.toUpperCase())).map((m) => m.subject)).toEqual([
      "Finish creating your Plant Sheets account",
    ]);
    const byUpper = await login({ email: `  ${email.toUpperCase()} `, password: "secret1" });
    expect(byUpper.statusCode).toBe(200);
  });

  it("lets a sign-up link work once, only while it is the newest for its address and for 24 hours", async () => {
    await requestSignUp({ fullName: "First Try", email });
    await requestSignUp({ fullName: "Second Try", email });
    const rows = await queued(email);
    const [older, newer] = rows.map((m) => /token=([\w-]+)/.exec(m.text_body ?? "")?.[1]);
    expect(older).toBeDefined();
    for (const refused of [await openSignUpLink(older), await confirmSignUp(older)]) {
      expect(refused.json()).toEqual({
        code: "bad_request",
        message: messages.registrationLinkInvalid,
        key: "auth.registrationLinkInvalid",
      });
    }
    expect((await confirmSignUp(`${newer}x`)).statusCode).toBe(400);
    expect((await confirmSignUp("short")).statusCode).toBe(400);
    expect((await openSignUpLink("short")).statusCode).toBe(400);
    const made = await confirmSignUp(newer, "secret2");
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ fullName: "Second Try", email });
    expect((await confirmSignUp(newer, "secret3")).statusCode).toBe(400);
    expect((await login({ email, password: "secret2" })).statusCode).toBe(200);
    expect((await login({ email, password: "secret3" })).statusCode).toBe(401);

    const late = `late-${email}`;
    await requestSignUp({ fullName: "Late", email: late });
    const [lateToken] = await queuedSignUpTokens(testApp.database.db, late);
    clock = new Date(clock.getTime() + 24 * 60 * 60_000 - 1);
    expect((await openSignUpLink(lateToken)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 1);
    expect((await openSignUpLink(lateToken)).statusCode).toBe(400);
    expect((await confirmSignUp(lateToken)).statusCode).toBe(400);
    expect((await login({ email: late, password: "secret1" })).statusCode).toBe(401);
  });

  it("makes one account when two links of one address race, the other answering that the link is invalid", async () => {
    // Two pending sign-ups for one address can only exist side by side if written before either replaced the
    // other; stand in for that race by writing the second row directly. Raced 15 times: on PostgreSQL the two
    // once deadlocked on each other's rows about every other time, one answering 500.
    for (let round = 0; round < 15; round += 1) {
      const racer = `racer${round}-${email}`;
      await requestSignUp({ fullName: "Racer", email: racer });
      const [first] = await queuedSignUpTokens(testApp.database.db, racer);
      const pending = await testApp.database.db
        .selectFrom("pending_registrations")
        .selectAll()
        .where("email_normalized", "=", racer)
        .executeTakeFirstOrThrow();
      const second = `a-second-token-for-the-same-address-${round}`;
      await testApp.database.db
        .insertInto("pending_registrations")
        .values({ ...pending, token_hash: hashToken(second) })
        .execute();
      const answers = await Promise.all([confirmSignUp(first), confirmSignUp(second)]);
      expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([201, 400]);
      expect(await accountsWith(racer)).toHaveLength(1);
      expect(
        await testApp.database.db
          .selectFrom("pending_registrations")
          .select("token_hash")
          .where("email_normalized", "=", racer)
          .execute(),
      ).toEqual([]);
    }
  }, 120_000);

  it("limits sign-up mails to one address to five an hour, known or not, with the same refusal", async () => {
    await register({ fullName: "Owner", email, password: "secret1" });
    const other = `other-${email}`;
    const knownAnswers: LightMyRequestResponse[] = [];
    const unknownAnswers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 6; i += 1) {
      knownAnswers.push(await requestSignUp({ fullName: "X", email }));
      unknownAnswers.push(await requestSignUp({ fullName: "X", email: other }));
    }
    // The owner had one sign-up of their own already.
    expect(knownAnswers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 429, 429]);
    expect(unknownAnswers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202, 429]);
    expect(wholeAnswer(knownAnswers[5]!)).toEqual(wholeAnswer(unknownAnswers[5]!));
    expect((await queued(other)).length).toBe(5);
  });

  it("says in Retry-After when a refused sign-up or a locked login may try again, as its message does", async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await requestSignUp({ fullName: "X", email })).statusCode).toBe(202);
    clock = new Date(clock.getTime() + 20 * 60_000);
    const refused = await requestSignUp({ fullName: "X", email });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("2400");
    expect(refused.json().message).toBe("Too many attempts. Please wait 40 minutes and try again.");

    for (let i = 0; i < 10; i += 1) expect((await login({ email, password: "nope" })).statusCode).toBe(401);
    const locked = await login({ email, password: "nope" });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers["retry-after"]).toBe("1");
    clock = new Date(clock.getTime() + 1000);
    expect((await login({ email, password: "nope" })).statusCode).toBe(401);
    const longer = await login({ email, password: "nope" });
    expect(longer.headers["retry-after"]).toBe("2");
  });

  it("refuses incomplete or malformed registrations", async () => {
    expect((await requestSignUp({ fullName: "", email })).statusCode).toBe(400);
    expect((await requestSignUp({ fullName: "  ", email })).statusCode).toBe(400);
    expect((await requestSignUp({ fullName: "A", email: "not-an-email" })).statusCode).toBe(400);
    expect((await requestSignUp({ fullName: "A" })).statusCode).toBe(400);
    expect(await queued(email)).toEqual([]);
  });

  it("gives a wrong password and an unknown email the same answer", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    const wrong = await login({ email, password: "wrong-password" });
    const unknown = await login({ email: `nobody-${email}`, password: "secret1" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
  });

  /** A call from the app's page, saying how long ago the person last touched it (the page's IDLE_HEADER). */
  const meIdle = (cookie: string, idleMs: number) =>
    testApp.app.inject({
      method: "GET",
      url: "/api/drivers/me",
      headers: { cookie, [IDLE_HEADER]: String(idleMs) },
    });
  const minutes = (n: number) => n * 60_000;
  const at = (start: Date, ms: number) => new Date(start.getTime() + ms);
  const endsIn = (res: LightMyRequestResponse) => Number(res.headers[SESSION_ENDS_IN_HEADER]);

  it("ends an idle session 30 minutes after login, and says how long it has left", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    const start = clock;
    const res = await login({ email, password: "secret1" });
    expect(endsIn(res)).toBe(minutes(30));
    const cookie = sessionCookie(res);
    // The page asks by itself (a list refreshed, the outbox retried) while nobody touches it: no renewal.
    clock = at(start, minutes(29));
    const idle = await meIdle(cookie, minutes(29));
    expect(idle.statusCode).toBe(200);
    expect(endsIn(idle)).toBe(minutes(1));
    clock = at(start, minutes(30));
    const ended = await meIdle(cookie, 0);
    expect(ended.statusCode).toBe(401);
    // An ended session says nothing of time left, and touching the page cannot bring it back.
    expect(ended.headers[SESSION_ENDS_IN_HEADER]).toBeUndefined();
    clock = at(start, minutes(30) + 1);
    expect((await meIdle(cookie, 0)).statusCode).toBe(401);
  });

  it("keeps a session used all along for two hours, then ends it 30 to 31 minutes after its last use", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    const start = clock;
    const cookie = sessionCookie(await login({ email, password: "secret1" }));
    // Someone at the desk: a tap every 10 minutes, each call reporting the tap up to 4 minutes before it.
    for (let n = 1; n <= 12; n += 1) {
      clock = at(start, minutes(10 * n));
      const res = await meIdle(cookie, minutes(n % 5));
      expect(res.statusCode, `after ${10 * n} minutes`).toBe(200);
      expect(endsIn(res)).toBeGreaterThanOrEqual(minutes(30 - (n % 5)));
    }
    const lastUse = at(start, minutes(120) - minutes(12 % 5));
    // Then nobody: the page's own calls report the growing idle time.
    clock = at(lastUse, minutes(30) - 1);
    expect((await meIdle(cookie, minutes(30) - 1)).statusCode).toBe(200);
    clock = at(lastUse, minutes(31));
    expect((await meIdle(cookie, minutes(31))).statusCode).toBe(401);
  });

  it("renews nothing on a call that does not report the idle time (a photo shown, the offline copies refreshed)", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    const start = clock;
    const cookie = sessionCookie(await login({ email, password: "secret1" }));
    clock = at(start, minutes(20));
    const unsaid = await me(cookie);
    expect(unsaid.statusCode).toBe(200);
    expect(endsIn(unsaid)).toBe(minutes(10));
    clock = at(start, minutes(30));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("ends even a busy session at its cap: 10 hours from login, the cookie with it", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    const start = clock;
    const res = await login({ email, password: "secret1" });
    const cookie = sessionCookie(res);
    const sent = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(sent?.expires).toEqual(at(start, minutes(600)));
    for (let n = 1; n < 60; n += 1) {
      clock = at(start, minutes(10 * n));
      expect((await meIdle(cookie, 0)).statusCode, `after ${10 * n} minutes`).toBe(200);
    }
    clock = at(start, minutes(600) - 1);
    const last = await meIdle(cookie, 0);
    expect(last.statusCode).toBe(200);
    expect(endsIn(last)).toBe(1);
    clock = at(start, minutes(600));
    expect((await meIdle(cookie, 0)).statusCode).toBe(401);
  });

  it("ends a renewed session on logout, at once", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    const start = clock;
    const cookie = sessionCookie(await login({ email, password: "secret1" }));
    clock = at(start, minutes(25));
    expect(endsIn(await meIdle(cookie, 0))).toBe(minutes(31));
    const out = await testApp.app.inject({ method: "POST", url: "/api/drivers/logout", headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.headers[SESSION_ENDS_IN_HEADER]).toBeUndefined();
    expect((await meIdle(cookie, 0)).statusCode).toBe(401);
  });

  it("reads a false idle report as no report, and one past 30 minutes as 30 minutes", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    const start = clock;
    const cookie = sessionCookie(await login({ email, password: "secret1" }));
    clock = at(start, minutes(10));
    const call = (idle: string) =>
      testApp.app.inject({ method: "GET", url: "/api/drivers/me", headers: { cookie, [IDLE_HEADER]: idle } });
    // Past 30 minutes: nothing to renew.
    expect(endsIn(await call(String(Number.MAX_SAFE_INTEGER)))).toBe(minutes(20));
    // Not a number: as a call that does not say, nothing.
    expect(endsIn(await call("-5"))).toBe(minutes(20));
    expect(endsIn(await call("0"))).toBe(minutes(31));
  });

  it("refuses state-changing calls from another origin", async () => {
    const res = await requestSignUp({ fullName: "A", email }, { origin: "https://evil.example.net" });
    expect(res.statusCode).toBe(403);
    expect(await queued(email)).toEqual([]);
    const ours = await requestSignUp(
      { fullName: "A", email: `ours-${email}` },
      { origin: "http://sheets.test" },
    );
    expect(ours.statusCode).toBe(202);
    const [link] = await queuedSignUpTokens(testApp.database.db, `ours-${email}`);
    const foreignConfirm = await testApp.app.inject({
      method: "POST",
      url: "/api/drivers/register/confirm",
      payload: { token: link, password: "secret1" },
      headers: { origin: "https://evil.example.net" },
    });
    expect(foreignConfirm.statusCode).toBe(403);
    expect(await accountsWith(`ours-${email}`)).toEqual([]);
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
    // The successful login forgot the failures at this address: ten more are free again.
    for (let i = 0; i < 10; i += 1) expect((await wrong()).statusCode).toBe(401);
    expect((await right()).statusCode).toBe(429);
    // A count covers a day from its first failure, then starts again.
    wait(24 * 60 * 60_000);
    for (let i = 0; i < 10; i += 1) expect((await wrong()).statusCode).toBe(401);
    expect((await right()).statusCode).toBe(429);
  }, 120_000);

  it("lets the owner log in from their own address while guesses from another are locked out", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    const attacker = "203.0.113.7";
    const owner = "198.51.100.4";
    for (let i = 0; i < 10; i += 1)
      expect((await login({ email, password: "nope" }, attacker)).statusCode).toBe(401);
    const locked = await login({ email, password: "secret1" }, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe("Too many attempts. Please wait 1 second and try again.");
    // The owner, elsewhere, mistypes and then logs in, while the attacker's address stays locked.
    expect((await login({ email, password: "secret1x" }, owner)).statusCode).toBe(401);
    expect((await login({ email, password: "secret1" }, owner)).statusCode).toBe(200);
    expect((await login({ email, password: "nope" }, attacker)).statusCode).toBe(429);
    // The owner's login gave the attacker nothing back.
    clock = new Date(clock.getTime() + 1000);
    expect((await login({ email, password: "nope" }, attacker)).statusCode).toBe(401);
    expect((await login({ email, password: "nope" }, attacker)).json().message).toBe(
      "Too many attempts. Please wait 2 seconds and try again.",
    );
  });

  it("makes every address wait once an account has failed 500 times in a day, however many addresses tried", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    // A botnet's 499 guesses from as many addresses, each its first from there.
    const first = clock.getTime() - 60 * 60_000;
    await replaceLoginFailures(testApp.database.db, `login:account:${email}`, undefined, {
      failures: 499,
      firstFailureAt: first,
      lastFailureAt: clock.getTime(),
    });
    expect((await login({ email, password: "guess-500" }, "203.0.113.1")).statusCode).toBe(401);
    const next = await login({ email, password: "guess-501" }, "203.0.113.2");
    expect(next.statusCode).toBe(429);
    expect(next.headers["retry-after"]).toBe("1");
    // Its owner waits too: that is the price of bounding a botnet, paid only in such an attack.
    expect((await login({ email, password: "secret1" }, "198.51.100.4")).statusCode).toBe(429);
    clock = new Date(clock.getTime() + 1000);
    expect((await login({ email, password: "secret1" }, "198.51.100.4")).statusCode).toBe(200);
    // The owner's login does not give the botnet its 500 back: the count goes on doubling the wait.
    clock = new Date(clock.getTime() + 1000);
    expect((await login({ email, password: "guess-502" }, "203.0.113.3")).statusCode).toBe(401);
    const doubled = await login({ email, password: "guess-503" }, "203.0.113.4");
    expect(doubled.json().message).toBe("Too many attempts. Please wait 2 seconds and try again.");
    // A day after the count began, the account starts afresh.
    clock = new Date(first + 24 * 60 * 60_000);
    expect((await login({ email, password: "secret1" }, "198.51.100.4")).statusCode).toBe(200);
  });

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
        await testApp.database.db
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
      testApp.app.inject({
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

    const anonymous = await testApp.app.inject({
      method: "POST",
      url: "/api/drivers/change-password",
      payload: { email, currentPassword: "better2", newPassword: "better3" },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers a reset request byte for byte the same for a known and an unknown address, queuing one mail for each", async () => {
    await register({ fullName: "Rita Roller", email, password: "secret1" });
    const ghost = `ghost-${email}`;
    const known = await requestReset(email);
    const unknown = await requestReset(ghost);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: messages.passwordResetSent });
    expect(wholeAnswer(known)).toEqual(wholeAnswer(unknown));
    expect(known.rawPayload.equals(unknown.rawPayload)).toBe(true);
    expect(known.cookies).toEqual([]);

    const toKnown = (await queued(email)).filter((m) => m.subject.includes("Reset"));
    const toGhost = await queued(ghost);
    expect(toKnown).toHaveLength(1);
    expect(toGhost).toHaveLength(1);
    expect(toKnown[0]!.subject).toBe(toGhost[0]!.subject);
    expect(toKnown[0]!.text_body).toContain("http://sheets.test/reset-password?token=");
    expect(toGhost[0]!.text_body).toContain("no account uses it");
    expect(toGhost[0]!.text_body).not.toMatch(/token=/);
  });

  it("resets a password through a single-use emailed link, ending every session", async () => {
    const session = sessionCookie(await register({ fullName: "Rita Roller", email, password: "secret1" }));
    expect((await requestReset(email)).statusCode).toBe(200);
    const mails = await claimBatch(testApp.database.db, "test", 50, clock);
    const mail = mails.find((m) => m.to.includes(email) && m.subject.includes("Reset"));
    expect(mail?.subject).toBe("Reset your Plant Sheets password");
    const token = /token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeDefined();
    expect(mail?.text).toContain("http://sheets.test/reset-password?token=");

    expect((await confirmReset(token, "abc")).statusCode).toBe(400);
    expect((await confirmReset(token, "fresh-pass")).statusCode).toBe(200);
    expect((await confirmReset(token, "other-pass")).statusCode).toBe(400);

    expect((await me(session)).statusCode).toBe(401);
    expect((await login({ email, password: "secret1" })).statusCode).toBe(401);
    expect((await login({ email, password: "fresh-pass" })).statusCode).toBe(200);
  });

  it("refuses an expired reset link", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    await requestReset(email);
    const [token] = await resetTokens(email);
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect((await confirmReset(token, "fresh-pass")).statusCode).toBe(400);
  });

  it("revokes older reset links when a newer one is sent", async () => {
    await register({ fullName: "A", email, password: "secret1" });
    await requestReset(email);
    clock = new Date(clock.getTime() + 60_000);
    await requestReset(email);
    const [older, newer] = await resetTokens(email);
    expect(older).toBeDefined();
    expect(newer).toBeDefined();
    const refused = await confirmReset(older, "fresh-pass");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(messages.resetLinkInvalid);
    expect((await login({ email, password: "secret1" })).statusCode).toBe(200);
    expect((await confirmReset(newer, "fresh-pass")).statusCode).toBe(200);
  });

  it("revokes every reset link and every other session when the password is changed", async () => {
    const current = sessionCookie(await register({ fullName: "A", email, password: "secret1" }));
    const other = sessionCookie(await login({ email, password: "secret1" }));
    await requestReset(email);
    const [token] = await resetTokens(email);
    const changed = await testApp.app.inject({
      method: "POST",
      url: "/api/drivers/change-password",
      payload: { email, currentPassword: "secret1", newPassword: "better2" },
      headers: { cookie: current },
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirmReset(token, "attacker-pass")).statusCode).toBe(400);
    expect((await login({ email, password: "attacker-pass" })).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    const left = await testApp.database.db.selectFrom("password_resets").selectAll().execute();
    expect(left.filter((row) => row.token_hash === hashToken(token!))).toEqual([]);
  });

  it("revokes every other reset link and every session when the password is reset", async () => {
    const first = sessionCookie(await register({ fullName: "A", email, password: "secret1" }));
    const second = sessionCookie(await login({ email, password: "secret1" }));
    await requestReset(email);
    const [token] = await resetTokens(email);
    // A second link, as if sent just now by another instance before either was used.
    const spare = "a-spare-reset-token-of-the-same-account";
    const account = await testApp.database.db
      .selectFrom("accounts")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    await testApp.database.db
      .insertInto("password_resets")
      .values({
        token_hash: hashToken(spare),
        account_id: account.id,
        created_at: clock.toISOString(),
        expires_at: new Date(clock.getTime() + 60 * 60_000).toISOString(),
        used_at: null,
      })
      .execute();
    expect((await confirmReset(token, "fresh-pass")).statusCode).toBe(200);
    expect((await confirmReset(spare, "attacker-pass")).statusCode).toBe(400);
    expect((await login({ email, password: "fresh-pass" })).statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
  });
});
