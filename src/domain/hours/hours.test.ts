import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BreakMinutesSchema } from "../forms/form-fields";
import { DAYS, WEEKDAYS } from "../time/days";
import {
  applyStandardShift,
  breakFieldValue,
  breakMinutesOf,
  clearDay,
  DEFAULT_BREAK_MINUTES,
  dayNetHours,
  finishNotAfterStart,
  isStandardShiftAdded,
  netHours,
  parseTime,
  recomputeHours,
  STANDARD_SHIFT,
  weekdayTotal,
  weeklyTotal,
} from "./hours";

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);

describe("parseTime", () => {
  it("reads HH:MM as minutes after midnight", () => {
    expect(parseTime("00:00")).toBe(0);
    expect(parseTime("07:00")).toBe(420);
    expect(parseTime("16:30")).toBe(990);
    expect(parseTime("23:59")).toBe(1439);
  });

  it("rejects anything that is not HH:MM", () => {
    for (const bad of ["7:00", "24:00", "12:60", "1200", "", "ab:cd", "12:00:00"])
      expect(parseTime(bad)).toBeNull();
    expect(parseTime(null)).toBeNull();
    expect(parseTime(undefined)).toBeNull();
  });
});

describe("breakMinutesOf", () => {
  it("defaults to 30 when the break is not set", () => {
    expect(DEFAULT_BREAK_MINUTES).toBe(30);
    expect(breakMinutesOf(undefined)).toBe(30);
    expect(breakMinutesOf(null)).toBe(30);
    expect(breakMinutesOf("")).toBe(30);
    expect(breakMinutesOf("  ")).toBe(30);
    expect(breakMinutesOf("lunch")).toBe(30);
  });

  it("keeps a set break, including zero", () => {
    expect(breakMinutesOf(0)).toBe(0);
    expect(breakMinutesOf("0")).toBe(0);
    expect(breakMinutesOf(45)).toBe(45);
    expect(breakMinutesOf(" 60 ")).toBe(60);
    expect(breakMinutesOf(-15)).toBe(0);
  });
});

