import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addStandardShiftDay, emptyTimesheet, type TimesheetFields } from "../hours/timesheet";
import { meterHours, meterMismatch, meterProblem, meterReading, workedHours } from "./hour-meter";

/** Monday to Thursday at +9 Hours: 36 hours worked. */
function fourDays(readings: Partial<TimesheetFields> = {}): TimesheetFields {
  let form = { ...emptyTimesheet(), ...readings };
  for (const day of ["monday", "tuesday", "wednesday", "thursday"] as const)
    form = addStandardShiftDay(form, day);
  return form;
}

describe("the week's hour meter", () => {
  it("reads what the meter shows, a comma as good as a point", () => {
    expect(meterReading("4521.5")).toBe(4521.5);
    expect(meterReading(" 4521,5 ")).toBe(4521.5);
    expect(meterReading("")).toBeNull();
    expect(meterReading("lots")).toBeNull();
    expect(meterReading("-3")).toBeNull();
  });

  it("refuses a reading that goes backwards, or one that is no number, in the catalog's words", () => {
    expect(meterProblem({ meterStart: "4521.5", meterEnd: "4500" })?.description).toBe(
      "The hour meter cannot go backwards: the end of the week (4,500) is below its start (4,521.5).",
    );
    expect(meterProblem({ meterStart: "4521.5", meterEnd: "=1+1" })?.keys?.description).toBe(
      "meter.notANumber",
    );
    expect(meterProblem({ meterStart: "4521.5", meterEnd: "" })).toBeNull();
    expect(meterProblem({ meterStart: "4521.5", meterEnd: "4557.5" })).toBeNull();
    expect(meterProblem({})).toBeNull();
  });

  it("flags a week whose meter differs from its worked hours by more than the tolerance, with both figures", () => {
    expect(workedHours(fourDays())).toBe(36);
    expect(meterHours({ meterStart: "4521.5", meterEnd: "4557.5" })).toBe(36);
    expect(meterMismatch(fourDays({ meterStart: "4521.5", meterEnd: "4557.5" }))).toBeNull();
    // Two hours either way is within the default tolerance; more is not.
    expect(meterMismatch(fourDays({ meterStart: "4521.5", meterEnd: "4559.5" }))).toBeNull();
    expect(meterMismatch(fourDays({ meterStart: "4521.5", meterEnd: "4560" }))).toEqual({
      meter: 38.5,
      worked: 36,
    });
    expect(meterMismatch(fourDays({ meterStart: "4521.5", meterEnd: "4560" }), 3)).toBeNull();
    expect(meterMismatch(fourDays({ meterStart: "4521.5" }))).toBeNull();
  });

  it("never flags a meter that agrees with the worked hours to within the tolerance", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: -20, max: 20 }), (start, off) => {
        const end = start + 36 + off / 10;
        const form = fourDays({ meterStart: String(start), meterEnd: String(end) });
        expect(meterMismatch(form) === null).toBe(Math.abs(off / 10) <= 2);
      }),
    );
  });
});
