import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_HIRE_TERMS, type HireTerms } from "../../domain/hire/chargeable-hours";
import { english } from "../../domain/text/i18n/english";
import { testDatabases } from "../db/test-databases";
import { databaseSnapshot } from "../test-support/database-snapshot";
import { type OrganisationWorld, organisationHelpers, type Person } from "../test-support/organisation-world";
import { ORIGIN, useTestApp } from "../test-support/test-app";

/** Terms of a company's own: Friday's minimum 6, overtime after 9 hours, travel charged. */
const OWN_TERMS: HireTerms = {
  minimumHours: { ...DEFAULT_HIRE_TERMS.minimumHours, friday: 6 },
  chargeStanding: true,
  chargeTravel: true,
  overtimeAfter: 9,
  weekendSeparate: false,
};

describe.each(testDatabases())("a company's hire terms, on $name", ({ open }) => {
  const testApp = useTestApp(open, { now: () => new Date("2025-06-10T09:00:00.000Z") });
  const { call } = testApp;
  const { world } = organisationHelpers(testApp);
  const unchanged = () => databaseSnapshot(testApp.database, { except: ["rate_limits"] });
  let people: OrganisationWorld;

  beforeEach(async () => {
    people ??= await world();
  });

  const setTerms = (organisationId: string, who: Person | undefined, body: unknown) =>
    call("PUT", `/api/organisations/${organisationId}/hire-terms`, who?.cookie, body as object);
  /** A body sent as JSON text exactly as given: any JSON, or none that parses. */
  const sendText = (organisationId: string, who: Person, text: string) =>
    testApp.app.inject({
      method: "PUT",
      url: `/api/organisations/${organisationId}/hire-terms`,
      headers: { origin: ORIGIN, cookie: who.cookie, "content-type": "application/json" },
      payload: text,
    });
  const termsSeenBy = async (who: Person) => {
    const res = await call("GET", "/api/organisations/mine", who.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { organisation: { hireTerms: HireTerms } }).organisation.hireTerms;
  };
  const storedTerms = async (organisationId: string) =>
    (
      await testApp.database.db
        .selectFrom("organisations")
        .select("hire_terms")
        .where("id", "=", organisationId)
        .executeTakeFirstOrThrow()
    ).hire_terms;

  it("are the defaults until the company's admin sets its own, which every member then reads whole", async () => {
    const { company, driver, supervisor, otherMember } = people;
    for (const who of [company.admin, supervisor, driver]) {
      expect(await termsSeenBy(who)).toEqual(DEFAULT_HIRE_TERMS);
    }
    expect(await storedTerms(company.id)).toBeNull();

    const res = await setTerms(company.id, company.admin, OWN_TERMS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: company.id, role: "admin", hireTerms: OWN_TERMS });
    for (const who of [company.admin, supervisor, driver]) expect(await termsSeenBy(who)).toEqual(OWN_TERMS);
    expect(JSON.parse((await storedTerms(company.id))!)).toEqual({ ...OWN_TERMS, meterToleranceHours: 2 });
    // Another company keeps its own.
    expect(await termsSeenBy(otherMember)).toEqual(DEFAULT_HIRE_TERMS);

    // Set again: the new terms replace the old, none of them kept from before.
    const back = { ...DEFAULT_HIRE_TERMS, overtimeAfter: null };
    expect((await setTerms(company.id, company.admin, back)).statusCode).toBe(200);
    expect(await termsSeenBy(driver)).toEqual(back);
  });

  it("are set by nobody else: 403 for its supervisors and drivers, 404 for strangers and other companies, 401 signed out", async () => {
    const { company, driver, supervisor, nonMember, otherMember, otherCompany } = people;
    const before = await unchanged();
    const body = { ...DEFAULT_HIRE_TERMS, minimumHours: { ...DEFAULT_HIRE_TERMS.minimumHours, monday: 0 } };
    for (const who of [driver, supervisor]) {
      const res = await setTerms(company.id, who, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        key: "apiError.forbidden.setHireTerms",
        message: english("apiError.forbidden.setHireTerms"),
      });
    }
    expect((await setTerms(company.id, otherMember, body)).statusCode).toBe(404);
    expect((await setTerms(company.id, nonMember, body)).statusCode).toBe(404);
    expect((await setTerms(company.id, undefined, body)).statusCode).toBe(401);
    // An admin may not set another company's, nor one that does not exist.
    expect((await setTerms(otherCompany.id, company.admin, body)).statusCode).toBe(404);
    expect((await setTerms(randomUUID(), company.admin, body)).statusCode).toBe(404);
    expect((await setTerms("not-a-company", company.admin, body)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await unchanged()).toEqual(before);
    expect(await termsSeenBy(otherMember)).toEqual(DEFAULT_HIRE_TERMS);
  });

  it("takes only whole terms in quarter hours from 0 to 24, naming the field refused, and stores nothing of a refused change", async () => {
    const { company } = people;
    const before = await unchanged();
    const minimum = (day: string, hours: unknown) => ({
      ...DEFAULT_HIRE_TERMS,
      minimumHours: { ...DEFAULT_HIRE_TERMS.minimumHours, [day]: hours },
    });
    const minimumRefused = (day: string) => ({
      key: "apiError.fieldInvalid",
      params: { field: `minimumHours.${day}`, problem: english("hireTerms.minimumInvalid") },
    });
    for (const [body, refusal] of [
      [minimum("friday", -1), minimumRefused("friday")],
      [minimum("monday", 25), minimumRefused("monday")],
      [minimum("sunday", 24.1), minimumRefused("sunday")],
      [minimum("tuesday", 7.3), minimumRefused("tuesday")],
      [minimum("wednesday", "8"), minimumRefused("wednesday")],
      [minimum("thursday", null), minimumRefused("thursday")],
      [minimum("saturday", undefined), minimumRefused("saturday")],
      [
        { ...DEFAULT_HIRE_TERMS, overtimeAfter: -9 },
        {
          key: "apiError.fieldInvalid",
          params: { field: "overtimeAfter", problem: english("hireTerms.overtimeInvalid") },
        },
      ],
      [
        { ...DEFAULT_HIRE_TERMS, overtimeAfter: "9" },
        {
          key: "apiError.fieldInvalid",
          params: { field: "overtimeAfter", problem: english("hireTerms.overtimeInvalid") },
        },
      ],
    ] as const) {
      const res = await setTerms(company.id, company.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: "validation_failed", ...refusal });
    }
    for (const body of [
      { ...DEFAULT_HIRE_TERMS, chargeStanding: "yes" },
      { ...DEFAULT_HIRE_TERMS, weekendSeparate: 1 },
      { ...DEFAULT_HIRE_TERMS, chargeTravel: null },
      { ...DEFAULT_HIRE_TERMS, minimumHours: [8, 8, 8, 8, 7, 0, 0] },
      { ...DEFAULT_HIRE_TERMS, minimumHours: "8" },
      { minimumHours: DEFAULT_HIRE_TERMS.minimumHours },
      // Wrong terms are refused whatever comes with them.
      { ...minimum("friday", -1), padding: "x".repeat(1_500_000) },
      [DEFAULT_HIRE_TERMS],
      "terms",
      8,
      {},
      null,
    ]) {
      const text = JSON.stringify(body);
      const res = await sendText(company.id, company.admin, text);
      expect(res.statusCode, text.slice(0, 200)).toBe(400);
    }
    const withProto = `{"__proto__":{"chargeStanding":false},${JSON.stringify(DEFAULT_HIRE_TERMS).slice(1)}`;
    expect((await sendText(company.id, company.admin, withProto)).statusCode).toBe(400);
    // Beyond the limit on a body, it is refused as it arrives.
    const huge = await setTerms(company.id, company.admin, {
      ...DEFAULT_HIRE_TERMS,
      padding: "x".repeat(3 * 1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    // Not JSON at all.
    expect((await sendText(company.id, company.admin, "{minimumHours: 8")).statusCode).toBe(400);
    expect(await unchanged()).toEqual(before);
  });

  it("keeps the terms alone, dropping whatever else is sent with them, however much", async () => {
    const { company, driver } = people;
    for (const body of [
      { ...OWN_TERMS, rate: 40, padding: "x".repeat(1_500_000) },
      { ...OWN_TERMS, minimumHours: { ...OWN_TERMS.minimumHours, holiday: 8, notes: Array(50_000).fill(8) } },
    ]) {
      const res = await setTerms(company.id, company.admin, body);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.json()).toMatchObject({ hireTerms: OWN_TERMS });
      expect(JSON.parse((await storedTerms(company.id))!)).toEqual({ ...OWN_TERMS, meterToleranceHours: 2 });
      expect(await termsSeenBy(driver)).toEqual(OWN_TERMS);
    }
  });

  it("keep beside them how far a week's hour meter may differ from its worked hours, 2 h until set", async () => {
    const { company, driver } = people;
    const toleranceSeenBy = async (who: Person) =>
      (await call("GET", "/api/organisations/mine", who.cookie)).json().organisation.meterToleranceHours;
    expect(await toleranceSeenBy(driver)).toBe(2);
    const res = await setTerms(company.id, company.admin, { ...OWN_TERMS, meterToleranceHours: 3.5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await toleranceSeenBy(driver)).toBe(3.5);
    // The terms a timesheet carries are the terms alone.
    expect(await termsSeenBy(driver)).toEqual(OWN_TERMS);
    for (const meterToleranceHours of [-1, 25, 1.1, "2"]) {
      const refused = await setTerms(company.id, company.admin, { ...OWN_TERMS, meterToleranceHours });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        key: "apiError.fieldInvalid",
        params: { field: "meterToleranceHours", problem: english("hireTerms.toleranceInvalid") },
      });
    }
    expect(await toleranceSeenBy(driver)).toBe(3.5);
  });

  it("keeps the terms set before when a later change is refused", async () => {
    const { company, driver } = people;
    expect((await setTerms(company.id, company.admin, OWN_TERMS)).statusCode).toBe(200);
    const before = await unchanged();
    const refused = await setTerms(company.id, company.admin, {
      ...OWN_TERMS,
      minimumHours: { ...OWN_TERMS.minimumHours, friday: -6 },
    });
    expect(refused.statusCode).toBe(400);
    expect(await unchanged()).toEqual(before);
    expect(await termsSeenBy(driver)).toEqual(OWN_TERMS);
  });
});
