import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { SESSION_COOKIE } from "../auth/sessions";
import { loadConfig } from "../config";
import type { Database } from "../db/database";
import { claimBatch, type OutboxMessage } from "../db/outbox-repository";
import { testDatabases } from "../db/test-databases";
import { PHOTOS, signedCheckSheet } from "../pdf/pdf-fixtures";
import { databaseSnapshot } from "../test-support/database-snapshot";
import { signUp } from "../test-support/sign-up";
import { signedWeek } from "../test-support/signed-week";
import { uploadTestPhoto } from "./upload-test-photo";

const ORIGIN = "http://sheets.test";
const ATTACKER = "203.0.113.66";
const DRIVER = "198.51.100.7";

interface Started {
  app: FastifyInstance;
  database: Database;
}

interface Send {
  ip: string;
  to: readonly string[];
  cookie?: string;
  overrides?: Record<string, unknown>;
}

/** A week signed on its last day, as a driver sends it. */
const timesheetBody = (send: Send) => ({
  timesheetData: signedWeek({ submissionEmails: send.to, ...send.overrides }),
  supervisorRating: "happy",
});

const checkBody = (send: Send, checkDate: string) => {
  const { status: _status, submittedAt: _submittedAt, ...fields } = signedCheckSheet(checkDate);
  return {
    checkSheetData: { ...fields, photos: [], submissionEmails: send.to, ...send.overrides },
    supervisorRating: "happy",
  };
};

