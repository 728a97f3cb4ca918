import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { english } from "../text/i18n/english";
import { DAYS } from "../time/days";
import { DEFAULT_HIRE_TERMS, type HireTerms } from "./chargeable-hours";
import { HireTermsSchema, hireTermsOf } from "./hire-terms";

/** Hours a term may name: 0 to 24 in quarter hours. */
const termHours = fc.integer({ min: 0, max: 96 }).map((quarters) => quarters / 4);
const validTerms: fc.Arbitrary<HireTerms> = fc.record({
  minimumHours: fc.record({
    monday: termHours,
    tuesday: termHours,
    wednesday: termHours,
    thursday: termHours,
    friday: termHours,
    saturday: termHours,
    sunday: termHours,
  }),
  chargeStanding: fc.boolean(),
  chargeTravel: fc.boolean(),
  overtimeAfter: fc.option(termHours, { nil: null }),
  weekendSeparate: fc.boolean(),
});

const withMinimum = (day: string, hours: unknown) => ({
  ...DEFAULT_HIRE_TERMS,
  minimumHours: { ...DEFAULT_HIRE_TERMS.minimumHours, [day]: hours },
});
const problemOf = (value: unknown) => {
  const result = HireTermsSchema.safeParse(value);
  expect(result.success, JSON.stringify(value)).toBe(false);
  const issue = result.error!.issues[0]!;
  return { path: issue.path.join("."), message: issue.message };
};

describe("a company's hire terms", () => {
  it("takes the defaults, and any terms in quarter hours from 0 to 24, as they are", () => {
    expect(HireTermsSchema.parse(DEFAULT_HIRE_TERMS)).toEqual(DEFAULT_HIRE_TERMS);
    fc.assert(
      fc.property(validTerms, (terms) => {
        expect(HireTermsSchema.parse(terms)).toEqual(terms);
        // Stored as JSON and read back: the same terms.
        expect(hireTermsOf(JSON.stringify(HireTermsSchema.parse(terms)))).toEqual(terms);
        expect(hireTermsOf(terms)).toEqual(terms);
      }),
    );
  });

  it("refuses a minimum below 0, over 24, not in quarter hours, or not a number, naming the day", () => {
    for (const hours of [-0.25, -8, 24.25, 25, 7.1, 7.3, 1 / 3, "8", "", null, true, [8], Number.NaN]) {
      for (const day of DAYS) {
        expect(problemOf(withMinimum(day, hours))).toEqual({
          path: `minimumHours.${day}`,
          message: english("hireTerms.minimumInvalid"),
        });
      }
    }
    for (const hours of [0, 0.25, 7.5, 7.75, 24]) {
      expect(HireTermsSchema.safeParse(withMinimum("friday", hours)).success, String(hours)).toBe(true);
    }
  });

  it("refuses terms without a weekday or a term, and drops a day or a term it does not know", () => {
    for (const day of DAYS) {
      const { [day]: _left, ...others } = DEFAULT_HIRE_TERMS.minimumHours;
      const terms = { ...DEFAULT_HIRE_TERMS, minimumHours: others };
      expect(problemOf(terms).path).toBe(`minimumHours.${day}`);
    }
    expect(HireTermsSchema.parse(withMinimum("holiday", 8))).toEqual(DEFAULT_HIRE_TERMS);
    expect(HireTermsSchema.parse({ ...DEFAULT_HIRE_TERMS, rate: 40 })).toEqual(DEFAULT_HIRE_TERMS);
    expect(hireTermsOf(JSON.stringify({ ...DEFAULT_HIRE_TERMS, rate: 40 }))).toEqual(DEFAULT_HIRE_TERMS);
    for (const term of [
      "minimumHours",
      "chargeStanding",
      "chargeTravel",
      "overtimeAfter",
      "weekendSeparate",
    ]) {
      const { [term as keyof HireTerms]: _left, ...others } = DEFAULT_HIRE_TERMS;
      expect(problemOf(others).path, term).toBe(term);
    }
    for (const value of [null, undefined, "terms", 8, [], {}]) {
      expect(HireTermsSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it("takes overtime after hours in quarter hours from 0 to 24, or none", () => {
    for (const hours of [null, 0, 8, 9.5, 24]) {
      expect(HireTermsSchema.parse({ ...DEFAULT_HIRE_TERMS, overtimeAfter: hours }).overtimeAfter).toBe(
        hours,
      );
    }
    for (const hours of [-1, 24.5, 8.1, "9", ""]) {
      expect(problemOf({ ...DEFAULT_HIRE_TERMS, overtimeAfter: hours })).toEqual({
        path: "overtimeAfter",
        message: english("hireTerms.overtimeInvalid"),
      });
    }
  });

  it("takes the charges and the weekend's category only as yes or no", () => {
    for (const term of ["chargeStanding", "chargeTravel", "weekendSeparate"]) {
      for (const value of ["true", 1, null]) {
        expect(problemOf({ ...DEFAULT_HIRE_TERMS, [term]: value }).path).toBe(term);
      }
    }
  });

  it("reads what is stored, and the defaults where nothing or nothing readable is", () => {
    const own: HireTerms = { ...withMinimum("friday", 6), overtimeAfter: 9 };
    expect(hireTermsOf(JSON.stringify(own))).toEqual(own);
    for (const stored of [
      null,
      undefined,
      "",
      "{",
      "null",
      "[]",
      JSON.stringify(withMinimum("friday", -1)),
      JSON.stringify({ ...DEFAULT_HIRE_TERMS, chargeStanding: "yes" }),
      { length: 1e12 },
      42,
    ]) {
      expect(hireTermsOf(stored), String(stored)).toEqual(DEFAULT_HIRE_TERMS);
    }
  });
});
