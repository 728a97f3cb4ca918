import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAYS, type Day } from "../time/days";
import {
  type ChargeableHours,
  chargeableWeek,
  DEFAULT_HIRE_TERMS,
  type HireDay,
  type HireTerms,
  NO_CHARGE,
  totalChargeable,
} from "./chargeable-hours";

const worked = (hours: number): HireDay => ({
  onHire: true,
  worked: hours,
  standing: 0,
  breakdown: 0,
  travel: 0,
});
const offHire: HireDay = { onHire: false, worked: 0, standing: 0, breakdown: 0, travel: 0 };
const week = (days: Partial<Record<Day, HireDay>>): Record<Day, HireDay> =>
  Object.fromEntries(DAYS.map((day) => [day, days[day] ?? offHire])) as Record<Day, HireDay>;
const charge = (parts: Partial<ChargeableHours>): ChargeableHours => ({ ...NO_CHARGE, ...parts });

describe("chargeable hours under the default terms", () => {
  it("charges a full worked day as worked, and a short one up to the day's minimum", () => {
    const result = chargeableWeek(week({ monday: worked(9), friday: worked(5) }), DEFAULT_HIRE_TERMS);
    expect(result.days.monday).toEqual(charge({ normal: 9 }));
    // Friday's minimum is 7: two hours made up at the normal rate.
    expect(result.days.friday).toEqual(charge({ normal: 7 }));
    expect(result.week).toEqual(charge({ normal: 16 }));
  });

  it("charges standing time as standing, and makes a day of it up to the minimum", () => {
    const day: HireDay = { onHire: true, worked: 3, standing: 2, breakdown: 0, travel: 0 };
    expect(chargeableWeek(week({ tuesday: day }), DEFAULT_HIRE_TERMS).days.tuesday).toEqual(
      charge({ normal: 6, standing: 2 }),
    );
  });

  it("never charges breakdown, which lowers the day's minimum by as much", () => {
    // Wednesday: 3 h worked, then 5.5 h broken down: the minimum of 8 falls to 2.5, below what was worked.
    const wednesday: HireDay = { onHire: true, worked: 3, standing: 0, breakdown: 5.5, travel: 0 };
    expect(chargeableWeek(week({ wednesday }), DEFAULT_HIRE_TERMS).days.wednesday).toEqual(
      charge({ normal: 3 }),
    );
    // A whole day broken down charges nothing.
    const thursday: HireDay = { onHire: true, worked: 0, standing: 0, breakdown: 8, travel: 0 };
    expect(chargeableWeek(week({ thursday }), DEFAULT_HIRE_TERMS).days.thursday).toEqual(NO_CHARGE);
  });

  it("does not charge travel unless the terms say so", () => {
    const day: HireDay = { onHire: true, worked: 8, standing: 0, breakdown: 0, travel: 1.5 };
    expect(chargeableWeek(week({ monday: day }), DEFAULT_HIRE_TERMS).days.monday).toEqual(
      charge({ normal: 8 }),
    );
    const terms: HireTerms = { ...DEFAULT_HIRE_TERMS, chargeTravel: true };
    expect(chargeableWeek(week({ monday: day }), terms).days.monday).toEqual(charge({ normal: 9.5 }));
  });

  it("charges weekend hours as weekend, with no minimum", () => {
    const result = chargeableWeek(week({ saturday: worked(4) }), DEFAULT_HIRE_TERMS);
    expect(result.days.saturday).toEqual(charge({ weekend: 4 }));
  });

  it("charges nothing for a day not on hire", () => {
    expect(chargeableWeek(week({}), DEFAULT_HIRE_TERMS).week).toEqual(NO_CHARGE);
  });
});

describe("the README's worked example", () => {
  it("charges the week the README works through", () => {
    const day = (parts: Partial<HireDay>): HireDay => ({ ...worked(0), ...parts });
    const result = chargeableWeek(
      week({
        monday: worked(9),
        tuesday: day({ worked: 3, standing: 5 }),
        wednesday: day({ worked: 4, breakdown: 4.5 }),
        thursday: day({ breakdown: 8 }),
        friday: day({ worked: 4, breakdown: 2 }),
        saturday: worked(3),
      }),
      DEFAULT_HIRE_TERMS,
    );
    expect(result.days).toEqual({
      monday: charge({ normal: 9 }),
      tuesday: charge({ normal: 3, standing: 5 }),
      wednesday: charge({ normal: 4 }),
      thursday: NO_CHARGE,
      friday: charge({ normal: 5 }),
      saturday: charge({ weekend: 3 }),
      sunday: NO_CHARGE,
    });
    expect(result.week).toEqual(charge({ normal: 21, standing: 5, weekend: 3 }));
  });
});

