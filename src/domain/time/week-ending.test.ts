import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatIsoDate } from "./iso-date";
import {
  estimateWeekNumber,
  isSaturday,
  isWithinWeek,
  nextSaturday,
  weekdayName,
  weekEndingAdvice,
  weekRange,
} from "./week-ending";

const isoDate = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
  .map(formatIsoDate);

describe("isSaturday", () => {
  it("knows Saturdays", () => {
    expect(isSaturday("2025-03-15")).toBe(true);
    expect(isSaturday("2024-12-28")).toBe(true);
    expect(isSaturday("2025-03-16")).toBe(false);
    expect(isSaturday("2025-03-14")).toBe(false);
    expect(isSaturday("")).toBe(false);
    expect(isSaturday("2025-02-29")).toBe(false);
  });

  it("holds for exactly one day in every seven", () => {
    fc.assert(
      fc.property(isoDate, (date) => {
        const week = weekRange(date);
        expect(week.filter(isSaturday)).toHaveLength(1);
      }),
    );
  });
});

describe("weekEndingAdvice", () => {
  it("advises when the date is not a Saturday", () => {
    expect(weekEndingAdvice("2025-03-14")).toBe("Week ending is usually a Saturday; this date is a Friday.");
    expect(weekEndingAdvice("2025-03-16")).toBe("Week ending is usually a Saturday; this date is a Sunday.");
  });

  it("says nothing for a Saturday, an empty field or an unreadable date", () => {
    expect(weekEndingAdvice("2025-03-15")).toBeNull();
    expect(weekEndingAdvice("")).toBeNull();
    expect(weekEndingAdvice(null)).toBeNull();
    expect(weekEndingAdvice(undefined)).toBeNull();
    expect(weekEndingAdvice("next week")).toBeNull();
  });
});

describe("weekRange", () => {
  it("is the 7 days ending on the week-ending date", () => {
    expect(weekRange("2025-03-15")).toEqual([
      "2025-03-09",
      "2025-03-10",
      "2025-03-11",
      "2025-03-12",
      "2025-03-13",
      "2025-03-14",
      "2025-03-15",
    ]);
    expect(weekRange("2025-01-03")[0]).toBe("2024-12-28");
    expect(weekRange("2024-03-02")).toContain("2024-02-29");
    expect(weekRange("")).toEqual([]);
  });

  it("agrees with isWithinWeek", () => {
    fc.assert(
      fc.property(isoDate, isoDate, (date, weekEnding) => {
        expect(isWithinWeek(date, weekEnding)).toBe(weekRange(weekEnding).includes(date));
      }),
    );
  });
});

describe("isWithinWeek", () => {
  it("includes both ends and nothing outside", () => {
    expect(isWithinWeek("2025-03-09", "2025-03-15")).toBe(true);
    expect(isWithinWeek("2025-03-15", "2025-03-15")).toBe(true);
    expect(isWithinWeek("2025-03-08", "2025-03-15")).toBe(false);
    expect(isWithinWeek("2025-03-16", "2025-03-15")).toBe(false);
    expect(isWithinWeek("", "2025-03-15")).toBe(false);
    expect(isWithinWeek("2025-03-15", "")).toBe(false);
  });
});

describe("nextSaturday", () => {
  it("is the same day for a Saturday and the coming one otherwise", () => {
    expect(nextSaturday("2025-03-15")).toBe("2025-03-15");
    expect(nextSaturday("2025-03-16")).toBe("2025-03-22");
    expect(nextSaturday("2025-03-10")).toBe("2025-03-15");
    expect(nextSaturday("2024-12-31")).toBe("2025-01-04");
    expect(nextSaturday("x")).toBeNull();
  });

  it("is always a Saturday within the next 6 days", () => {
    fc.assert(
      fc.property(isoDate, (date) => {
        const saturday = nextSaturday(date) as string;
        expect(isSaturday(saturday)).toBe(true);
        expect(isWithinWeek(date, saturday)).toBe(true);
      }),
    );
  });
});

describe("weekdayName", () => {
  it("names the weekday", () => {
    expect(weekdayName("2025-03-10")).toBe("Monday");
    expect(weekdayName("2025-03-15")).toBe("Saturday");
    expect(weekdayName("bad")).toBeNull();
  });
});

describe("estimateWeekNumber", () => {
  it("gives the ISO 8601 week number", () => {
    expect(estimateWeekNumber("2025-01-01")).toBe(1);
    expect(estimateWeekNumber("2024-12-30")).toBe(1);
    expect(estimateWeekNumber("2025-03-15")).toBe(11);
    expect(estimateWeekNumber("2021-01-03")).toBe(53);
    expect(estimateWeekNumber("2020-12-31")).toBe(53);
    expect(estimateWeekNumber("2023-01-01")).toBe(52);
    expect(estimateWeekNumber("2025-12-28")).toBe(52);
    expect(estimateWeekNumber("nope")).toBeNull();
  });

  it("is always between 1 and 53", () => {
    fc.assert(
      fc.property(isoDate, (date) => {
        const week = estimateWeekNumber(date) as number;
        expect(week).toBeGreaterThanOrEqual(1);
        expect(week).toBeLessThanOrEqual(53);
      }),
    );
  });

  it("is the same for Monday to Sunday of one week", () => {
    // 2025-03-10 is a Monday.
    const days = [10, 11, 12, 13, 14, 15, 16].map((day) => `2025-03-${day}`);
    expect(new Set(days.map(estimateWeekNumber))).toEqual(new Set([11]));
    expect(estimateWeekNumber("2025-03-17")).toBe(12);
  });
});