describe("netHours", () => {
  it("computes the standard shift as 9 hours", () => {
    expect(netHours(STANDARD_SHIFT)).toBe(9);
    expect(netHours({ start: "07:00", finish: "16:30" })).toBe(9);
    expect(netHours({ start: "07:00", finish: "16:30", breakMinutes: null })).toBe(9);
    expect(netHours({ start: "07:00", finish: "16:30", breakMinutes: "" })).toBe(9);
  });

  it("subtracts the given break", () => {
    expect(netHours({ start: "07:00", finish: "16:30", breakMinutes: 0 })).toBe(9.5);
    expect(netHours({ start: "08:00", finish: "17:00", breakMinutes: 60 })).toBe(8);
    expect(netHours({ start: "08:00", finish: "17:00", breakMinutes: "45" })).toBe(8.3);
  });

  it("rounds to one decimal", () => {
    expect(netHours({ start: "07:00", finish: "15:17", breakMinutes: 45 })).toBe(7.5);
    expect(netHours({ start: "06:00", finish: "18:20", breakMinutes: 30 })).toBe(11.8);
    expect(netHours({ start: "07:00", finish: "07:03", breakMinutes: 0 })).toBe(0.1);
    expect(netHours({ start: "07:00", finish: "07:02", breakMinutes: 0 })).toBe(0);
    expect(netHours({ start: "07:00", finish: "07:10", breakMinutes: 0 })).toBe(0.2);
  });

  it("is never below zero", () => {
    expect(netHours({ start: "08:00", finish: "08:20" })).toBe(0);
    expect(netHours({ start: "08:00", finish: "09:00", breakMinutes: 120 })).toBe(0);
  });

  it("is not computable without both times or when finish is not later than start", () => {
    expect(netHours({ start: "07:00", finish: "" })).toBeNull();
    expect(netHours({ start: "", finish: "16:30" })).toBeNull();
    expect(netHours({ start: null, finish: null })).toBeNull();
    expect(netHours({})).toBeNull();
    expect(netHours({ start: "07:00", finish: "07:00" })).toBeNull();
    expect(netHours({ start: "22:00", finish: "06:00" })).toBeNull();
    expect(netHours({ start: "7am", finish: "4pm" })).toBeNull();
  });

  it("has the shape of the rule for any pair of times", () => {
    fc.assert(
      fc.property(time, time, fc.option(fc.integer({ min: 0, max: 600 })), (start, finish, brk) => {
        const result = netHours({ start, finish, breakMinutes: brk });
        const span = (parseTime(finish) as number) - (parseTime(start) as number);
        if (span <= 0) {
          expect(result).toBeNull();
          return;
        }
        expect(result).not.toBeNull();
        const value = result as number;
        expect(value).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(Math.round(value * 10 * 1e6) / 1e6)).toBe(true);
        const exact = Math.max(0, span - (brk ?? 30)) / 60;
        expect(Math.abs(value - exact)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
  });

  it("never grows when the break grows", () => {
    fc.assert(
      fc.property(time, time, fc.nat(300), fc.nat(300), (start, finish, a, b) => {
        const shorter = netHours({ start, finish, breakMinutes: Math.min(a, b) });
        const longer = netHours({ start, finish, breakMinutes: Math.max(a, b) });
        if (shorter === null) expect(longer).toBeNull();
        else expect(longer as number).toBeLessThanOrEqual(shorter);
      }),
    );
  });
});

describe("weekly totals", () => {
  const fullWeek = WEEKDAYS.reduce((ts, day) => applyStandardShift(ts, day), {} as Record<string, unknown>);
  const withSaturday = { ...fullWeek, saturdayStart: "08:00", saturdayFinish: "12:00", saturdayBreak: 0 };

  it("sums Monday to Sunday for the total and Monday to Friday for the approval summary", () => {
    expect(weeklyTotal(fullWeek)).toBe(45);
    expect(weeklyTotal(withSaturday)).toBe(49);
    expect(weekdayTotal(withSaturday)).toBe(45);
    expect(weeklyTotal(withSaturday, ["saturday"])).toBe(4);
  });

  it("is exact to one decimal", () => {
    const ts = {
      mondayStart: "07:00",
      mondayFinish: "07:06",
      mondayBreak: 0,
      tuesdayStart: "07:00",
      tuesdayFinish: "07:12",
      tuesdayBreak: 0,
    };
    expect(weeklyTotal(ts)).toBe(0.3);
  });

  it("is zero for an empty week", () => {
    expect(weeklyTotal({})).toBe(0);
    expect(weekdayTotal({})).toBe(0);
  });

  it("uses stored daily net hours only when a day has no times", () => {
    expect(dayNetHours({ mondayNetHours: 7.5 }, "monday")).toBe(7.5);
    expect(weeklyTotal({ mondayNetHours: 7.5, tuesdayNetHours: 8 })).toBe(15.5);
    // Times that do not compute win over a stale stored value.
    expect(dayNetHours({ mondayStart: "09:00", mondayFinish: "", mondayNetHours: 9 }, "monday")).toBe(0);
    expect(dayNetHours({ mondayStart: "10:00", mondayFinish: "09:00", mondayNetHours: 9 }, "monday")).toBe(0);
    expect(dayNetHours({ mondayNetHours: -3 }, "monday")).toBe(0);
    expect(dayNetHours({ mondayNetHours: Number.NaN }, "monday")).toBe(0);
  });

  it("equals the sum of the days' net hours", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(time, time, fc.nat(120)), { minLength: 7, maxLength: 7 }), (entries) => {
        const ts: Record<string, unknown> = {};
        let tenths = 0;
        DAYS.forEach((day, i) => {
          const [start, finish, brk] = entries[i] as [string, string, number];
          ts[`${day}Start`] = start;
          ts[`${day}Finish`] = finish;
          ts[`${day}Break`] = brk;
          tenths += Math.round((netHours({ start, finish, breakMinutes: brk }) ?? 0) * 10);
        });
        expect(weeklyTotal(ts)).toBe(tenths / 10);
        expect(weekdayTotal(ts)).toBeLessThanOrEqual(weeklyTotal(ts));
      }),
    );
  });
});

