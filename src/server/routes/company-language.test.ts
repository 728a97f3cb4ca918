import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "../db/test-databases";
import { databaseSnapshot } from "../test-support/database-snapshot";
import { type OrganisationWorld, organisationHelpers, type Person } from "../test-support/organisation-world";
import { useTestApp } from "../test-support/test-app";

describe.each(testDatabases())("a company's language, on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => new Date("2025-06-10T09:00:00.000Z") });
  const { call, createDraft, drainOutbox } = testApp;
  const { world } = organisationHelpers(testApp);
  const unchanged = () => databaseSnapshot(testApp.database, { except: ["rate_limits"] });
  let people: OrganisationWorld;

  beforeEach(async () => {
    people ??= await world();
  });

  const setLanguage = (organisationId: string, who: Person | undefined, body: unknown) =>
    call("PUT", `/api/organisations/${organisationId}/language`, who?.cookie, body as object);
  const languageSeenBy = async (who: Person) => {
    const res = await call("GET", "/api/organisations/mine", who.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { organisation: { language: string } }).organisation.language;
  };

  it("is English until the company's admin picks another, which every member then sees", async () => {
    const { company, driver, supervisor, otherMember } = people;
    for (const who of [company.admin, supervisor, driver]) expect(await languageSeenBy(who)).toBe("en-GB");

    const res = await setLanguage(company.id, company.admin, { language: "pl" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: company.id, role: "admin", language: "pl" });
    for (const who of [company.admin, supervisor, driver]) expect(await languageSeenBy(who)).toBe("pl");
    // Another company keeps its own.
    expect(await languageSeenBy(otherMember)).toBe("en-GB");

    expect((await setLanguage(company.id, company.admin, { language: "en-GB" })).statusCode).toBe(200);
    expect(await languageSeenBy(driver)).toBe("en-GB");
  });

  it("is set by nobody else: 403 for its supervisors and drivers, 404 for strangers and other companies, 401 signed out", async () => {
    const { company, driver, supervisor, nonMember, otherMember, otherCompany } = people;
    const before = await unchanged();
    const body = { language: "bg" };
    for (const who of [driver, supervisor]) {
      const res = await setLanguage(company.id, who, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        key: "apiError.forbidden.setLanguage",
        message: "Only a company's admins can set its language.",
      });
    }
    expect((await setLanguage(company.id, otherMember, body)).statusCode).toBe(404);
    expect((await setLanguage(company.id, nonMember, body)).statusCode).toBe(404);
    expect((await setLanguage(company.id, undefined, body)).statusCode).toBe(401);
    // An admin may not set another company's, nor one that does not exist.
    expect((await setLanguage(otherCompany.id, company.admin, body)).statusCode).toBe(404);
    expect((await setLanguage(randomUUID(), company.admin, body)).statusCode).toBe(404);
    expect(await unchanged()).toEqual(before);
  });

  it("takes only one of the app's six languages, and stores nothing else", async () => {
    const { company } = people;
    const before = await unchanged();
    for (const body of [
      { language: "de" },
      { language: "PL" },
      { language: "both" },
      { language: "en" },
      { language: "" },
      { language: "pl'; drop table organisations;--" },
      { language: "x".repeat(5000) },
      { language: null },
      { language: ["pl"] },
      {},
    ]) {
      const res = await setLanguage(company.id, company.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await unchanged()).toEqual(before);
  });

  it("invites in the company's language, and tells a driver of returned forms in the driver's own", async () => {
    const { company, driver } = people;
    expect((await setLanguage(company.id, company.admin, { language: "pl" })).statusCode).toBe(200);
    expect(
      (await call("PUT", "/api/drivers/me/language", driver.cookie, { language: "bg" })).statusCode,
    ).toBe(204);
    await drainOutbox();

    const invited = await call("POST", `/api/organisations/${company.id}/invites`, company.admin.cookie, {
      email: "nowy.kierownik@acme.co.uk",
      role: "supervisor",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [invitation] = await drainOutbox();
    expect(invitation!.subject).toBe("Zaproszenie do firmy w Plant Sheets");
    expect(invitation!.text).toMatch(
      /zaprasza Cię do firmy „Acme Plant Hire Ltd” w Plant Sheets jako kierownika\./,
    );
    expect(invitation!.html).toContain(">Zobacz zaproszenie</a>");

    const week = await createDraft("timesheets", driver.cookie, {
      weekEnding: "2025-06-14",
      driverSignedName: "Дмитър Петров",
      plantNumber: "EX-042",
      mondayStart: "07:00",
      mondayFinish: "16:30",
      status: "ready_for_approval",
    });
    const sent = await call(
      "POST",
      `/api/organisations/${company.id}/review/${week}/send-back`,
      company.admin.cookie,
      {
        reason: "Моля, проверете часовете",
      },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const [returned] = await drainOutbox();
    expect(returned!.to).toEqual([driver.email]);
    expect(returned!.subject).toBe("Твоята фирма ти върна формуляри в Plant Sheets");
    expect(returned!.text).toContain("Причина: Моля, проверете часовете");
    expect(returned!.text).toContain("- работният лист за седмицата, завършваща на 14/06/2025");
  });
});
