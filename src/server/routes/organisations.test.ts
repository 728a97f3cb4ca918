import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { companyMessages } from "../../domain/text/company-messages";
import { english } from "../../domain/text/i18n/english";
import { hashToken, newToken, SESSION_COOKIE } from "../auth/sessions";
import { deleteExpiredInvites, listInviteUses } from "../db/organisations-repository";
import { SAMPLE_CUSTOMERS, SAMPLE_VEHICLES, seedSampleData } from "../db/seed";
import { testDatabases } from "../db/test-databases";
import { databaseSnapshot } from "../test-support/database-snapshot";
import { mailOnTheWire, recipientsOf } from "../test-support/mail-on-the-wire";
import { type Company, organisationHelpers, type Person } from "../test-support/organisation-world";
import { signedWeek } from "../test-support/signed-week";
import { useTestApp } from "../test-support/test-app";

const START = new Date("2025-06-04T09:00:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const INVITE_SUBJECT = "You have been invited to join a company on Plant Sheets";

describe.each(testDatabases())("organisations on $name", ({ open }) => {
  let clock = START;
  const testApp = useTestApp(open, { now: () => clock, prepare: seedSampleData });
  const { call, drainOutbox } = testApp;
  const { person, company, joinCode, newJoinCode, member } = organisationHelpers(testApp);
  const db = () => testApp.database.db;
  const unchanged = () => databaseSnapshot(testApp.database, { except: ["rate_limits"] });

  beforeEach(async () => {
    clock = START;
    await drainOutbox();
    // Each test starts with fresh limits: what one test sends must not refuse another's.
    await db().deleteFrom("rate_limits").execute();
  });

  /** Invites `email` into the company as its admin: the token of the link the queued mail carries. */
  async function invite(of: Company, email: string, role = "driver"): Promise<string> {
    const res = await call("POST", `/api/organisations/${of.id}/invites`, of.admin.cookie, { email, role });
    expect(res.statusCode, res.body).toBe(201);
    const mails = await drainOutbox();
    const mail = mails.find((m) => m.to.includes(email));
    const token = /\/join\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    if (!token) throw new Error(`no invitation mailed to ${email}`);
    return token;
  }

  /** Logs `who` in again at the clock's time: a session lasts 30 minutes, an invitation days. */
  async function logInAgain(who: Person): Promise<Person> {
    const res = await call("POST", "/api/drivers/login", undefined, {
      email: who.email,
      password: "secret1",
    });
    const session = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!session) throw new Error(`login failed: ${res.body}`);
    return { ...who, cookie: `${SESSION_COOKIE}=${session.value}` };
  }

  const accept = (who: Person, token: string) => call("POST", "/api/invites/accept", who.cookie, { token });
  const lookUp = (token: string) => call("GET", `/api/invites?token=${encodeURIComponent(token)}`);
  const mine = async (who: Person) =>
    (
      (await call("GET", "/api/organisations/mine", who.cookie)).json() as {
        organisation: { id: string; role: string } | null;
      }
    ).organisation;

  describe("making one", () => {
    it("makes its creator the first admin, with the name as typed", async () => {
      const founder = await person();
      expect(await mine(founder)).toBeNull();
      const res = await call("POST", "/api/organisations", founder.cookie, {
        name: "  Ó Súilleabháin Plant Hire 🚜  ",
      });
      expect(res.statusCode, res.body).toBe(201);
      const made = res.json() as {
        id: string;
        name: string;
        role: string;
        members: Array<{ accountId: string }>;
      };
      expect(made).toMatchObject({ name: "Ó Súilleabháin Plant Hire 🚜", role: "admin" });
      expect(made.members.map((m) => m.accountId)).toEqual([founder.id]);
      expect(await mine(founder)).toMatchObject({ id: made.id, role: "admin" });
    });

    it("refuses an empty, a very long or a many-line name, or no name, changing nothing", async () => {
      const founder = await person();
      const before = await unchanged();
      for (const name of [
        "",
        "   ",
        "x".repeat(121),
        "x".repeat(100_000),
        "Acme\r\nBcc: victim@evil.test",
        42,
        null,
      ]) {
        const res = await call("POST", "/api/organisations", founder.cookie, { name });
        expect(res.statusCode, String(name).slice(0, 40)).toBe(400);
      }
      expect((await call("POST", "/api/organisations", founder.cookie, {})).statusCode).toBe(400);
      expect(await unchanged()).toEqual(before);
    });

    it("lets an account make or belong to one company only", async () => {
      const acme = await company();
      const res = await call("POST", "/api/organisations", acme.admin.cookie, { name: "Second Co" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: english("apiError.alreadyInOrganisation") });
    });
  });

  describe("invitations by mail", () => {
    it("mails a single-use link, keeping only its token's hash, and shows the company and role only", async () => {
      const acme = await company("Acme Plant Hire Ltd");
      const res = await call("POST", `/api/organisations/${acme.id}/invites`, acme.admin.cookie, {
        email: " Ann.Driver@haulage.co.uk ",
        role: "supervisor",
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        message: companyMessages.inviteSent("Ann.Driver@haulage.co.uk"),
        key: "invites.sent",
        params: { email: "Ann.Driver@haulage.co.uk" },
        expiresAt: new Date(START.getTime() + 7 * DAY_MS).toISOString(),
      });
      const [mail, ...more] = await drainOutbox();
      expect(more).toEqual([]);
      expect(mail?.to).toEqual(["Ann.Driver@haulage.co.uk"]);
      expect(mail?.subject).toBe(INVITE_SUBJECT);
      expect(mail?.text).toContain(
        'has invited you to join "Acme Plant Hire Ltd" on Plant Sheets as a supervisor.',
      );
      const token = /http:\/\/sheets\.test\/join\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
      expect(token).toBeDefined();

      const rows = await db().selectFrom("invites").selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ token_hash: hashToken(token!), role: "supervisor", used_at: null });
      expect(JSON.stringify(rows)).not.toContain(token);

      const view = await lookUp(token!);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toEqual({ organisationName: "Acme Plant Hire Ltd", role: "supervisor" });
    });

    it("lets only the invited address's account accept, once", async () => {
      const acme = await company();
      const ann = await person();
      const bob = await person();
      const token = await invite(acme, ann.email.toUpperCase(), "supervisor");

      const before = await unchanged();
      const wrong = await accept(bob, token);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ message: english("apiError.inviteForAnotherAddress") });
      expect(await unchanged()).toEqual(before);

      const joined = await accept(ann, token);
      expect(joined.statusCode, joined.body).toBe(200);
      expect(joined.json()).toMatchObject({ id: acme.id, role: "supervisor" });
      const used = await db()
        .selectFrom("invites")
        .select(["used_at", "used_by"])
        .where("token_hash", "=", hashToken(token))
        .executeTakeFirstOrThrow();
      expect(used).toEqual({ used_at: START.toISOString(), used_by: ann.id });

      // Used: it shows nothing and lets no one else in, its own addressee included once they have left.
      expect((await lookUp(token)).statusCode).toBe(404);
      expect((await call("POST", `/api/organisations/${acme.id}/leave`, ann.cookie)).statusCode).toBe(204);
      const again = await accept(ann, token);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ message: companyMessages.inviteInvalid });
    });

    it("replaces an address's older invitation with a newer one", async () => {
      const acme = await company();
      const ann = await person();
      const first = await invite(acme, ann.email);
      const second = await invite(acme, ann.email, "supervisor");
      expect((await lookUp(first)).statusCode).toBe(404);
      expect((await accept(ann, first)).statusCode).toBe(404);
      expect((await accept(ann, second)).json()).toMatchObject({ role: "supervisor" });
    });

    it("works for 7 days and not a moment longer", async () => {
      const acme = await company();
      const ann = await person();
      const bob = await person();
      const annToken = await invite(acme, ann.email);
      const bobToken = await invite(acme, bob.email);
      clock = new Date(START.getTime() + 7 * DAY_MS - 1);
      expect((await lookUp(annToken)).statusCode).toBe(200);
      expect((await accept(await logInAgain(ann), annToken)).statusCode).toBe(200);
      clock = new Date(START.getTime() + 7 * DAY_MS);
      const bobNow = await logInAgain(bob);
      const before = await unchanged();
      expect((await lookUp(bobToken)).statusCode).toBe(404);
      const late = await accept(bobNow, bobToken);
      expect(late.statusCode).toBe(404);
      expect(late.json()).toMatchObject({ message: companyMessages.inviteInvalid });
      expect(await unchanged()).toEqual(before);
    });

    it("answers a guessed token as an unknown one, and a malformed one as bad input", async () => {
      const ann = await person();
      await invite(await company(), ann.email);
      const guessed = newToken();
      expect((await lookUp(guessed)).statusCode).toBe(404);
      expect((await accept(ann, guessed)).statusCode).toBe(404);
      for (const token of [
        "",
        "short",
        "x".repeat(201),
        "bad token with spaces!!",
        "../../etc/passwd/aaaaaaa",
      ]) {
        expect((await lookUp(token)).statusCode, token).toBe(400);
        expect((await accept(ann, token as string)).statusCode, token).toBe(400);
      }
      expect((await call("GET", "/api/invites")).statusCode).toBe(400);
      expect(await mine(ann)).toBeNull();
    });

    it("refuses a bad address or role, changing nothing", async () => {
      const acme = await company();
      const before = await unchanged();
      for (const payload of [
        { email: "not-an-address", role: "driver" },
        { email: `${"a".repeat(250)}@haulage.co.uk`, role: "driver" },
        { email: "ann@haulage.co.uk\r\nBcc: victim@evil.test", role: "driver" },
        { email: "ann@haulage.co.uk", role: "owner" },
        { email: "ann@haulage.co.uk" },
        { email: ["ann@haulage.co.uk"], role: "driver" },
      ]) {
        const res = await call("POST", `/api/organisations/${acme.id}/invites`, acme.admin.cookie, payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      }
      expect(await unchanged()).toEqual(before);
    });

    it("escapes a company name's markup in the mail, and keeps every typed name out of its headers", async () => {
      const name = `Acme <script>alert("x")</script> & <a href="https://evil.test">Sons</a>`;
      const acme = await company(name);
      const ann = await person();
      await call("POST", `/api/organisations/${acme.id}/invites`, acme.admin.cookie, {
        email: ann.email,
        role: "driver",
      });
      const [mail] = await drainOutbox();
      expect(mail?.subject).toBe(INVITE_SUBJECT);
      expect(mail?.html).not.toContain("<script>");
      expect(mail?.html).not.toContain('href="https://evil.test"');
      expect(mail?.html).toContain(
        "Acme &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;a href=",
      );
      expect(mail?.text).toContain(name);

      // A name that could not be typed (stored before, or by other means) with header text in it, through the
      // real mail transport: it reaches no header.
      await db()
        .updateTable("organisations")
        .set({ name: "Acme\r\nBcc: victim@evil.test\r\nSubject: Free money" })
        .where("id", "=", acme.id)
        .execute();
      await call("POST", `/api/organisations/${acme.id}/invites`, acme.admin.cookie, {
        email: ann.email,
        role: "driver",
      });
      const [injected] = await drainOutbox();
      const parsed = await mailOnTheWire(injected!);
      expect(parsed.subject).toBe(INVITE_SUBJECT);
      expect(parsed.bcc).toBeUndefined();
      expect(parsed.headers.has("bcc")).toBe(false);
      expect(recipientsOf(parsed)).toEqual([ann.email]);
    });

    it("limits invitations to one address to 5 a day, across companies, refusing the next whole", async () => {
      const acme = await company();
      const rival = await company("Rival Haulage Ltd");
      const target = "much.invited@haulage.co.uk";
      for (const from of [acme, acme, acme, rival, rival]) {
        const res = await call("POST", `/api/organisations/${from.id}/invites`, from.admin.cookie, {
          email: target,
          role: "driver",
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      await drainOutbox();
      const before = await unchanged();
      const refused = await call("POST", `/api/organisations/${acme.id}/invites`, acme.admin.cookie, {
        email: target.toUpperCase(),
        role: "driver",
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ code: "rate_limited" });
      expect(await unchanged()).toEqual(before);
      // Another address is not held up by it.
      expect(
        (
          await call("POST", `/api/organisations/${acme.id}/invites`, acme.admin.cookie, {
            email: "next@haulage.co.uk",
            role: "driver",
          })
        ).statusCode,
      ).toBe(201);
    });
  });

  describe("join codes", () => {
    const invitesOf = async (of: Company) => {
      const res = await call("GET", `/api/organisations/${of.id}/invites`, of.admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return (
        res.json() as { invites: Array<{ id: string; kind: string; uses: number; email: string | null }> }
      ).invites;
    };
    const revoke = (of: Company, id: string, by: Person = of.admin) =>
      call("DELETE", `/api/organisations/${of.id}/invites/${id}`, by.cookie);
    const usesOf = (token: string) => listInviteUses(db(), hashToken(token));

    it("answers a join link that lets in everyone who scans it as a driver, recording who joined", async () => {
      const acme = await company();
      const res = await call("POST", `/api/organisations/${acme.id}/join-codes`, acme.admin.cookie, {
        role: "driver",
      });
      expect(res.statusCode).toBe(201);
      const { id, joinUrl, role, expiresAt } = res.json() as {
        id: string;
        joinUrl: string;
        role: string;
        expiresAt: string;
      };
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(joinUrl).toMatch(/^http:\/\/sheets\.test\/join\?token=[\w-]{40,}$/);
      expect(role).toBe("driver");
      expect(expiresAt).toBe(new Date(START.getTime() + 7 * DAY_MS).toISOString());
      expect(await drainOutbox()).toEqual([]);
      const token = new URL(joinUrl).searchParams.get("token")!;
      expect((await lookUp(token)).json()).toEqual({
        organisationName: "Acme Plant Hire Ltd",
        role: "driver",
      });
      const [first, second] = [await person(), await person()];
      expect((await accept(first, token)).json()).toMatchObject({ id: acme.id, role: "driver" });
      clock = new Date(START.getTime() + 60_000);
      expect((await accept(second, token)).json()).toMatchObject({ id: acme.id, role: "driver" });
      expect((await lookUp(token)).statusCode).toBe(200);
      expect(await usesOf(token)).toEqual([
        { accountId: first.id, joinedAt: START.toISOString() },
        { accountId: second.id, joinedAt: clock.toISOString() },
      ]);
      expect(await invitesOf(acme)).toEqual([expect.objectContaining({ id, kind: "join-code", uses: 2 })]);
    });

    it("refuses a join code for a supervisor or an admin, so strangers holding one cannot take the company over", async () => {
      const acme = await company();
      const before = await unchanged();
      for (const body of [{ role: "admin" }, { role: "supervisor" }, {}, { role: "Admin" }]) {
        const res = await call("POST", `/api/organisations/${acme.id}/join-codes`, acme.admin.cookie, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json(), JSON.stringify(body)).toEqual({
          code: "validation_failed",
          message: `role: ${companyMessages.joinCodeForDriversOnly}`,
          key: "apiError.fieldInvalid",
          params: { field: "role", problem: companyMessages.joinCodeForDriversOnly },
        });
      }
      expect(await unchanged()).toEqual(before);

      // Two strangers who scan the company's code join as drivers, and can neither demote its founder nor
      // let more people in.
      const token = await joinCode(acme);
      const [mallory, trent] = [await person(), await person()];
      for (const stranger of [mallory, trent]) {
        expect((await accept(stranger, token)).json()).toMatchObject({ id: acme.id, role: "driver" });
      }
      const demote = await call(
        "PUT",
        `/api/organisations/${acme.id}/members/${acme.admin.id}`,
        mallory.cookie,
        {
          role: "driver",
        },
      );
      expect(demote.statusCode).toBe(403);
      const more = await call("POST", `/api/organisations/${acme.id}/join-codes`, trent.cookie, {
        role: "driver",
      });
      expect(more.statusCode).toBe(403);
      expect(await mine(acme.admin)).toMatchObject({ role: "admin" });
    });

    it("lets no one in by a join code for another role made before join codes were for drivers only", async () => {
      const acme = await company();
      const tokens: string[] = [];
      for (const role of ["admin", "supervisor"] as const) {
        const token = newToken();
        tokens.push(token);
        await db()
          .insertInto("invites")
          .values({
            token_hash: hashToken(token),
            id: randomUUID(),
            organisation_id: acme.id,
            email: null,
            role,
            created_by: acme.admin.id,
            created_at: START.toISOString(),
            expires_at: new Date(START.getTime() + 7 * DAY_MS).toISOString(),
            used_at: null,
            used_by: null,
            revoked_at: null,
            revoked_by: null,
          })
          .execute();
      }
      const stranger = await person();
      const snapshot = await unchanged();
      for (const token of tokens) {
        expect((await lookUp(token)).statusCode).toBe(404);
        const refused = await accept(stranger, token);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toMatchObject({ message: companyMessages.inviteInvalid });
      }
      expect(await unchanged()).toEqual(snapshot);
      expect(await mine(stranger)).toBeNull();
    });

    it("lets 50 accounts join by one code, most at once, each recorded once", async () => {
      const acme = await company();
      const token = await joinCode(acme);
      const people: Person[] = [];
      for (let i = 0; i < 50; i++) people.push(await person());
      for (let i = 0; i < people.length; i += 10) {
        const answers = await Promise.all(people.slice(i, i + 10).map((p) => accept(p, token)));
        expect(answers.map((r) => r.statusCode)).toEqual(Array(answers.length).fill(200));
      }
      const members = await db()
        .selectFrom("memberships")
        .select("account_id")
        .where("organisation_id", "=", acme.id)
        .execute();
      expect(members).toHaveLength(51);
      expect((await usesOf(token)).map((u) => u.accountId).sort()).toEqual(people.map((p) => p.id).sort());
      expect(await invitesOf(acme)).toEqual([expect.objectContaining({ uses: 50 })]);
      // Joining twice is not possible: the 50 are members already.
      expect((await accept(people[0]!, token)).statusCode).toBe(409);
      expect(await usesOf(token)).toHaveLength(50);
    });

    it("lets no one in once an admin revokes it; those who joined stay; it cannot be revoked twice", async () => {
      const acme = await company();
      const { id, token } = await newJoinCode(acme);
      const joined = await person();
      expect((await accept(joined, token)).statusCode).toBe(200);
      expect((await revoke(acme, id)).statusCode).toBe(204);
      const revoked = await db()
        .selectFrom("invites")
        .select(["revoked_at", "revoked_by"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(revoked).toEqual({ revoked_at: START.toISOString(), revoked_by: acme.admin.id });

      const late = await person();
      const before = await unchanged();
      expect((await lookUp(token)).statusCode).toBe(404);
      const refused = await accept(late, token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: companyMessages.inviteInvalid });
      const again = await revoke(acme, id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ message: english("apiError.inviteNotOpen") });
      expect(await unchanged()).toEqual(before);
      expect(await mine(joined)).toMatchObject({ id: acme.id });
      expect(await mine(late)).toBeNull();
      expect(await invitesOf(acme)).toEqual([]);
    });

    it("stops at 7 days: look-up, join and revocation refused, gone from the list, kept if anyone joined", async () => {
      const acme = await company();
      const used = await newJoinCode(acme);
      const unused = await newJoinCode(acme);
      const early = await person();
      expect((await accept(early, used.token)).statusCode).toBe(200);
      const late = await person();
      clock = new Date(START.getTime() + 7 * DAY_MS);
      const lateNow = await logInAgain(late);
      const adminNow = await logInAgain(acme.admin);
      const before = await unchanged();
      for (const code of [used, unused]) {
        expect((await lookUp(code.token)).statusCode).toBe(404);
        expect((await accept(lateNow, code.token)).statusCode).toBe(404);
        expect((await revoke(acme, code.id, adminNow)).statusCode).toBe(404);
        expect((await call("GET", `/api/organisations/${acme.id}/invites`, adminNow.cookie)).json()).toEqual({
          invites: [],
        });
      }
      expect(await unchanged()).toEqual(before);
      // The hourly clean-up takes the code no one joined by, and keeps the record of the other.
      expect(await deleteExpiredInvites(db(), clock)).toBeGreaterThanOrEqual(1);
      const left = await db()
        .selectFrom("invites")
        .select("id")
        .where("organisation_id", "=", acme.id)
        .execute();
      expect(left).toEqual([{ id: used.id }]);
      expect(await usesOf(used.token)).toHaveLength(1);
    });

    it("refuses an account already in a company, recording nothing, and lets others in after", async () => {
      const acme = await company();
      const rival = await company("Rival Haulage Ltd");
      const token = await joinCode(acme);
      const refused = await accept(rival.admin, token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: english("apiError.alreadyInOrganisation") });
      expect(await usesOf(token)).toEqual([]);
      expect((await accept(await person(), token)).statusCode).toBe(200);
    });

    it("refuses a malformed invitation id, and one of a mailed invitation already used", async () => {
      const acme = await company();
      const ann = await person();
      const mailed = await invite(acme, ann.email);
      const [listed] = await invitesOf(acme);
      expect(listed).toMatchObject({ kind: "email", email: ann.email, uses: 0 });
      expect((await accept(ann, mailed)).statusCode).toBe(200);
      expect(await invitesOf(acme)).toEqual([]);
      expect((await revoke(acme, listed!.id)).statusCode).toBe(404);
      for (const bad of ["not-an-id", "1", `${listed!.id}x`]) {
        expect((await revoke(acme, bad)).statusCode, bad).toBe(400);
      }
    });

    it("withdraws a mailed invitation: its link then says it is not valid", async () => {
      const acme = await company();
      const ann = await person();
      const token = await invite(acme, ann.email);
      const [listed] = await invitesOf(acme);
      expect((await revoke(acme, listed!.id)).statusCode).toBe(204);
      expect((await lookUp(token)).statusCode).toBe(404);
      expect((await accept(ann, token)).json()).toMatchObject({ message: companyMessages.inviteInvalid });
      expect(await mine(ann)).toBeNull();
    });

    it("uses a mailed invitation once when its account accepts it twice at the same moment", async () => {
      const acme = await company();
      const ann = await person();
      const token = await invite(acme, ann.email);
      const annElsewhere = await logInAgain(ann);
      const answers = await Promise.all([accept(ann, token), accept(annElsewhere, token)]);
      expect(answers.map((r) => r.statusCode).filter((code) => code === 200)).toHaveLength(1);
      expect(await usesOf(token)).toHaveLength(1);
    });
  });

  describe("roles and members", () => {
    const setRole = (by: Person, of: Company, target: Person, role: string) =>
      call("PUT", `/api/organisations/${of.id}/members/${target.id}`, by.cookie, { role });

    it("lets an admin change roles; the new role is what the member may then do", async () => {
      const acme = await company();
      const dave = await member(acme, "driver");
      expect(
        (await call("GET", `/api/organisations/${acme.id}/forms?kind=timesheet`, dave.cookie)).statusCode,
      ).toBe(403);
      expect((await setRole(acme.admin, acme, dave, "supervisor")).statusCode).toBe(204);
      expect(
        (await call("GET", `/api/organisations/${acme.id}/forms?kind=timesheet`, dave.cookie)).statusCode,
      ).toBe(200);
      expect((await setRole(acme.admin, acme, dave, "admin")).statusCode).toBe(204);
      expect(
        (await call("POST", `/api/organisations/${acme.id}/join-codes`, dave.cookie, { role: "driver" }))
          .statusCode,
      ).toBe(201);
      expect((await setRole(acme.admin, acme, dave, "boss")).statusCode).toBe(400);
    });

    it("never demotes, removes or lets go the last admin", async () => {
      const acme = await company();
      const before = await unchanged();
      const demoted = await setRole(acme.admin, acme, acme.admin, "driver");
      expect(demoted.statusCode).toBe(409);
      expect(demoted.json()).toMatchObject({ message: english("apiError.lastAdminDemoted") });
      expect(
        (await call("DELETE", `/api/organisations/${acme.id}/members/${acme.admin.id}`, acme.admin.cookie))
          .statusCode,
      ).toBe(409);
      expect((await call("POST", `/api/organisations/${acme.id}/leave`, acme.admin.cookie)).statusCode).toBe(
        409,
      );
      expect(await unchanged()).toEqual(before);

      const second = await member(acme, "admin");
      expect((await setRole(second, acme, acme.admin, "driver")).statusCode).toBe(204);
      expect((await setRole(acme.admin, acme, second, "driver")).statusCode).toBe(403);
      expect((await setRole(second, acme, second, "driver")).statusCode).toBe(409);
    });

    it("keeps one admin when two demote each other at the same moment", async () => {
      const acme = await company();
      const second = await member(acme, "admin");
      const answers = await Promise.all([
        setRole(acme.admin, acme, second, "driver"),
        setRole(second, acme, acme.admin, "driver"),
      ]);
      const admins = await db()
        .selectFrom("memberships")
        .select("account_id")
        .where("organisation_id", "=", acme.id)
        .where("role", "=", "admin")
        .execute();
      expect(admins).toHaveLength(1);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 403].sort());
    });
  });

  describe("forms of members", () => {
    const timesheets = (of: Company, who: Person) =>
      call("GET", `/api/organisations/${of.id}/forms?kind=timesheet`, who.cookie);
    const idsIn = async (res: Awaited<ReturnType<typeof call>>) =>
      (res.json() as { items: Array<{ id: string }> }).items.map((item) => item.id).sort();
    const organisationOf = async (formId: string) =>
      (
        await db()
          .selectFrom("forms")
          .select("organisation_id")
          .where("id", "=", formId)
          .executeTakeFirstOrThrow()
      ).organisation_id;

    it("belong to the company from when the member joined; supervisors see them, other companies never", async () => {
      const acme = await company();
      const rival = await company("Rival Haulage Ltd");
      const supervisor = await member(acme, "supervisor");
      const dave = await person();
      const before = await testApp.createDraft("timesheets", dave.cookie, { company: "Before joining" });
      await member(acme, "driver", dave);
      const after = await testApp.createDraft("timesheets", dave.cookie, { company: "After joining" });
      const check = await testApp.createDraft("check-sheets", dave.cookie, {});
      const individual = await testApp.createDraft("timesheets", (await person()).cookie, {});
      const oneStepId = randomUUID();
      const oneStep = await call("POST", "/api/timesheets/one-step-completion", dave.cookie, {
        timesheetData: signedWeek({ id: oneStepId }),
        supervisorRating: "happy",
      });
      expect(oneStep.statusCode, oneStep.body).toBe(200);

      expect(await organisationOf(before)).toBeNull();
      expect(await organisationOf(after)).toBe(acme.id);
      expect(await organisationOf(check)).toBe(acme.id);
      expect(await organisationOf(oneStepId)).toBe(acme.id);
      expect(await organisationOf(individual)).toBeNull();

      expect(await idsIn(await timesheets(acme, supervisor))).toEqual([after, oneStepId].sort());
      expect(await idsIn(await timesheets(acme, acme.admin))).toEqual([after, oneStepId].sort());
      const checks = await call(
        "GET",
        `/api/organisations/${acme.id}/forms?kind=check-sheet`,
        supervisor.cookie,
      );
      expect(await idsIn(checks)).toEqual([check]);
      expect(await idsIn(await timesheets(rival, rival.admin))).toEqual([]);
      expect((await timesheets(acme, rival.admin)).statusCode).toBe(404);
      // The driver's own lists are as they were: every form of theirs, and nobody else's.
      const own = (await call("GET", "/api/timesheets", dave.cookie)).json() as Array<{ id: string }>;
      expect(own.map((f) => f.id).sort()).toEqual([before, after, oneStepId].sort());
    });

    it("stay with the company when their driver is removed or leaves, and stay the driver's too", async () => {
      const acme = await company();
      const supervisor = await member(acme, "supervisor");
      const removed = await member(acme, "driver");
      const leaver = await member(acme, "driver");
      const removedForm = await testApp.createDraft("timesheets", removed.cookie, {});
      const leaverForm = await testApp.createDraft("timesheets", leaver.cookie, {});

      expect(
        (await call("DELETE", `/api/organisations/${acme.id}/members/${removed.id}`, acme.admin.cookie))
          .statusCode,
      ).toBe(204);
      expect((await call("POST", `/api/organisations/${acme.id}/leave`, leaver.cookie)).statusCode).toBe(204);
      expect(await mine(removed)).toBeNull();
      expect(await mine(leaver)).toBeNull();
      expect((await call("GET", `/api/organisations/${acme.id}`, removed.cookie)).statusCode).toBe(404);

      const later = await testApp.createDraft("timesheets", leaver.cookie, {});
      expect(await organisationOf(later)).toBeNull();
      expect(await idsIn(await timesheets(acme, supervisor))).toEqual([removedForm, leaverForm].sort());
      for (const [who, id] of [
        [removed, removedForm],
        [leaver, leaverForm],
      ] as const) {
        expect((await call("GET", `/api/timesheets/${id}`, who.cookie)).statusCode).toBe(200);
      }
    });

    it("page through with a cursor, and refuse a bad kind or cursor", async () => {
      const acme = await company();
      const dave = await member(acme, "driver");
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        clock = new Date(START.getTime() + i * 60_000);
        ids.push(await testApp.createDraft("timesheets", dave.cookie, {}));
      }
      const first = (
        await call("GET", `/api/organisations/${acme.id}/forms?kind=timesheet&limit=2`, acme.admin.cookie)
      ).json() as {
        items: Array<{ id: string }>;
        nextCursor: string;
      };
      expect(first.items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
      const second = (
        await call(
          "GET",
          `/api/organisations/${acme.id}/forms?kind=timesheet&limit=2&cursor=${first.nextCursor}`,
          acme.admin.cookie,
        )
      ).json() as { items: Array<{ id: string }>; nextCursor: string | null };
      expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
      for (const query of [
        "",
        "?kind=invoice",
        "?kind=timesheet&limit=1000",
        "?kind=timesheet&cursor=nonsense",
      ]) {
        expect(
          (await call("GET", `/api/organisations/${acme.id}/forms${query}`, acme.admin.cookie)).statusCode,
          query,
        ).toBe(400);
      }
    });
  });

  describe("customers and vehicles", () => {
    const customerIds = async (who?: Person) =>
      ((await call("GET", "/api/customers", who?.cookie)).json() as Array<{ id: string }>)
        .map((c) => c.id)
        .sort();
    const qrCodes = async (who?: Person) =>
      ((await call("GET", "/api/vehicles", who?.cookie)).json() as Array<{ qrCode: string }>)
        .map((v) => v.qrCode)
        .sort();
    const shared = {
      customers: SAMPLE_CUSTOMERS.map((c) => c.id).sort(),
      vehicles: SAMPLE_VEHICLES.map((v) => v.qrCode).sort(),
    };

    it("are the shared lists for individuals, callers without an account and companies without their own", async () => {
      const acme = await company();
      const dave = await member(acme, "driver");
      for (const who of [undefined, await person(), dave, acme.admin]) {
        expect(await customerIds(who)).toEqual(shared.customers);
        expect(await qrCodes(who)).toEqual(shared.vehicles);
      }
    });

    it("are a company's own once it has them, seen by its members only", async () => {
      const acme = await company();
      const rival = await company("Rival Haulage Ltd");
      const dave = await member(acme, "driver");
      const individual = await person();
      await db()
        .insertInto("customers")
        .values({
          id: "acme-client",
          name: "Acme's Client Ltd",
          requires_order_validation: 1,
          organisation_id: acme.id,
        })
        .execute();
      await db()
        .insertInto("vehicles")
        .values({
          qr_code: "ACME-EX-9",
          machine_number: "JCB 86C",
          plant_number: "ACME-9",
          vehicle_type: "Excavator",
          description: "",
          check_template: "excavator",
          organisation_id: acme.id,
        })
        .execute();

      for (const who of [dave, acme.admin]) {
        expect(await customerIds(who)).toEqual(["acme-client"]);
        expect(await qrCodes(who)).toEqual(["ACME-EX-9"]);
        expect((await call("GET", "/api/vehicles/qr/acme-ex-9", who.cookie)).statusCode).toBe(200);
        expect(
          (await call("GET", `/api/vehicles/qr/${SAMPLE_VEHICLES[0]!.qrCode}`, who.cookie)).statusCode,
        ).toBe(404);
        const order = await call("POST", "/api/customers/acme-client/validate-order", who.cookie, {
          orderNumber: "P-1",
        });
        expect(order.statusCode).toBe(200);
      }
      for (const who of [undefined, individual, rival.admin]) {
        expect(await customerIds(who)).toEqual(shared.customers);
        expect(await qrCodes(who)).toEqual(shared.vehicles);
        expect((await call("GET", "/api/vehicles/qr/ACME-EX-9", who?.cookie)).statusCode).toBe(404);
        const order = await call("POST", "/api/customers/acme-client/validate-order", who?.cookie, {
          orderNumber: "P-1",
        });
        expect(order.statusCode).toBe(404);
      }
    });
  });
});

describe.each(testDatabases())("invitations and the account's mail limit on $name", ({ open }) => {
  const testApp = useTestApp(open, {
    now: () => START,
    env: () => ({ ACCOUNT_MAILS_PER_HOUR: "2" }),
  });
  const { company } = organisationHelpers(testApp);

  it("count as mail of the admin's account, with completed forms", async () => {
    const acme = await company();
    const send = (email: string) =>
      testApp.call("POST", `/api/organisations/${acme.id}/invites`, acme.admin.cookie, {
        email,
        role: "driver",
      });
    expect((await send("one@haulage.co.uk")).statusCode).toBe(201);
    expect((await send("two@haulage.co.uk")).statusCode).toBe(201);
    const refused = await send("three@haulage.co.uk");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe(String(60 * 60));
    expect(await testApp.drainOutbox()).toHaveLength(2);
  });
});