const addresses = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}@buildco.co.uk`);

describe.each(testDatabases())("one-step completion mail limits on $name", ({ open }) => {
  const cleanUp: Array<() => Promise<unknown>> = [];
  // Saturday of the week the forms are for, mid-afternoon: when a driver sends a week's paperwork.
  let clock = new Date("2025-06-07T15:00:00.000Z");

  afterEach(async () => {
    for (const step of cleanUp.splice(0).reverse()) await step();
    clock = new Date("2025-06-07T15:00:00.000Z");
  });

  async function start(env: Record<string, string> = {}, shared?: Database): Promise<Started> {
    const dataDir = await mkdtemp(join(tmpdir(), "plant-sheets-mail-limits-"));
    cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = shared ?? (await open());
    if (!shared) cleanUp.push(() => database.close());
    const app = await buildApp({
      config: loadConfig({ PUBLIC_URL: ORIGIN, DATA_DIR: dataDir, ...env }),
      database,
      now: () => clock,
    });
    cleanUp.push(() => app.close());
    return { app, database };
  }

  const timesheet = ({ app }: Started, send: Send) =>
    app.inject({
      method: "POST",
      url: "/api/timesheets/one-step-completion",
      remoteAddress: send.ip,
      headers: { origin: ORIGIN, ...(send.cookie ? { cookie: send.cookie } : {}) },
      payload: timesheetBody(send),
    });

  const check = ({ app }: Started, send: Send, checkDate = "2025-06-07") =>
    app.inject({
      method: "POST",
      url: "/api/one-step-completion/check-sheet",
      remoteAddress: send.ip,
      headers: { origin: ORIGIN, ...(send.cookie ? { cookie: send.cookie } : {}) },
      payload: checkBody(send, checkDate),
    });

  async function register({ app }: Started, email: string, ip = DRIVER): Promise<string> {
    const res = await signUp(app, {
      payload: { fullName: "Dave Digger", email, password: "secret12" },
      headers: { origin: ORIGIN },
      remoteAddress: ip,
    });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!cookie) throw new Error(`sign-up failed: ${res.body}`);
    return `${SESSION_COOKIE}=${cookie.value}`;
  }

  const queued = async ({ database }: Started) =>
    Number(
      (
        await database.db
          .selectFrom("mail_outbox")
          .select(({ fn }) => fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const takeMail = ({ database }: Started): Promise<OutboxMessage[]> =>
    claimBatch(database.db, "test", 1000, new Date("2030-01-01T00:00:00Z"));

  /** Sends in groups of ten at a time, as concurrent clients would, and returns the answers in order. */
  async function burst<T>(count: number, one: (i: number) => Promise<T>): Promise<T[]> {
    const answers: T[] = [];
    for (let i = 0; i < count; i += 10) {
      answers.push(
        ...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, j) => one(i + j)))),
      );
    }
    return answers;
  }

  function expectRefusedForNow(res: {
    statusCode: number;
    headers: Record<string, unknown>;
    json(): unknown;
  }) {
    expect(res.statusCode).toBe(429);
    const seconds = Number(res.headers["retry-after"]);
    expect(Number.isInteger(seconds)).toBe(true);
    expect(seconds).toBeGreaterThan(0);
    return seconds;
  }

  it("replays the open relay (100 requests x 20 addresses, one client address, no session): nothing is sent", async () => {
    const server = await start();
    const before = await databaseSnapshot(server.database);
    const answers = await burst(100, (i) =>
      timesheet(server, { ip: ATTACKER, to: addresses(`victim${i}-`, 20) }),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        "Without an account a form can be emailed to at most 5 addresses. Remove some, or create an account to send to more.",
      );
    }
    expect(await databaseSnapshot(server.database)).toEqual(before);
  }, 120_000);

  it("lets the same attacker, within 5 addresses a request, queue only the address's hourly limit; the rest 429 and change nothing", async () => {
    const server = await start();
    const answers = await burst(100, (i) =>
      timesheet(server, { ip: ATTACKER, to: addresses(`victim${i}-`, 5) }),
    );
    const sent = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode !== 200);
    // The default limit: 60 mails an hour from one client address without an account.
    expect(sent).toHaveLength(12);
    expect(await queued(server)).toBe(60);
    for (const res of refused) {
      expect(expectRefusedForNow(res)).toBeLessThanOrEqual(3600);
      expect(res.json()).toMatchObject({ code: "rate_limited" });
      expect(res.json().message).toMatch(
        /^Too many forms have been emailed without an account for now\. To send this one, create an account or try again in \d+ minutes?\.$/,
      );
    }

    // A refused request changes nothing at all, not even the counts; nor does one carrying a photo claim it.
    const photo = await uploadTestPhoto(server.app, { origin: ORIGIN, bytes: Buffer.from(PHOTOS[0]!.data) });
    const before = await databaseSnapshot(server.database);
    const withPhoto = await server.app.inject({
      method: "POST",
      url: "/api/one-step-completion/check-sheet",
      remoteAddress: ATTACKER,
      headers: { origin: ORIGIN },
      payload: checkBody(
        { ip: ATTACKER, to: ["victim@buildco.co.uk"], overrides: { photos: [photo] } },
        "2025-06-07",
      ),
    });
    const wait = expectRefusedForNow(withPhoto);
    expect(await databaseSnapshot(server.database)).toEqual(before);

    // Once the wait it named is over, the address may send again.
    clock = new Date(clock.getTime() + wait * 1000);
    expect((await timesheet(server, { ip: ATTACKER, to: ["office@buildco.co.uk"] })).statusCode).toBe(200);
  }, 120_000);

  it("counts across instances: two servers on one database let one address through only once", async () => {
    const first = await start();
    const second = await start({}, first.database);
    const answers = await burst(30, (i) =>
      timesheet(i % 2 ? first : second, { ip: ATTACKER, to: addresses(`split${i}-`, 5) }),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(12);
    expect(await queued(first)).toBe(60);
  }, 120_000);

  it("limits one recipient per day, whatever the sending addresses", async () => {
    const server = await start();
    const answers = await burst(50, (i) =>
      timesheet(server, { ip: `192.0.2.${i + 1}`, to: ["Victim@BuildCo.co.uk"] }),
    );
    // The default: 40 mails a day to one recipient from forms sent without an account.
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(40);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      const seconds = expectRefusedForNow(res);
      expect(seconds).toBeLessThanOrEqual(24 * 3600);
      expect(res.json().message).toMatch(/create an account or try again in \d+ (minutes?|hours)\.$/);
    }
    // The same address in another case is the same recipient.
    expectRefusedForNow(await timesheet(server, { ip: "192.0.2.200", to: ["victim@buildco.co.uk"] }));
    expect(await queued(server)).toBe(40);
  }, 120_000);

  it("stops all anonymous mail at the global ceiling, from however many addresses", async () => {
    const server = await start({ ANON_MAILS_PER_HOUR: "20" });
    const answers = await burst(8, (i) =>
      timesheet(server, { ip: `192.0.2.${i + 1}`, to: addresses(`wide${i}-`, 5) }),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(4);
    for (const res of answers.filter((r) => r.statusCode !== 200)) expectRefusedForNow(res);
    expect(await queued(server)).toBe(20);
    // Account holders are not held by the anonymous ceiling.
    const cookie = await register(server, "ceiling@haulage.co.uk");
    expect(
      (await timesheet(server, { ip: "192.0.2.1", to: ["office@buildco.co.uk"], cookie })).statusCode,
    ).toBe(200);
  }, 120_000);

  it("never refuses a driver's real day: 2 timesheets and 7 check sheets to 3 addresses, two drivers behind one address", async () => {
    const server = await start();
    const offices = ["site.office@buildco.co.uk", "accounts@buildco.co.uk", "plant@acmehire.co.uk"];
    for (const driver of ["Dave Digger", "Ola Nowak"]) {
      for (const plantNumber of ["EX-042", "DU-007"]) {
        const res = await timesheet(server, {
          ip: DRIVER,
          to: offices,
          overrides: { plantNumber, driverSignedName: driver, operatorSignedName: driver },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      for (const [i, checkDate] of [
        "2025-06-02",
        "2025-06-03",
        "2025-06-04",
        "2025-06-05",
        "2025-06-06",
        "2025-06-07",
        "2025-06-07",
      ].entries()) {
        const res = await check(
          server,
          { ip: DRIVER, to: offices, overrides: { plantNumber: `EX-0${i}`, driverSignedName: driver } },
          checkDate,
        );
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    expect(await queued(server)).toBe(2 * 9 * 3);
  }, 180_000);

  it("mails a recipient given twice (in any case) once, and counts it once", async () => {
    const server = await start();
    const res = await timesheet(server, {
      ip: DRIVER,
      to: [
        "Site.Office@BuildCo.co.uk",
        "site.office@buildco.co.uk",
        " SITE.OFFICE@buildco.co.uk ",
        "a@buildco.co.uk",
        "b@buildco.co.uk",
        "c@buildco.co.uk",
        "d@buildco.co.uk",
      ],
    });
    // Seven rows, five recipients: within the limit of five without an account.
    expect(res.statusCode, res.body).toBe(200);
    const mails = await takeMail(server);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([
      "Site.Office@BuildCo.co.uk",
      "a@buildco.co.uk",
      "b@buildco.co.uk",
      "c@buildco.co.uk",
      "d@buildco.co.uk",
    ]);
    const counts = await server.database.db.selectFrom("rate_limits").select(["key", "hits"]).execute();
    expect(Object.fromEntries(counts.map((c) => [c.key, Number(c.hits)]))).toEqual({
      [`mail:address:${DRIVER}`]: 5,
      "mail:anonymous": 5,
      "mail:recipient:site.office@buildco.co.uk": 1,
      "mail:recipient:a@buildco.co.uk": 1,
      "mail:recipient:b@buildco.co.uk": 1,
      "mail:recipient:c@buildco.co.uk": 1,
      "mail:recipient:d@buildco.co.uk": 1,
    });
  });

  it("refuses more than 5 recipients without an account, changing nothing; an account may send to more", async () => {
    const server = await start();
    const before = await databaseSnapshot(server.database);
    const six = addresses("six", 6);
    const anonymous = await check(server, { ip: DRIVER, to: six });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().message).toContain("at most 5 addresses");
    expect(await databaseSnapshot(server.database)).toEqual(before);
    const cookie = await register(server, "six@haulage.co.uk");
    expect((await check(server, { ip: DRIVER, to: six, cookie })).statusCode).toBe(200);
    // The six, and the account holder's copy.
    expect(await queued(server)).toBe(7);
  });

  it("gives account holders higher limits, not none: per account, and per recipient on the shared count", async () => {
    const server = await start({
      ANON_MAILS_PER_ADDRESS_PER_HOUR: "5",
      ACCOUNT_MAILS_PER_HOUR: "12",
      ANON_MAILS_PER_RECIPIENT_PER_DAY: "2",
      ACCOUNT_MAILS_PER_RECIPIENT_PER_DAY: "4",
    });
    // Without an account this address is done after five mails...
    expect((await timesheet(server, { ip: DRIVER, to: addresses("anon", 5) })).statusCode).toBe(200);
    expectRefusedForNow(await timesheet(server, { ip: DRIVER, to: ["one.more@buildco.co.uk"] }));
    // ...an account holder on the same address sends more, up to the account's own limit: three addresses and
    // the holder's own copy make four mails a form.
    const cookie = await register(server, "limits@haulage.co.uk");
    for (let i = 0; i < 3; i += 1) {
      const res = await timesheet(server, { ip: DRIVER, to: addresses(`acct${i}-`, 3), cookie });
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await timesheet(server, { ip: DRIVER, to: ["acct.more@buildco.co.uk"], cookie });
    expect(expectRefusedForNow(over)).toBeLessThanOrEqual(3600);
    expect(over.json().message).toMatch(
      /^Too many forms have been emailed from this account for now\. Please try again in \d+ minutes?\.$/,
    );

    // One recipient: two mails from forms without an account fill its anonymous share; an account may add two.
    const other = await register(server, "other@haulage.co.uk");
    for (const ip of ["192.0.2.1", "192.0.2.2"]) {
      expect((await timesheet(server, { ip, to: ["busy@buildco.co.uk"] })).statusCode).toBe(200);
    }
    expectRefusedForNow(await timesheet(server, { ip: "192.0.2.3", to: ["busy@buildco.co.uk"] }));
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await timesheet(server, { ip: DRIVER, to: ["busy@buildco.co.uk"], cookie: other })).statusCode,
      ).toBe(200);
    }
    expectRefusedForNow(await timesheet(server, { ip: DRIVER, to: ["busy@buildco.co.uk"], cookie: other }));
  }, 120_000);

  it("puts no free text in the subject: form type, plant number and date, each one trimmed line", async () => {
    const server = await start();
    const res = await timesheet(server, {
      ip: DRIVER,
      to: ["office@buildco.co.uk"],
      overrides: {
        plantNumber: "  EX-042\r\nBcc: everyone@victims.example\u0007\u001b\u202e\u2028  ",
        driverSignedName: "CLICK http://spam.example NOW",
        company: "Cheap pills",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const long = await timesheet(server, {
      ip: DRIVER,
      to: ["office@buildco.co.uk"],
      overrides: { plantNumber: `EX ${"win a prize ".repeat(15)}` },
    });
    expect(long.statusCode, long.body).toBe(200);
    const [first, second] = (await takeMail(server)).sort((a, b) => a.subject.length - b.subject.length);
    expect(first!.subject).toBe("Weekly Timesheet - EX-042 Bcc: everyone@victims.example - 07/06/2025");
    expect(second!.subject).toBe("Weekly Timesheet - EX win a prize win a prize win a prize w… - 07/06/2025");
    for (const mail of [first!, second!]) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none is there
      expect(mail.subject).not.toMatch(/[\u0000-\u001f\u007f\u2028\u2029\u202e]/);
      expect(mail.subject).not.toContain("spam");
      expect(mail.subject).not.toContain("pills");
    }
  });

  it("says near the top of an anonymous mail that no account sent it, by the name typed, and where to report abuse", async () => {
    const server = await start({ ABUSE_EMAIL: "abuse@acmehire.co.uk" });
    expect((await timesheet(server, { ip: DRIVER, to: ["office@buildco.co.uk"] })).statusCode).toBe(200);
    const [mail] = await takeMail(server);
    const lines = mail!.text!.split("\n");
    expect(lines[0]).toBe(
      'This form was filled in without a Plant Sheets account, by someone who typed the name "Dave Digger". Plant Sheets has not checked who they are.',
    );
    expect(lines[1]).toBe(
      "If you did not expect it, please report it as abuse: mailto:abuse@acmehire.co.uk?subject=Abuse%20report%3A%20Plant%20Sheets%20form%20mail",
    );
    expect(mail!.html).toMatch(
      /^<p><strong>This form was filled in without a Plant Sheets account<\/strong>/,
    );
    expect(mail!.html).toContain('<a href="mailto:abuse@acmehire.co.uk?subject=');

    // The default address is the sender domain's abuse mailbox; an account holder's mail carries no notice.
    const plain = await start();
    expect((await timesheet(plain, { ip: DRIVER, to: ["office@buildco.co.uk"] })).statusCode).toBe(200);
    const cookie = await register(plain, "noticed@haulage.co.uk");
    expect((await timesheet(plain, { ip: DRIVER, to: ["kept@buildco.co.uk"], cookie })).statusCode).toBe(200);
    const mails = await takeMail(plain);
    const anonymous = mails.find((m) => m.to[0] === "office@buildco.co.uk")!;
    const kept = mails.find((m) => m.to[0] === "kept@buildco.co.uk")!;
    expect(anonymous.text).toContain("mailto:abuse@plant-sheets.local?");
    expect(kept.text).not.toContain("without a Plant Sheets account");
    expect(kept.html).not.toContain("mailto:");
  });
});
