import { describe, expect, it } from "vitest";
import { applyStandardShift } from "./hours";
import { formatHours, weekDays, weekDefects, weekTotalHours } from "./week-summary";

describe("weekDays and weekTotalHours", () => {
  it("give each day's net hours Monday to Sunday and their sum", () => {
    let timesheet = applyStandardShift({}, "monday");
    timesheet = applyStandardShift(timesheet, "wednesday");
    const days = weekDays({ ...timesheet, fridayStart: "07:00", fridayFinish: "12:00", fridayBreak: 0 });
    expect(days.map((d) => `${d.label} ${d.hours}`)).toEqual([
      "Mon 9",
      "Tue 0",
      "Wed 9",
      "Thu 0",
      "Fri 5",
      "Sat 0",
      "Sun 0",
    ]);
    expect(
      weekTotalHours({ ...timesheet, fridayStart: "07:00", fridayFinish: "12:00", fridayBreak: 0 }),
    ).toBe(23);
  });

  it("never trusts a stored net hours figure that the day's times contradict", () => {
    // Finish before start: the day counts nothing, whatever mondayNetHours says.
    const timesheet = { mondayStart: "16:00", mondayFinish: "07:00", mondayNetHours: 12 };
    expect(weekTotalHours(timesheet)).toBe(0);
  });

  it("prints whole hours without a decimal and the rest to one", () => {
    expect(formatHours(45)).toBe("45");
    expect(formatHours(45.5)).toBe("45.5");
  });
});

describe("weekDefects", () => {
  it("lists each item marked defect with its sheet's notes, oldest check first", () => {
    const defects = weekDefects([
      {
        id: "wed",
        checkDate: "2026-11-18",
        defectMirrors: false,
        defectTyres: true,
        defectsNotes: "Nearside mirror cracked",
      },
      { id: "tue", checkDate: "2026-11-17", defectTyres: false, defectLights: false, defectsNotes: "" },
    ]);
    expect(defects).toEqual([
      { checkSheetId: "tue", checkDate: "2026-11-17", label: "Tyres", notes: null },
      { checkSheetId: "tue", checkDate: "2026-11-17", label: "Lights", notes: null },
      {
        checkSheetId: "wed",
        checkDate: "2026-11-18",
        label: "Mirrors, Indicator & Horn",
        notes: "Nearside mirror cracked",
      },
    ]);
  });

  it("reads each sheet by its own machine's template", () => {
    const [defect] = weekDefects([
      { id: "a", checkDate: "2026-11-17", checkTemplate: "excavator", defectBucket: false },
    ]);
    expect(defect?.label).toBe("Bucket, teeth and linkage pins");
  });

  it("finds none when nothing is marked defect, N/A included", () => {
    expect(
      weekDefects([
        {
          id: "a",
          checkDate: "2026-11-17",
          defectTyres: true,
          defectLights: null,
          defectsNotes: "No defects noted",
        },
      ]),
    ).toEqual([]);
  });
});
