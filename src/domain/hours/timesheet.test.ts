import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import { SIGNED_AT_FIELDS } from "../forms/signatures";
import { DAY_FIELD_SUFFIXES, DAYS } from "../time/days";
import {
  applyTimesheetInput,
  emptyTimesheet,
  TimesheetFieldsSchema,
  TimesheetInputSchema,
  TimesheetSchema,
} from "./timesheet";

const id = "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const stored = { ...emptyTimesheet(), id, createdAt: "2025-03-15T10:00:00.000Z" };

const SPEC_FIELDS = [
  "id",
  "company",
  "weekEnding",
  "siteLocation",
  "clientCompany",
  "orderNumber",
  "customerId",
  "machineNumber",
  "plantNumber",
  "driverSignedName",
  "status",
  "machineHours",
  "vanMileage",
  "totalHours",
  "standingTime",
  "breakdownNotes",
  "operatorSignature",
  "clientSignature",
  "operatorSignedName",
  "clientSignedName",
  "signatureDate",
  "submitViaEmail",
  "submitViaWhatsApp",
  "submissionEmails",
  "submissionWhatsApps",
  "createdAt",
];

describe("TimesheetSchema", () => {
  it("has every field of spec section 3, per-day ones named with the day prefix", () => {
    const keys = Object.keys(TimesheetSchema.shape);
    for (const field of SPEC_FIELDS) expect(keys).toContain(field);
    for (const day of DAYS)
      for (const suffix of DAY_FIELD_SUFFIXES) expect(keys).toContain(`${day}${suffix}`);
    expect(keys).toContain("mondayStart");
    expect(keys).toContain("sundaySiteLocation");
    // Beyond the spec: when each signature was drawn.
    for (const field of Object.keys(SIGNED_AT_FIELDS)) expect(keys).toContain(field);
    // Beyond the spec: each day's hours by kind, the hire terms they are charged under, and the hour meter.
    for (const field of ["hireDays", "hireTerms", "meterStart", "meterEnd"]) expect(keys).toContain(field);
    expect(keys).toHaveLength(SPEC_FIELDS.length + 7 * 8 + Object.keys(SIGNED_AT_FIELDS).length + 4);
  });

  it("accepts a blank draft", () => {
    expect(TimesheetSchema.parse(stored)).toEqual(stored);
    expect(TimesheetFieldsSchema.safeParse(emptyTimesheet()).success).toBe(true);
  });

  it("accepts a filled-in timesheet", () => {
    const filled = {
      ...stored,
      weekEnding: "2025-03-15",
      company: "Acme Plant Hire",
      mondayStart: "07:00",
      mondayFinish: "16:30",
      mondayBreak: 30,
      mondayNetHours: 9,
      totalHours: 9,
      operatorSignature: SAMPLE_SIGNATURE,
      signatureDate: "2025-03-15",
      submissionEmails: ["site@acme.co.uk"],
      status: "ready_for_approval",
    };
    expect(TimesheetSchema.safeParse(filled).success).toBe(true);
  });

  it("rejects bad values and oversized text", () => {
    const bad: Record<string, unknown>[] = [
      { company: "x".repeat(201) },
      { driverSignedName: "x".repeat(201) },
      { breakdownNotes: "x".repeat(5001) },
      { weekEnding: "2025-02-30" },
      { weekEnding: "15/03/2025" },
      { signatureDate: "tomorrow" },
      { mondayStart: "7:00" },
      { tuesdayFinish: "25:00" },
      { mondayBreak: -1 },
      { mondayBreak: 12.5 },
      { mondayNetHours: 25 },
      { totalHours: -1 },
      { status: "submitted" },
      { operatorSignature: "data:image/jpeg;base64,AAAA" },
      { submissionEmails: Array.from({ length: 21 }, (_, i) => `p${i}@acme.co.uk`) },
      { submissionEmails: ["x".repeat(255)] },
      { id: "not-a-uuid" },
      { createdAt: "yesterday" },
    ];
    for (const change of bad)
      expect(
        TimesheetSchema.safeParse({ ...stored, ...change }).success,
        JSON.stringify(change).slice(0, 80),
      ).toBe(false);
  });

  it("accepts the limits themselves", () => {
    const atLimit = {
      ...stored,
      company: "x".repeat(200),
      breakdownNotes: "x".repeat(5000),
      submissionEmails: Array.from({ length: 20 }, (_, i) => `p${i}@acme.co.uk`),
      mondayBreak: 0,
    };
    expect(TimesheetSchema.safeParse(atLimit).success).toBe(true);
  });
});

describe("emptyTimesheet", () => {
  it("is a draft with nothing filled in", () => {
    const blank = emptyTimesheet();
    expect(blank.status).toBe("draft");
    expect(blank.weekEnding).toBe("");
    expect(blank.mondayStart).toBe("");
    expect(blank.sundayBreak).toBeNull();
    expect(blank.totalHours).toBeNull();
    expect(blank.submissionEmails).toEqual([]);
    expect(blank.submitViaEmail).toBe(false);
  });

  it("gives a fresh object each time", () => {
    const a = emptyTimesheet();
    a.submissionEmails.push("a@b.co");
    expect(emptyTimesheet().submissionEmails).toEqual([]);
  });
});

describe("TimesheetInputSchema", () => {
  it("accepts any subset of the fields, including none", () => {
    expect(TimesheetInputSchema.parse({})).toEqual({});
    expect(TimesheetInputSchema.parse({ company: "Acme" })).toEqual({ company: "Acme" });
    expect(TimesheetInputSchema.parse({ id, status: "archived" })).toEqual({ id, status: "archived" });
  });

  it("still checks the fields it is given", () => {
    expect(TimesheetInputSchema.safeParse({ id: "1" }).success).toBe(false);
    expect(TimesheetInputSchema.safeParse({ mondayStart: "noon" }).success).toBe(false);
    expect(TimesheetInputSchema.safeParse({ company: 5 }).success).toBe(false);
  });

  it("drops unknown keys", () => {
    expect(TimesheetInputSchema.parse({ company: "Acme", isAdmin: true })).toEqual({ company: "Acme" });
  });
});

describe("applyTimesheetInput", () => {
  it("changes only the given fields and works the hours out again", () => {
    const base = { ...stored, company: "Old Co", totalHours: 40 };
    const next = applyTimesheetInput(base, {
      id: "00000000-0000-4000-8000-000000000000",
      siteLocation: "Leeds",
      tuesdayStart: "08:00",
      tuesdayFinish: "12:30",
      tuesdayBreak: 0,
      totalHours: 99,
    });
    expect(next.id).toBe(id);
    expect(next.company).toBe("Old Co");
    expect(next.siteLocation).toBe("Leeds");
    expect(next.tuesdayNetHours).toBe(4.5);
    expect(next.totalHours).toBe(4.5);
    expect(base.siteLocation).toBe("");
  });

  it("always leaves a timesheet that passes the schema", () => {
    const inputs = fc.record(
      {
        company: fc.string({ maxLength: 200 }),
        mondayStart: fc.constantFrom("", "06:00", "07:30", "12:00"),
        mondayFinish: fc.constantFrom("", "05:00", "16:30", "23:59"),
        mondayBreak: fc.option(fc.integer({ min: 0, max: 240 })),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(inputs, (input) => {
        expect(TimesheetSchema.safeParse(applyTimesheetInput(stored, input)).success).toBe(true);
      }),
    );
  });
});
