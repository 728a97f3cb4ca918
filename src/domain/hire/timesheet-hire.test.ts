import { describe, expect, it } from "vitest";
import {
  addStandardShiftDay,
  applyTimesheetInput,
  clearTimesheetDay,
  emptyTimesheet,
  type TimesheetFields,
} from "../hours/timesheet";
import { english } from "../text/i18n/english";
import type { Day } from "../time/days";
import { DEFAULT_HIRE_TERMS, NO_CHARGE } from "./chargeable-hours";
import { type DayKinds, type HireDays, workedDay } from "./day-kinds";
import {
  dayOfKind,
  hireTermsWords,
  kindOfDay,
  timesheetCharge,
  timesheetHireProblem,
} from "./timesheet-hire";

/** Monday to Friday at +9 Hours (07:00 to 16:30, 30 minutes' break). */
function fiveDays(): TimesheetFields {
  let form = emptyTimesheet();
  for (const day of ["monday", "tuesday", "wednesday", "thursday", "friday"] as const) {
    form = addStandardShiftDay(form, day);
  }
  return form;
}

/** The form with one day's kinds changed as the wizard changes them. */
function withDay(form: TimesheetFields, day: Day, kinds: Partial<DayKinds>): TimesheetFields {
  const days = form.hireDays as HireDays;
  return applyTimesheetInput(form, { hireDays: { ...days, [day]: { ...days[day], ...kinds } } });
}

describe("a timesheet's hours by kind", () => {
  it("works a day of +9 Hours on hire: 9 hours worked", () => {
    const form = fiveDays();
    expect(form.hireDays?.monday).toEqual(workedDay(9));
    expect(kindOfDay(workedDay(9))).toBe("worked");
  });

  it("takes a day's worked hours as what its standing, breakdown and travel leave of its net hours", () => {
    const form = withDay(fiveDays(), "wednesday", { breakdown: 4.5, breakdownReason: "hydraulics" });
    expect(form.hireDays?.wednesday.worked).toBe(4.5);
    expect(kindOfDay(form.hireDays?.wednesday as DayKinds)).toBe("split");
  });

  it("charges a week under the default terms as the README's worked example says", () => {
    // Mon and Tue worked 9 h; Wed broke down at 12:00 (4.5 h worked, 4.5 h breakdown); Thu broken down all day
    // without times (8 h); Fri back at 10:00 (3 h breakdown, 6 h worked); a standing Saturday of 4 h.
    let form = withDay(fiveDays(), "wednesday", { breakdown: 4.5, breakdownReason: "hydraulics" });
    form = clearTimesheetDay(form, "thursday");
    form = withDay(form, "thursday", { breakdown: 8, breakdownReason: "hydraulics" });
    form = withDay(form, "friday", { breakdown: 3, breakdownReason: "hydraulics" });
    form = withDay(form, "saturday", { standing: 4, standingReason: "clientInstruction" });
    const charge = timesheetCharge(form);
    // Wed: the 8 h minimum less 4.5 h breakdown is 3.5 h, under the 4.5 h worked. Thu: 8 - 8 = 0. Fri: 7 - 3 = 4,
    // under the 6 h worked. Sat: standing is charged as standing; the weekend's minimum is none.
    expect(charge?.days.monday).toEqual({ ...NO_CHARGE, normal: 9 });
    expect(charge?.days.wednesday).toEqual({ ...NO_CHARGE, normal: 4.5 });
    expect(charge?.days.thursday).toEqual(NO_CHARGE);
    expect(charge?.days.friday).toEqual({ ...NO_CHARGE, normal: 6 });
    expect(charge?.days.saturday).toEqual({ ...NO_CHARGE, standing: 4 });
    expect(charge?.week).toEqual({ normal: 28.5, overtime: 0, weekend: 0, standing: 4 });
    expect(charge?.breakdown).toBe(15.5);
    expect(charge?.terms).toEqual(DEFAULT_HIRE_TERMS);
  });

  it("charges nothing for a form from before hours by kind, which keeps its words", () => {
    const { hireDays: _days, ...before } = fiveDays();
    expect(timesheetCharge(before)).toBeNull();
    expect(timesheetHireProblem(before)).toBeNull();
  });

  it("names the first wrong day and what is wrong with it, in the catalogs' words", () => {
    const tooMuch = withDay(fiveDays(), "tuesday", {
      standing: 6,
      breakdown: 5,
      standingReason: "weather",
      breakdownReason: "engine",
    });
    const problem = timesheetHireProblem(tooMuch);
    expect(problem?.title).toBe("Tuesday: hours by kind");
    expect(problem?.description).toBe(
      "The hours by kind add up to 11 h, but the day's start, finish and break give 9 h.",
    );
    expect(problem?.keys).toEqual({
      title: "hire.problem.title",
      description: "hire.problem.doNotAddUp",
      values: { kinds: 11, day: 9, weekday: "tuesday" },
    });
    const noReason = withDay(fiveDays(), "friday", { standing: 2 });
    expect(timesheetHireProblem(noReason)?.keys?.description).toBe("hire.problem.standingReason");
    expect(timesheetHireProblem(fiveDays())).toBeNull();
  });

  it("sets a whole day to one kind with one tap, keeping its reasons, or takes it off hire", () => {
    const day = { ...workedDay(9), standingReason: "weather" as const };
    expect(dayOfKind(day, "standing", 9)).toEqual({ ...day, worked: 0, standing: 9 });
    expect(dayOfKind(day, "offHire", 9)).toEqual({ ...day, onHire: false, worked: 0 });
    expect(kindOfDay(dayOfKind(day, "offHire", 9))).toBe("offHire");
    expect(kindOfDay(dayOfKind(day, "travel", 2))).toBe("travel");
    const fromCheck = {
      ...workedDay(0),
      breakdown: 9,
      breakdownFrom: { date: "2026-11-18", time: "12:00", item: "Hydraulics", hours: 9 },
    };
    // Its check stays noted, so the day is not filled from it again.
    expect(dayOfKind(fromCheck, "worked", 9)).toMatchObject({
      worked: 9,
      breakdown: 0,
      breakdownFrom: fromCheck.breakdownFrom,
    });
  });

  it("words the terms applied, a line each", () => {
    expect(hireTermsWords({ ...DEFAULT_HIRE_TERMS, overtimeAfter: 9 }, english)).toEqual([
      // A figure and its unit never part at a line's end.
      "Minimum hours a day: Monday 8\u00a0h, Tuesday 8\u00a0h, Wednesday 8\u00a0h, Thursday 8\u00a0h, Friday 7\u00a0h, Saturday 0\u00a0h, Sunday 0\u00a0h",
      "Standing time charged",
      "Travel not charged",
      "Overtime after 9 h a weekday",
      "Weekend hours charged as weekend",
    ]);
  });
});
