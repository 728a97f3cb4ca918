import { beforeEach, describe, expect, it } from "vitest";
import type { OutboxMessage } from "../db/outbox-repository";
import { testDatabases } from "../db/test-databases";
import { pdfText } from "../pdf/pdf-text";
import { organisationHelpers } from "../test-support/organisation-world";
import { printedFingerprint } from "../test-support/printed-fingerprint";
import { signedWeek } from "../test-support/signed-week";
import { useTestApp } from "../test-support/test-app";

const CLIENT = "site.office@buildco.co.uk";

async function pdfOf(mail: OutboxMessage) {
  const attachment = mail.attachments[0] as { contentBase64: string };
  const bytes = Buffer.from(attachment.contentBase64, "base64");
  return { bytes, text: (await pdfText(bytes)).replace(/\s+/g, " ") };
}

describe.each(testDatabases())("each recipient's PDF in its reader's language on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => new Date("2025-06-07T15:00:00.000Z") });
  const { call, drainOutbox } = testApp;
  const submit = (payload: object, cookie?: string) =>
    call("POST", "/api/timesheets/one-step-completion", cookie, payload);

  beforeEach(async () => {
    await drainOutbox();
  });

  it("gives a Polish driver a Polish copy and the client an English one, both with one fingerprint", async () => {
    const { cookie, email } = await testApp.newAccount();
    expect((await call("PUT", "/api/drivers/me/language", cookie, { language: "pl" })).statusCode).toBe(204);
    // What people typed is printed as typed, in any script.
    const week = signedWeek({ driverSignedName: "Дмитър Петров", breakdownNotes: "Маркуч сменен в сряда" });
    const sent = await submit({ timesheetData: week, supervisorRating: "happy" }, cookie);
    expect(sent.statusCode, sent.body).toBe(200);

    const mails = await drainOutbox();
    const client = await pdfOf(mails.find((mail) => mail.to.includes(CLIENT))!);
    const driver = await pdfOf(mails.find((mail) => mail.to.includes(email))!);
    expect(client.text).toContain("PLANT/REGISTRATION NUMBER EX-042");
    expect(client.text).toContain("Page 1 of 1");
    expect(client.text).not.toContain("Numer maszyny");
    expect(driver.text).toContain("NUMER MASZYNY/REJESTRACYJNY EX-042");
    expect(driver.text).toContain("Strona 1 z 1");
    expect(driver.text).toContain("Godziny, od poniedziałku do niedzieli");
    expect(driver.text).toContain("Tygodniowa karta czasu pracy");
    expect(driver.text).toContain("Poniedziałek 07:00 16:30 30 9.0");
    expect(driver.text).not.toContain("Page 1 of 1");
    for (const copy of [client, driver]) {
      expect(copy.text).toContain("Дмитър Петров");
      expect(copy.text).toContain("Маркуч сменен в сряда");
    }
    expect(await printedFingerprint(driver.bytes)).toBe(await printedFingerprint(client.bytes));
    expect(driver.text).toContain("SHA-256 podpisanej treści, taki sam w każdym języku");
    // The mail around each PDF speaks its reader's language too.
    const driverMail = mails.find((mail) => mail.to.includes(email))!;
    const clientMail = mails.find((mail) => mail.to.includes(CLIENT))!;
    expect(driverMail.text).toContain("Nr maszyny: EX-042");
    expect(driverMail.text).toContain("Można go też obejrzeć online:");
    expect(driverMail.html).toContain("Zobacz podpisany formularz online");
    expect(clientMail.text).toContain("Plant: EX-042");
    expect(clientMail.subject).toMatch(/^Weekly Timesheet - EX-042/);
    expect(driverMail.subject).toMatch(/^Tygodniowa karta czasu pracy - EX-042/);
    expect(clientMail.text).toContain("You can also view it online:");
  });

  it("prints the client's copy in the language the sender chose, or in English beside theirs", async () => {
    const polish = await submit({
      timesheetData: signedWeek({ plantNumber: "PL-1" }),
      supervisorRating: "happy",
      documentLanguage: "pl",
    });
    expect(polish.statusCode, polish.body).toBe(200);
    const both = await submit({
      timesheetData: signedWeek({ plantNumber: "BOTH-1" }),
      supervisorRating: "happy",
      language: "bg",
      documentLanguage: "both",
    });
    expect(both.statusCode, both.body).toBe(200);
    const mails = await drainOutbox();
    const copyOf = (plant: string) => pdfOf(mails.find((mail) => mail.subject.includes(plant))!);
    const [inPolish, inBoth] = await Promise.all([copyOf("PL-1"), copyOf("BOTH-1")]);
    expect(inPolish.text).toContain("NUMER MASZYNY/REJESTRACYJNY PL-1");
    expect(inPolish.text).toContain("Strona 1 z 1");
    expect(inBoth.text).toContain(
      "PLANT/REGISTRATION NUMBER / НОМЕР НА МАШИНАТА/РЕГИСТРАЦИОНЕН НОМЕР BOTH-1",
    );
    expect(inBoth.text).toContain("Page 1 of 2 / Страница 1 от 2");
    expect(inBoth.text).toContain("Driver & company / Шофьор и фирма");
  });

  it("prints a company member's client copy in the company's language unless they chose another", async () => {
    const { company, member, person } = organisationHelpers(testApp);
    const acme = await company("Acme Plant Hire Ltd");
    const driver = await member(acme, "driver");
    const loner = await person();
    expect(
      (await call("PUT", `/api/organisations/${acme.id}/language`, acme.admin.cookie, { language: "pl" }))
        .statusCode,
    ).toBe(200);
    await drainOutbox();
    const sends: Array<[string, string | undefined, object]> = [
      ["CO-1", driver.cookie, {}],
      ["CO-2", driver.cookie, { documentLanguage: "en-GB" }],
      // A driver without a company, and a form sent without an account, stay in English.
      ["SOLO-1", loner.cookie, {}],
      ["ANON-1", undefined, {}],
    ];
    for (const [plantNumber, cookie, extra] of sends) {
      const res = await submit(
        { timesheetData: signedWeek({ plantNumber }), supervisorRating: "happy", ...extra },
        cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const mails = await drainOutbox();
    const clientCopyOf = (plant: string) =>
      pdfOf(mails.find((mail) => mail.subject.includes(plant) && mail.to.includes(CLIENT))!);
    expect((await clientCopyOf("CO-1")).text).toContain("NUMER MASZYNY/REJESTRACYJNY CO-1");
    for (const plant of ["CO-2", "SOLO-1", "ANON-1"]) {
      expect((await clientCopyOf(plant)).text).toContain(`PLANT/REGISTRATION NUMBER ${plant}`);
    }
  });

  it("refuses a language it does not speak, and mails nothing", async () => {
    for (const [field, value] of [
      ["documentLanguage", "de"],
      ["documentLanguage", "PL"],
      ["documentLanguage", ""],
      ["documentLanguage", 42],
      ["language", "both"],
      ["language", "<script>"],
      ["documentLanguage", "x".repeat(5000)],
    ] as const) {
      const res = await submit({ timesheetData: signedWeek(), supervisorRating: "happy", [field]: value });
      expect(res.statusCode, `${field}=${String(value).slice(0, 20)}`).toBe(400);
    }
    expect(await drainOutbox()).toEqual([]);
  });
});