describe("standard shift", () => {
  it("is 07:00 to 16:30 with a 30 minute break and 9 net hours", () => {
    expect(STANDARD_SHIFT).toEqual({ start: "07:00", finish: "16:30", breakMinutes: 30, netHours: 9 });
  });

  it("fills one day and the total, returning a new object", () => {
    const before = { mondayStart: "", mondayWorking: "Excavating", totalHours: null };
    const after = applyStandardShift(before, "wednesday");
    expect(after).not.toBe(before);
    expect(before).toEqual({ mondayStart: "", mondayWorking: "Excavating", totalHours: null });
    expect(after).toMatchObject({
      wednesdayStart: "07:00",
      wednesdayFinish: "16:30",
      wednesdayBreak: 30,
      wednesdayNetHours: 9,
      mondayWorking: "Excavating",
      totalHours: 9,
    });
    expect(isStandardShiftAdded(after, "wednesday")).toBe(true);
    expect(isStandardShiftAdded(after, "monday")).toBe(false);
  });

  it("is cleared by Clear, which keeps the day's notes", () => {
    const notes = { fridayStart: "", fridayBreakdown: "Hydraulic leak" };
    const added = applyStandardShift(applyStandardShift(notes, "friday"), "monday");
    expect(added.totalHours).toBe(18);
    const cleared = clearDay(added, "friday");
    expect(cleared).toMatchObject({
      fridayStart: "",
      fridayFinish: "",
      fridayBreak: null,
      fridayNetHours: null,
      fridayBreakdown: "Hydraulic leak",
      totalHours: 9,
    });
    expect(isStandardShiftAdded(cleared, "friday")).toBe(false);
    expect(isStandardShiftAdded(cleared, "monday")).toBe(true);
  });

  it("counts a day as added only with the standard times and break", () => {
    expect(
      isStandardShiftAdded({ tuesdayStart: "07:00", tuesdayFinish: "16:30", tuesdayBreak: null }, "tuesday"),
    ).toBe(true);
    expect(
      isStandardShiftAdded({ tuesdayStart: "07:00", tuesdayFinish: "16:30", tuesdayBreak: 45 }, "tuesday"),
    ).toBe(false);
    expect(
      isStandardShiftAdded({ tuesdayStart: "07:00", tuesdayFinish: "17:00", tuesdayBreak: 30 }, "tuesday"),
    ).toBe(false);
  });
});

describe("recomputeHours", () => {
  it("sets each day's net hours and the total from the times", () => {
    const result = recomputeHours({
      mondayStart: "07:00",
      mondayFinish: "16:30",
      mondayNetHours: 3,
      tuesdayStart: "09:00",
      tuesdayFinish: "08:00",
      tuesdayNetHours: 5,
      wednesdayNetHours: 6,
      totalHours: 100,
    });
    expect(result.mondayNetHours).toBe(9);
    expect(result.tuesdayNetHours).toBeNull();
    expect(result.wednesdayNetHours).toBe(6);
    expect(result.totalHours).toBe(15);
  });
});

describe("finishNotAfterStart", () => {
  it("is true only when both times are written and finish is not later", () => {
    expect(finishNotAfterStart({ start: "17:00", finish: "08:00" })).toBe(true);
    expect(finishNotAfterStart({ start: "08:00", finish: "08:00" })).toBe(true);
    expect(finishNotAfterStart({ start: "08:00", finish: "17:00" })).toBe(false);
    expect(finishNotAfterStart({ start: "08:00", finish: "" })).toBe(false);
    expect(finishNotAfterStart({ start: "", finish: "" })).toBe(false);
  });

  it("explains exactly the written days that get no net hours", () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    fc.assert(
      fc.property(time, time, (start, finish) => {
        expect(finishNotAfterStart({ start, finish })).toBe(netHours({ start, finish }) === null);
      }),
    );
  });
});

describe("breakFieldValue", () => {
  it("reads blank as not set and numbers as whole minutes within a day", () => {
    expect(breakFieldValue("")).toBeNull();
    expect(breakFieldValue("  ")).toBeNull();
    expect(breakFieldValue("45")).toBe(45);
    expect(breakFieldValue("45.9")).toBe(45);
    expect(breakFieldValue("-5")).toBe(0);
    expect(breakFieldValue("99999")).toBe(1440);
    expect(breakFieldValue("abc")).toBeNull();
  });

  it("always gives a value the timesheet schema accepts", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double().map(String), fc.integer().map(String)), (text) => {
        expect(BreakMinutesSchema.safeParse(breakFieldValue(text)).success).toBe(true);
      }),
    );
  });
});
