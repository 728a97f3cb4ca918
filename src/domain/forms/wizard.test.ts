import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE } from "../../test-support/sample-signature";
import { type CheckSheetFields, emptyCheckSheet } from "../checks/check-sheet";
import { emptyTimesheet, type TimesheetFields } from "../hours/timesheet";
import {
  CHECK_SHEET_STEPS,
  checkSheetProgress,
  checkSheetResumeStep,
  stepOfLabel,
  TIMESHEET_STEPS,
  timesheetProgress,
  timesheetResumeStep,
} from "./wizard";

describe("wizard steps", () => {
  it.each([
    {
      form: "timesheet",
      steps: TIMESHEET_STEPS,
      titles: [
        "Driver & Company Info",
        "Vehicle Info & Machine Hours",
        "Weekly Timesheet",
        "Driver Signature",
      ],
    },
    {
      form: "check sheet",
      steps: CHECK_SHEET_STEPS,
      titles: [
        "Driver & Company Info",
        "QR Scanner & Vehicle Info",
        "Daily Safety Check",
        "Photo Documentation",
        "Driver Signature",
      ],
    },
  ])("has the $form's titles", ({ steps, titles }) => {
    expect(steps).toEqual(titles);
  });
});

describe("timesheetResumeStep", () => {
  const blank = emptyTimesheet();
  const withTimesheet = (patch: Partial<TimesheetFields>): TimesheetFields => ({ ...blank, ...patch });

  it("opens at step 4 when the operator has signed", () => {
    expect(timesheetResumeStep({ ...blank, operatorSignature: SAMPLE_SIGNATURE })).toBe(4);
    expect(
      timesheetResumeStep({ operatorSignature: SAMPLE_SIGNATURE, mondayStart: "07:00", company: "A" }),
    ).toBe(4);
  });

  it("opens at step 3 when Monday has a start", () => {
    expect(timesheetResumeStep({ ...blank, mondayStart: "07:00", company: "Acme" })).toBe(3);
  });

  it("does not look at other days' starts", () => {
    expect(timesheetResumeStep(withTimesheet({ tuesdayStart: "07:00" }))).toBe(1);
  });

  it("opens at step 1 otherwise", () => {
    expect(timesheetResumeStep(blank)).toBe(1);
    expect(timesheetResumeStep(withTimesheet({ siteLocation: "Leeds", company: "  " }))).toBe(1);
    expect(timesheetResumeStep({})).toBe(1);
  });
});

describe("checkSheetResumeStep", () => {
  const blank = emptyCheckSheet("2025-03-12");
  const withCheckSheet = (patch: Partial<CheckSheetFields>): CheckSheetFields => ({ ...blank, ...patch });

  it("goes to step 4 when the operator has signed", () => {
    expect(checkSheetResumeStep({ ...blank, operatorSignature: SAMPLE_SIGNATURE, defectTyres: true })).toBe(
      4,
    );
  });

  it("goes to step 3 when safety checks or a defects list exist", () => {
    expect(checkSheetResumeStep({ ...blank, defectTyres: true })).toBe(3);
    expect(checkSheetResumeStep({ ...blank, defectLights: false, plantNumber: "PL-1" })).toBe(3);
    expect(checkSheetResumeStep({ ...blank, defectsNotes: "Cracked mirror" })).toBe(3);
    expect(checkSheetResumeStep({ ...blank, seatBeltCheck: true })).toBe(3);
  });

  it("goes to step 1 otherwise", () => {
    expect(checkSheetResumeStep(blank)).toBe(1);
    expect(checkSheetResumeStep(withCheckSheet({ defectsNotes: "   ", siteLocation: "Hull" }))).toBe(1);
  });
});

// Both forms resume at the vehicle step once the driver step has given a plant number, a machine or a company.
describe.each([
  {
    form: "timesheet",
    resumeStep: (patch: object) => timesheetResumeStep({ ...emptyTimesheet(), ...patch }),
  },
  {
    form: "check sheet",
    resumeStep: (patch: object) => checkSheetResumeStep({ ...emptyCheckSheet("2025-03-12"), ...patch }),
  },
])("the $form's resume step", ({ resumeStep }) => {
  it.each([{ plantNumber: "PL-12" }, { machineNumber: "Excavator" }, { company: "Acme" }])(
    "is step 2 with %o",
    (patch) => {
      expect(resumeStep(patch)).toBe(2);
    },
  );
});

describe("progress", () => {
  it("is round(step / 5 * 100) for the check sheet", () => {
    expect([1, 2, 3, 4, 5].map(checkSheetProgress)).toEqual([20, 40, 60, 80, 100]);
  });

  it("is a quarter per step for the timesheet", () => {
    expect([1, 2, 3, 4].map(timesheetProgress)).toEqual([25, 50, 75, 100]);
  });

  it("stays within the wizard for any step number", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), fc.integer({ min: -100, max: 100 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(checkSheetProgress(lo)).toBeLessThanOrEqual(checkSheetProgress(hi));
        expect(checkSheetProgress(a)).toBeGreaterThanOrEqual(20);
        expect(checkSheetProgress(a)).toBeLessThanOrEqual(100);
        expect(timesheetProgress(a)).toBeGreaterThanOrEqual(25);
        expect(timesheetProgress(a)).toBeLessThanOrEqual(100);
      }),
    );
    expect(checkSheetProgress(Number.NaN)).toBe(20);
  });

  it("labels the step", () => {
    expect(stepOfLabel(3, 5)).toBe("Step 3 of 5");
    expect(stepOfLabel(9, 5)).toBe("Step 5 of 5");
  });
});
