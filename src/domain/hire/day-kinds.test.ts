import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BREAKDOWN_REASONS,
  type DayKinds,
  DayKindsSchema,
  dayKindsProblems,
  STANDING_REASONS,
  workedDay,
} from "./day-kinds";

const keys = (day: DayKinds, net: number | null) => dayKindsProblems(day, net).map((problem) => problem.key);

describe("a day's hours by kind", () => {
  it("finds nothing wrong with a day worked as +9 Hours fills it", () => {
    expect(dayKindsProblems(workedDay(9), 9)).toEqual([]);
  });

  it("must add up to the day's hours", () => {
    const day = { ...workedDay(3), breakdown: 5, breakdownReason: "hydraulics" as const };
    expect(dayKindsProblems(day, 8.5)).toEqual([
      { key: "hire.problem.doNotAddUp", values: { kinds: 8, day: 8.5 } },
    ]);
    expect(dayKindsProblems({ ...day, breakdown: 5.5 }, 8.5)).toEqual([]);
  });

  it("stays within a day", () => {
    expect(keys({ ...workedDay(20), travel: 5 }, null)).toEqual(["hire.problem.overADay"]);
  });

  it("gives a reason for standing and for breakdown hours", () => {
    expect(keys({ ...workedDay(3), standing: 5 }, 8)).toEqual(["hire.problem.standingReason"]);
    expect(keys({ ...workedDay(3), breakdown: 5 }, 8)).toEqual(["hire.problem.breakdownReason"]);
    expect(keys({ ...workedDay(3), standing: 5, standingReason: "weather" }, 8)).toEqual([]);
  });

  it("holds no hours on a day not on hire", () => {
    expect(keys({ ...workedDay(0), onHire: false }, null)).toEqual([]);
    expect(keys({ ...workedDay(2), onHire: false }, null)).toEqual(["hire.problem.hoursOffHire"]);
  });

  it("is stored only as the schema allows: no negative hours, no day over 24, no reason outside the lists", () => {
    expect(DayKindsSchema.safeParse(workedDay(9)).success).toBe(true);
    expect(DayKindsSchema.safeParse({ ...workedDay(9), standing: -1 }).success).toBe(false);
    expect(DayKindsSchema.safeParse({ ...workedDay(25) }).success).toBe(false);
    expect(DayKindsSchema.safeParse({ ...workedDay(9), standingReason: "<script>" }).success).toBe(false);
    expect(DayKindsSchema.safeParse({ ...workedDay(9), note: "x".repeat(501) }).success).toBe(false);
  });

  it("finds nothing wrong with any day whose kinds add up, within a day, with their reasons", () => {
    const quarter = (max: number) => fc.integer({ min: 0, max: max * 4 }).map((n) => n / 4);
    fc.assert(
      fc.property(
        quarter(12),
        quarter(6),
        quarter(6),
        fc.constantFrom(...STANDING_REASONS),
        fc.constantFrom(...BREAKDOWN_REASONS),
        (worked, standing, breakdown, standingReason, breakdownReason) => {
          const day: DayKinds = {
            ...workedDay(worked),
            standing,
            breakdown,
            standingReason,
            breakdownReason,
          };
          expect(dayKindsProblems(day, worked + standing + breakdown)).toEqual([]);
          expect(keys(day, worked + standing + breakdown + 0.25)).toEqual(["hire.problem.doNotAddUp"]);
        },
      ),
    );
  });
});