describe("chargeable hours under a company's terms", () => {
  it("splits a weekday's work after the overtime hour", () => {
    const terms: HireTerms = { ...DEFAULT_HIRE_TERMS, overtimeAfter: 9 };
    expect(chargeableWeek(week({ monday: worked(11) }), terms).days.monday).toEqual(
      charge({ normal: 9, overtime: 2 }),
    );
  });

  it("counts weekend hours as any other day's when they are not a category of their own", () => {
    const terms: HireTerms = {
      ...DEFAULT_HIRE_TERMS,
      weekendSeparate: false,
      overtimeAfter: 8,
      minimumHours: { ...DEFAULT_HIRE_TERMS.minimumHours, saturday: 4 },
    };
    expect(chargeableWeek(week({ saturday: worked(10) }), terms).days.saturday).toEqual(
      charge({ normal: 8, overtime: 2 }),
    );
    expect(chargeableWeek(week({ saturday: worked(1) }), terms).days.saturday).toEqual(charge({ normal: 4 }));
  });

  it("does not charge standing time when the terms say so, but still makes the day up to its minimum", () => {
    const terms: HireTerms = { ...DEFAULT_HIRE_TERMS, chargeStanding: false };
    const day: HireDay = { onHire: true, worked: 2, standing: 6, breakdown: 0, travel: 0 };
    expect(chargeableWeek(week({ monday: day }), terms).days.monday).toEqual(charge({ normal: 8 }));
  });
});

const quarterHours = (max: number) => fc.integer({ min: 0, max: max * 4 }).map((quarters) => quarters / 4);
const hireDay = fc
  .record({
    onHire: fc.boolean(),
    worked: quarterHours(14),
    standing: quarterHours(6),
    breakdown: quarterHours(10),
    travel: quarterHours(3),
  })
  .filter((day) => day.worked + day.standing + day.breakdown + day.travel <= 24);
const hireWeek = fc.record(
  Object.fromEntries(DAYS.map((day) => [day, hireDay])) as Record<Day, typeof hireDay>,
);
const hireTerms: fc.Arbitrary<HireTerms> = fc.record({
  minimumHours: fc.record(
    Object.fromEntries(DAYS.map((day) => [day, quarterHours(10)])) as Record<Day, fc.Arbitrary<number>>,
  ),
  chargeStanding: fc.boolean(),
  chargeTravel: fc.boolean(),
  overtimeAfter: fc.option(quarterHours(12), { nil: null }),
  weekendSeparate: fc.boolean(),
});

describe("the rule's shape", () => {
  it("never charges less than the hours worked on hire", () => {
    fc.assert(
      fc.property(hireWeek, hireTerms, (days, terms) => {
        const workedOnHire = DAYS.reduce((sum, day) => sum + (days[day].onHire ? days[day].worked : 0), 0);
        expect(totalChargeable(chargeableWeek(days, terms).week)).toBeGreaterThanOrEqual(workedOnHire - 1e-9);
      }),
    );
  });

  it("never charges more when hours of a day turn to breakdown", () => {
    fc.assert(
      fc.property(
        hireWeek,
        hireTerms,
        fc.constantFrom(...DAYS),
        quarterHours(4),
        (days, terms, day, more) => {
          const before = totalChargeable(chargeableWeek(days, terms).week);
          const broken = { ...days, [day]: { ...days[day], breakdown: days[day].breakdown + more } };
          expect(totalChargeable(chargeableWeek(broken, terms).week)).toBeLessThanOrEqual(before + 1e-9);
        },
      ),
    );
  });

  it("sums the week from its days, and each day from the day alone", () => {
    fc.assert(
      fc.property(hireWeek, hireTerms, (days, terms) => {
        const result = chargeableWeek(days, terms);
        for (const category of Object.keys(NO_CHARGE) as (keyof ChargeableHours)[]) {
          const sum = DAYS.reduce((total, day) => total + result.days[day][category], 0);
          expect(result.week[category]).toBeCloseTo(sum, 9);
        }
        for (const day of DAYS) {
          expect(chargeableWeek(week({ [day]: days[day] }), terms).days[day]).toEqual(result.days[day]);
        }
      }),
    );
  });

  it("charges in quarter hours when the hours are quarter hours, never a negative", () => {
    fc.assert(
      fc.property(hireWeek, hireTerms, (days, terms) => {
        for (const value of Object.values(chargeableWeek(days, terms).week)) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(value * 4)).toBe(true);
        }
      }),
    );
  });
});
