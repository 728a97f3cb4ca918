import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import type { CustomerChoice } from "../../domain/company/customer";
import { ORDER_PREFIXES } from "../../domain/company/order-number";
import { messages } from "../../domain/text/messages";
import { SAMPLE_CUSTOMERS, seedSampleData } from "../db/seed";
import { testDatabases } from "../db/test-databases";
import { signedCheckSheet, signedTimesheet } from "../pdf/pdf-fixtures";
import { databaseSnapshot } from "../test-support/database-snapshot";
import { type OrganisationWorld, organisationHelpers, type Person } from "../test-support/organisation-world";
import { useTestApp } from "../test-support/test-app";

const NEEDS_ORDER = SAMPLE_CUSTOMERS.find((c) => c.requiresOrderValidation)!;
const OTHER_NEEDS_ORDER = SAMPLE_CUSTOMERS.filter((c) => c.requiresOrderValidation)[1]!;

describe.each(testDatabases())("a company's order-number rule, on $name", ({ open }) => {
  let clock = new Date("2025-06-10T09:00:00.000Z");
  const testApp = useTestApp(open, { now: () => clock, prepare: seedSampleData });
  const { call, createDraft } = testApp;
  const { world, person } = organisationHelpers(testApp);
  const unchanged = () => databaseSnapshot(testApp.database, { except: ["rate_limits"] });
  let people: OrganisationWorld;

  beforeEach(async () => {
    people ??= await world();
  });

  const setRule = (organisationId: string, who: Person | undefined, body: unknown) =>
    call("PUT", `/api/organisations/${organisationId}/order-rule`, who?.cookie, body as object);
  const ruleOf = async (who?: Person) => {
    const res = await call("GET", "/api/order-rule", who?.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { prefixes: string[] };
  };
  const check = async (who: Person | undefined, orderNumber: string, customerId = NEEDS_ORDER.id) => {
    const res = await call("POST", `/api/customers/${customerId}/validate-order`, who?.cookie, {
      orderNumber,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { valid: boolean; message: string };
  };

  it("is the spec's P-, S-, M- for everyone until an admin sets the company's", async () => {
    const { company, driver, nonMember } = people;
    for (const who of [undefined, nonMember, driver, company.admin]) {
      expect(await ruleOf(who)).toEqual({ prefixes: [...ORDER_PREFIXES] });
    }
    expect(await check(driver, "p-123")).toEqual({ valid: true, message: messages.orderNumberValid });
    expect(await check(driver, "PO-123")).toEqual({ valid: false, message: messages.orderNumberInvalid });
  });

  it("is set by the company's admin, and its drivers' numbers are checked against it in its words", async () => {
    const { company, driver, supervisor, nonMember, otherMember } = people;
    const res = await setRule(company.id, company.admin, { prefixes: [" po-", "HS-", "PO-"] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ prefixes: ["PO-", "HS-"] });

    for (const who of [company.admin, supervisor, driver]) {
      expect(await ruleOf(who)).toEqual({ prefixes: ["PO-", "HS-"] });
    }
    expect(await check(driver, "P-123")).toEqual({
      valid: false,
      message: "Order number must start with PO- or HS-",
    });
    expect(await check(driver, " po-123")).toEqual({ valid: true, message: messages.orderNumberValid });
    expect(await check(supervisor, "HS-1")).toMatchObject({ valid: true });

    // Anyone else keeps the spec's rule.
    for (const who of [undefined, nonMember, otherMember]) {
      expect(await ruleOf(who)).toEqual({ prefixes: [...ORDER_PREFIXES] });
      expect(await check(who, "P-123")).toMatchObject({ valid: true });
      expect(await check(who, "PO-123")).toEqual({ valid: false, message: messages.orderNumberInvalid });
    }

    // Set again, it replaces the rule.
    expect((await setRule(company.id, company.admin, { prefixes: ["X/"] })).statusCode).toBe(200);
    expect(await ruleOf(driver)).toEqual({ prefixes: ["X/"] });
    expect(await check(driver, "x/9")).toMatchObject({ valid: true });
  });

  it("is set by nobody else: 403 for its supervisors and drivers, 404 for strangers, 401 signed out", async () => {
    const { company, driver, supervisor, nonMember, otherMember, otherCompany } = people;
    const before = await unchanged();
    const body = { prefixes: ["EVIL-"] };
    expect((await setRule(company.id, driver, body)).statusCode).toBe(403);
    expect((await setRule(company.id, supervisor, body)).statusCode).toBe(403);
    expect((await setRule(company.id, otherMember, body)).statusCode).toBe(404);
    expect((await setRule(company.id, nonMember, body)).statusCode).toBe(404);
    expect((await setRule(company.id, undefined, body)).statusCode).toBe(401);
    // An admin may not set another company's, nor one that does not exist.
    expect((await setRule(otherCompany.id, company.admin, body)).statusCode).toBe(404);
    expect((await setRule(randomUUID(), company.admin, body)).statusCode).toBe(404);
    expect(await unchanged()).toEqual(before);
  });

  it("refuses what is not a list of short prefixes, in words, and stores nothing", async () => {
    const { company } = people;
    const before = await unchanged();
    const refusals: Array<[unknown, RegExp]> = [
      [{ prefixes: [] }, /Enter at least one prefix/],
      [{ prefixes: [" ", ""] }, /Enter at least one prefix/],
      [{ prefixes: Array.from({ length: 11 }, (_, i) => `A${i}`) }, /at most 10 prefixes/],
      [{ prefixes: ["ABCDEFGHI"] }, /"ABCDEFGHI" is too long/],
      [{ prefixes: ["^(a+)+$"] }, /may hold only letters A to Z, digits, - and \//],
      [{ prefixes: ["P.*"] }, /may hold only letters/],
      // The app refuses a NUL anywhere in a request, in its own words.
      [{ prefixes: ["P\u0000"] }, /./],
      [{ prefixes: ["P-\u202e"] }, /may hold only letters/],
      [{ prefixes: ["<b>"] }, /may hold only letters/],
      [{ prefixes: ["A".repeat(101)] }, /./],
      [{ prefixes: Array(101).fill("A") }, /./],
      [{ prefixes: "PO-, HS-" }, /./],
      [{ prefixes: [1, 2] }, /./],
      [{ prefixes: null }, /./],
      [{}, /./],
      [{ pattern: "^PO-" }, /./],
    ];
    for (const [body, message] of refusals) {
      const res = await setRule(company.id, company.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(message);
    }
    expect(await unchanged()).toEqual(before);
  });

  it("fills a signed-in driver's customer list with the order number they last gave each customer", async () => {
    const { driver } = people;
    const dora = await person();
    const listOf = async (who?: Person) => {
      const res = await call("GET", "/api/customers", who?.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return new Map((res.json() as CustomerChoice[]).map((c) => [c.id, c.lastOrderNumber]));
    };
    expect([...(await listOf(driver)).values()].every((n) => n === undefined)).toBe(true);

    await createDraft("timesheets", driver.cookie, {
      ...signedTimesheet({ customerId: NEEDS_ORDER.id, orderNumber: "PO-1" }),
      status: "draft",
    });
    // A minute later: the newer form's number is the one remembered.
    clock = new Date(clock.getTime() + 60_000);
    await createDraft("check-sheets", driver.cookie, {
      ...signedCheckSheet("2025-06-09", { customerId: NEEDS_ORDER.id, orderNumber: "HS-2", photos: [] }),
      status: "draft",
    });
    await createDraft("timesheets", driver.cookie, {
      ...signedTimesheet({ customerId: OTHER_NEEDS_ORDER.id, orderNumber: "" }),
      status: "draft",
    });
    await createDraft("timesheets", dora.cookie, {
      ...signedTimesheet({ customerId: OTHER_NEEDS_ORDER.id, orderNumber: "P-9" }),
      status: "draft",
    });

    const mine = await listOf(driver);
    expect(mine.get(NEEDS_ORDER.id)).toBe("HS-2");
    expect(mine.get(OTHER_NEEDS_ORDER.id)).toBeUndefined();
    expect((await listOf(dora)).get(OTHER_NEEDS_ORDER.id)).toBe("P-9");
    expect((await listOf(dora)).get(NEEDS_ORDER.id)).toBeUndefined();
    // Signed out, nobody's numbers are shown.
    expect([...(await listOf()).values()].every((n) => n === undefined)).toBe(true);
  });
});
