import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addStandardShiftDay, emptyTimesheet, type TimesheetFields } from "../hours/timesheet";
import { DAYS } from "../time/days";
import type { HireDays } from "./day-kinds";
import { breakdownReasonOf, datesOfWeek, type StandDown, withStandDowns } from "./stand-downs";
import { dayOfKind } from "./timesheet-hire";

/** The week ending Saturday 21 November 2026: Monday the 16th to Saturday the 21st, and Sunday the 15th. */
const week = (): TimesheetFields => ({ ...emptyTimesheet(), weekEnding: "2026-11-21" });
const hydraulics: StandDown = { date: "2026-11-18", time: "12:00", item: "Hydraulics", fixed: null };
const breakdowns = (days: HireDays | undefined) =>
  Object.fromEntries(DAYS.map((day) => [day, days?.[day].breakdown]));

describe("a check that stands the machine down", () => {
  it("knows each day's date in the week", () => {
    expect(datesOfWeek("2026-11-21")).toEqual({
      sunday: "2026-11-15",
      monday: "2026-11-16",
      tuesday: "2026-11-17",
      wednesday: "2026-11-18",
      thursday: "2026-11-19",
      friday: "2026-11-20",
      saturday: "2026-11-21",
    });
    expect(datesOfWeek("")).toBeNull();
  });

  it("starts breakdown at the check's time and runs to the week's end while it is not fixed", () => {
    const days = withStandDowns(week(), [hydraulics]);
    // Without times, a day's working time is the standard 07:00 to 16:30: Wednesday loses 12:00 to 16:30, Thursday
    // and Friday their 9 net hours; the weekend, with no minimum and no times, had none to lose.
    expect(breakdowns(days)).toEqual({
      monday: 0,
      tuesday: 0,
      wednesday: 4.5,
      thursday: 9,
      friday: 9,
      saturday: 0,
      sunday: 0,
    });
    expect(days?.wednesday).toMatchObject({
      breakdownReason: "hydraulics",
      breakdownFrom: { date: "2026-11-18", time: "12:00", item: "Hydraulics", hours: 4.5 },
    });
  });

  it("ends at the fix, and a fix reported later shortens what the check gave", () => {
    const fixed = { ...hydraulics, fixed: { date: "2026-11-20", time: "10:00" } };
    const before = { ...week(), hireDays: withStandDowns(week(), [hydraulics]) };
    const after = withStandDowns(before, [fixed]);
    expect(breakdowns(after)).toMatchObject({ wednesday: 4.5, thursday: 9, friday: 3 });
    expect(after?.friday.breakdownFrom?.hours).toBe(3);
    // Given again, nothing changes: the same days come back.
    const settled = { ...before, hireDays: after };
    expect(withStandDowns(settled, [fixed])).toBe(after);
  });

  it("follows the day's own times, never more than its net hours", () => {
    let form = week();
    for (const day of ["wednesday", "thursday", "friday"] as const) form = addStandardShiftDay(form, day);
    const days = withStandDowns(form, [{ ...hydraulics, fixed: { date: "2026-11-20", time: "10:00" } }]);
    // Thursday's 07:00 to 16:30 less its 30 minutes' break: 9 hours, not 9.5.
    expect(breakdowns(days)).toMatchObject({ wednesday: 4.5, thursday: 9, friday: 3 });
  });

  it("leaves a day the driver changed as they left it, and does not fill it again", () => {
    const first = { ...week(), hireDays: withStandDowns(week(), [hydraulics]) } as TimesheetFields;
    const days = first.hireDays as HireDays;
    const changed = {
      ...first,
      hireDays: {
        ...days,
        thursday: { ...days.thursday, breakdown: 5 },
        friday: dayOfKind(days.friday, "worked", 0),
      },
    };
    const again = withStandDowns(changed, [{ ...hydraulics, fixed: { date: "2026-11-20", time: "10:00" } }]);
    expect(breakdowns(again)).toMatchObject({ wednesday: 4.5, thursday: 5, friday: 0 });
  });

  it("does not touch a form from before hours by kind, or a week without a date", () => {
    const { hireDays: _days, ...before } = week();
    expect(withStandDowns(before, [hydraulics])).toBeUndefined();
    const undated = { ...week(), weekEnding: "" };
    expect(withStandDowns(undated, [hydraulics])).toBe(undated.hireDays);
  });

  it("never gives a day more breakdown than its working time, whenever the check and the fix", () => {
    const time = fc.integer({ min: 0, max: 23 * 60 + 59 }).map((m) => {
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
    });
    const date = fc.constantFrom(...Object.values(datesOfWeek("2026-11-21") as object));
    fc.assert(
      fc.property(date, time, fc.option(fc.tuple(date, time)), (downDate, downTime, fix) => {
        const fixed = fix && fix[0] >= downDate ? { date: fix[0], time: fix[1] } : null;
        const days = withStandDowns(week(), [{ date: downDate, time: downTime, item: "Engine", fixed }]);
        for (const day of DAYS) {
          expect(days?.[day].breakdown).toBeGreaterThanOrEqual(0);
          expect(days?.[day].breakdown).toBeLessThanOrEqual(9);
        }
      }),
    );
  });

  it("takes the breakdown's reason from the failed item's words", () => {
    expect(breakdownReasonOf("Hydraulic hoses")).toBe("hydraulics");
    expect(breakdownReasonOf("Engine oil level")).toBe("engine");
    expect(breakdownReasonOf("Lights & beacon")).toBe("electrics");
    expect(breakdownReasonOf("Tracks")).toBe("tracksOrTyres");
    expect(breakdownReasonOf("Quick hitch pin")).toBe("attachment");
    expect(breakdownReasonOf("Seat belt")).toBe("other");
  });
});
