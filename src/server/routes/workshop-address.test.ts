import { beforeEach, describe, expect, it } from "vitest";
import type { FleetResponse, WorkshopAddress } from "../../domain/checks/vehicle-defects";
import { companyMessages } from "../../domain/text/company-messages";
import { hashToken } from "../auth/sessions";
import { SAMPLE_VEHICLES, seedSampleData } from "../db/seed";
import { testDatabases } from "../db/test-databases";
import { WORKSHOP_LINK_SUBJECT } from "../mail/organisation-mails";
import { signedCheckSheet } from "../pdf/pdf-fixtures";
import { databaseSnapshot } from "../test-support/database-snapshot";
import { mailOnTheWire, recipientsOf } from "../test-support/mail-on-the-wire";
import { type Company, organisationHelpers, type Person } from "../test-support/organisation-world";
import { useTestApp } from "../test-support/test-app";

const START = new Date("2025-06-10T09:00:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const EXCAVATOR = SAMPLE_VEHICLES[0]!;

describe.each(testDatabases())("the workshop address and its confirmation, on $name", ({ open }) => {
  let clock = START;
  const testApp = useTestApp(open, { now: () => clock, prepare: seedSampleData });
  const { call, createDraft, drainOutbox } = testApp;
  const { company, member } = organisationHelpers(testApp);
  const db = () => testApp.database.db;
  const unchanged = () => databaseSnapshot(testApp.database, { except: ["rate_limits"] });

  beforeEach(async () => {
    clock = START;
    await drainOutbox();
    // Each test starts with fresh limits: what one test sends must not refuse another's.
    await db().deleteFrom("rate_limits").execute();
  });

  const setWorkshop = (of: Company, email: string | null, who: Person = of.admin) =>
    call("PUT", `/api/organisations/${of.id}/workshop`, who.cookie, { email });
  const resend = (of: Company, who: Person = of.admin) =>
    call("POST", `/api/organisations/${of.id}/workshop/link`, who.cookie);
  const lookUp = (token: string) =>
    call("GET", `/api/workshop-confirmation?token=${encodeURIComponent(token)}`);
  const confirm = (token: string) => call("POST", "/api/workshop-confirmation", undefined, { token });
  const workshopOf = async (of: Company): Promise<WorkshopAddress | null> => {
    const res = await call("GET", `/api/organisations/${of.id}/fleet`, of.admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as FleetResponse).workshop;
  };
  /** The link mailed to `email` (taken out of the queue): its token. */
  const linkTo = async (email: string) => {
    const mails = (await drainOutbox()).filter((mail) => mail.subject === WORKSHOP_LINK_SUBJECT);
    expect(mails.map((mail) => mail.to)).toEqual([[email]]);
    const token = /\/confirm-workshop\?token=([\w-]+)/.exec(mails[0]!.text ?? "")?.[1];
    if (!token) throw new Error(`no link mailed to ${email}`);
    return token;
  };
  /** A driver of the company sends a check sheet with a defect on the excavator: the alerts it queued. */
  const alertsOfASheet = async (driver: Person) => {
    await createDraft("check-sheets", driver.cookie, {
      ...signedCheckSheet("2025-06-09", { plantNumber: EXCAVATOR.plantNumber, photos: [] }),
      status: "ready_for_approval",
    });
    return (await drainOutbox()).filter((mail) => mail.subject.startsWith("Defect reported"));
  };

  it("mails a link to a new address; opening its page confirms nothing, pressing Confirm does, once", async () => {
    const acme = await company(`Acme <b>Plant</b> & "Sons"`);
    const dave = await member(acme, "driver");
    const set = await setWorkshop(acme, " Workshop@Acme.co.uk ");
    expect(set.statusCode, set.body).toBe(200);
    const waiting = { email: "Workshop@Acme.co.uk", confirmedAt: null, linkSentAt: START.toISOString() };
    expect(set.json()).toEqual({ workshop: waiting });
    expect(await workshopOf(acme)).toEqual(waiting);

    const [mail] = await drainOutbox();
    expect(mail!.subject).toBe(WORKSHOP_LINK_SUBJECT);
    expect(mail!.html).toContain("Acme &lt;b&gt;Plant&lt;/b&gt; &amp; &quot;Sons&quot;");
    const token = /\/confirm-workshop\?token=([\w-]+)/.exec(mail!.text ?? "")![1]!;
    expect(mail!.text).toContain(`http://sheets.test/confirm-workshop?token=${token}`);
    // Only the token's hash is kept.
    const stored = await db()
      .selectFrom("organisations")
      .selectAll()
      .where("id", "=", acme.id)
      .executeTakeFirstOrThrow();
    expect(stored.workshop_token_hash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    // Opened (by the person, or a mail scanner fetching the link): it says who asks, and changes nothing.
    const before = await unchanged();
    const page = await lookUp(token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({
      organisationName: `Acme <b>Plant</b> & "Sons"`,
      email: "Workshop@Acme.co.uk",
      alertsPerHour: 30,
    });
    expect(await unchanged()).toEqual(before);
    expect(await alertsOfASheet(dave)).toEqual([]);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: "Workshop@Acme.co.uk" });
    expect(await workshopOf(acme)).toEqual({ ...waiting, confirmedAt: START.toISOString() });
    expect((await alertsOfASheet(dave)).map((alert) => alert.to)).toEqual([["Workshop@Acme.co.uk"]]);

    // Used: the same answer as a link never sent, and nothing changes.
    const afterUse = await unchanged();
    const again = await confirm(token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      code: "not_found",
      message: companyMessages.workshopLinkInvalid,
      key: "workshopLink.invalid",
    });
    expect((await lookUp(token)).json()).toEqual(again.json());
    expect(await unchanged()).toEqual(afterUse);

    // The address it has, confirmed, saved again (in any case): nothing is sent and it stays confirmed.
    expect((await setWorkshop(acme, "workshop@acme.co.uk")).json()).toEqual({
      workshop: { ...waiting, confirmedAt: START.toISOString() },
    });
    expect(await drainOutbox()).toEqual([]);
    expect((await resend(acme)).statusCode).toBe(409);
  });

  it("answers a made-up, an expired and a replaced link as it does a used one, and each confirms nothing", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    await setWorkshop(acme, "workshop@acme.co.uk");
    const first = await linkTo("workshop@acme.co.uk");
    clock = new Date(START.getTime() + 60_000);
    const resent = await resend(acme);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({
      workshop: { email: "workshop@acme.co.uk", confirmedAt: null, linkSentAt: clock.toISOString() },
    });
    const second = await linkTo("workshop@acme.co.uk");

    const before = await unchanged();
    const invalid = {
      code: "not_found",
      message: companyMessages.workshopLinkInvalid,
      key: "workshopLink.invalid",
    };
    for (const token of [first, "x".repeat(43), second.slice(0, -1) + (second.endsWith("A") ? "B" : "A")]) {
      for (const answer of [await lookUp(token), await confirm(token)]) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual(invalid);
      }
    }
    // Malformed: bad input, the same whatever it is.
    for (const token of ["", "short", "a b c d e f g h i j k l", "ü".repeat(20)]) {
      expect((await confirm(token)).statusCode).toBe(400);
    }
    expect((await call("POST", "/api/workshop-confirmation", undefined, {})).statusCode).toBe(400);

    // The newest link works for 7 days and not a moment longer.
    clock = new Date(START.getTime() + 60_000 + 7 * DAY_MS);
    for (const answer of [await lookUp(second), await confirm(second)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(invalid);
    }
    expect(await unchanged()).toEqual(before);
    clock = START;
    expect(await alertsOfASheet(dave)).toEqual([]);
  });

  it("confirms only the company a link was sent for: another company's link leaves this one waiting", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    const rival = await company("Rival Haulage Ltd");
    await setWorkshop(acme, "victim@buildco.co.uk");
    await linkTo("victim@buildco.co.uk");
    // The rival's admin sets an address they read, confirms their own link, and holds a token that works.
    await setWorkshop(rival, "mine@rival-haulage.co.uk");
    const rivals = await linkTo("mine@rival-haulage.co.uk");
    expect((await confirm(rivals)).json()).toMatchObject({
      organisationName: "Rival Haulage Ltd",
      email: "mine@rival-haulage.co.uk",
    });
    expect(await workshopOf(acme)).toMatchObject({ email: "victim@buildco.co.uk", confirmedAt: null });
    expect(await alertsOfASheet(dave)).toEqual([]);
    // Used once, the rival's token confirms nothing else either.
    expect((await confirm(rivals)).statusCode).toBe(404);
    // Neither admin may send the other company's link again, or set its address.
    expect((await resend(acme, rival.admin)).statusCode).toBe(404);
    expect((await setWorkshop(acme, "mine@rival-haulage.co.uk", rival.admin)).statusCode).toBe(404);
    expect((await resend(acme, dave)).statusCode).toBe(403);
  });

  it("needs a new confirmation for a changed address, and the old address's link stops working", async () => {
    const acme = await company();
    const dave = await member(acme, "driver");
    await setWorkshop(acme, "old@acme.co.uk");
    await confirm(await linkTo("old@acme.co.uk"));
    expect(await alertsOfASheet(dave)).toHaveLength(1);

    // Changed: nothing goes to either address until the new one confirms.
    const changed = await setWorkshop(acme, "new@acme.co.uk");
    expect(changed.json()).toEqual({
      workshop: { email: "new@acme.co.uk", confirmedAt: null, linkSentAt: START.toISOString() },
    });
    const newLink = await linkTo("new@acme.co.uk");
    expect(await alertsOfASheet(dave)).toEqual([]);

    // Changed back before that: the old address must confirm again, and the new one's link is dead.
    await setWorkshop(acme, "old@acme.co.uk");
    const oldAgain = await linkTo("old@acme.co.uk");
    expect(await alertsOfASheet(dave)).toEqual([]);
    expect((await confirm(newLink)).statusCode).toBe(404);
    expect((await confirm(oldAgain)).statusCode).toBe(200);
    expect((await alertsOfASheet(dave)).map((alert) => alert.to)).toEqual([["old@acme.co.uk"]]);

    // Cleared: the alerts stop, and the fleet says so.
    expect((await setWorkshop(acme, "")).json()).toEqual({ workshop: null });
    expect(await workshopOf(acme)).toBeNull();
    expect(await alertsOfASheet(dave)).toEqual([]);
    expect((await resend(acme)).statusCode).toBe(404);
  });

  it("refuses an address that would add a recipient or a header, and no typed text reaches the link's headers", async () => {
    const acme = await company();
    const before = await unchanged();
    for (const email of [
      "workshop@acme.co.uk\r\nBcc: victim@evil.test",
      "workshop@acme.co.uk\nBcc: victim@evil.test",
      "workshop@acme.co.uk\rBcc: victim@evil.test",
      "workshop@acme.co.uk\u2028Bcc: victim@evil.test",
      "workshop@acme.co.uk, victim@evil.test",
      "workshop@acme.co.uk;victim@evil.test",
      '"Workshop" <workshop@acme.co.uk>',
      "Workshop <workshop@acme.co.uk>, victim@evil.test",
      "workshop@acme.co.uk%0d%0aBcc:victim@evil.test",
      "=?utf-8?q?x=0d=0aBcc:victim@evil.test?=@acme.co.uk",
    ]) {
      const res = await setWorkshop(acme, email);
      expect(res.statusCode, email).toBe(400);
    }
    expect(await unchanged()).toEqual(before);
    expect(await drainOutbox()).toEqual([]);

    // A real link, through the real mail transport, from a company whose name (stored by other means) carries
    // header text: one recipient, and its subject as written.
    await db()
      .updateTable("organisations")
      .set({ name: "Acme\r\nBcc: victim@evil.test\r\nSubject: Free money" })
      .where("id", "=", acme.id)
      .execute();
    await setWorkshop(acme, "workshop@acme.co.uk");
    const [link] = await drainOutbox();
    const parsed = await mailOnTheWire(link!);
    expect(parsed.subject).toBe(WORKSHOP_LINK_SUBJECT);
    expect(parsed.headers.has("bcc")).toBe(false);
    expect(parsed.headers.has("cc")).toBe(false);
    expect(recipientsOf(parsed)).toEqual(["workshop@acme.co.uk"]);
  });

  it("sends one address at most 3 links a day from every company together, and one company at most 10, refusing the next whole", async () => {
    const companies = [await company("One Ltd"), await company("Two Ltd"), await company("Three Ltd")];
    for (const [i, of] of companies.entries()) {
      const res = await setWorkshop(of, i === 1 ? "VICTIM@buildco.co.uk" : "victim@buildco.co.uk");
      expect(res.statusCode, res.body).toBe(200);
    }
    await drainOutbox();
    const fourth = await company("Four Ltd");
    const before = await unchanged();
    const refused = await setWorkshop(fourth, "victim@buildco.co.uk");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: "rate_limited" });
    expect(await unchanged()).toEqual(before);
    // Another address is not held up by it.
    expect((await setWorkshop(fourth, "yard@four.co.uk")).statusCode).toBe(200);

    // One company: 10 links a day, whatever the addresses (Four has sent one).
    for (let i = 0; i < 9; i += 1) {
      expect((await setWorkshop(fourth, `yard${i}@four.co.uk`)).statusCode).toBe(200);
    }
    expect((await resend(fourth)).statusCode).toBe(429);
    expect((await setWorkshop(fourth, "another@four.co.uk")).statusCode).toBe(429);
    // Each link was mail of the admin's account.
    const counted = await db()
      .selectFrom("rate_limits")
      .select("hits")
      .where("key", "=", `mail:account:${fourth.admin.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(counted.hits)).toBe(10);
  });
});
