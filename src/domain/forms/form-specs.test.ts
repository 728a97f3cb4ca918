import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyCheckSheet } from "../checks/check-sheet";
import { emptyTimesheet } from "../hours/timesheet";
import { shortFieldLabel } from "./field-labels";
import { driverNameOf, fileSlug, listedValues, stepProgress } from "./form-spec";
import { FORM_SPECS } from "./form-specs";

const timesheet = {
  ...emptyTimesheet(),
  driverSignedName: "Łukasz Wójcik",
  plantNumber: "EX 001",
  weekEnding: "2025-06-07",
};
const checkSheet = {
  ...emptyCheckSheet("2025-06-04"),
  plantNumber: "EX-001",
  defectTyres: false,
  defectLights: false,
};

describe("the form specs", () => {
  it("have the spec's steps: four for the timesheet, five for the check sheet", () => {
    expect(FORM_SPECS.timesheet.steps.map((step) => step.title)).toEqual([
      "Driver & Company Info",
      "Vehicle Info & Machine Hours",
      "Weekly Timesheet",
      "Driver Signature",
    ]);
    expect(FORM_SPECS["check-sheet"].steps.map((step) => step.title)).toEqual([
      "Driver & Company Info",
      "QR Scanner & Vehicle Info",
      "Daily Safety Check",
      "Photo Documentation",
      "Driver Signature",
    ]);
  });

  it("give each step a distinct id", () => {
    for (const spec of Object.values(FORM_SPECS)) {
      const ids = spec.steps.map((step) => step.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("count progress as round(step / steps * 100)", () => {
    expect(stepProgress(FORM_SPECS["check-sheet"], 1)).toBe(20);
    expect(stepProgress(FORM_SPECS["check-sheet"], 5)).toBe(100);
    expect(stepProgress(FORM_SPECS.timesheet, 3)).toBe(75);
  });

  it("make blank forms that their own schema accepts", () => {
    for (const spec of Object.values(FORM_SPECS)) {
      expect(spec.fieldsSchema.safeParse(spec.empty("2025-06-04")).success).toBe(true);
      expect(spec.resumeStep(spec.empty("2025-06-04"))).toBe(1);
    }
  });

  it("keep the listed fields and the form's date beside the form", () => {
    expect(listedValues(FORM_SPECS.timesheet, timesheet)).toEqual({
      driverSignedName: "Łukasz Wójcik",
      plantNumber: "EX 001",
      customerId: "",
      orderNumber: "",
      date: "2025-06-07",
    });
    expect(listedValues(FORM_SPECS.timesheet, emptyTimesheet()).date).toBeNull();
    expect(listedValues(FORM_SPECS["check-sheet"], checkSheet).date).toBe("2025-06-04");
  });

  it("summarise a mail with the labels every other view uses", () => {
    const rows = new Map(FORM_SPECS["check-sheet"].mailSummary(checkSheet));
    expect(rows.get(shortFieldLabel("plantNumber"))).toBe("EX-001");
    expect(rows.get(shortFieldLabel("checkDate"))).toBe("04/06/2025");
    expect(rows.get("Defects")).toBe("Tyres, Lights");
    const week = new Map(FORM_SPECS.timesheet.mailSummary(timesheet));
    expect(week.get(shortFieldLabel("driverSignedName"))).toBe("Łukasz Wójcik");
    expect(week.get(shortFieldLabel("siteLocation"))).toBe("");
  });

  it("name the PDF after the plant and the form's date", () => {
    expect(FORM_SPECS.timesheet.pdfFileName(timesheet, "2025-06-09")).toBe("timesheet-ex-001-2025-06-07.pdf");
    expect(FORM_SPECS["check-sheet"].pdfFileName({ ...checkSheet, plantNumber: "" }, "2025-06-09")).toBe(
      "check-sheet-plant-2025-06-04.pdf",
    );
  });
});

describe("driverNameOf", () => {
  it("is the step-1 name, else the operator's printed name", () => {
    expect(driverNameOf({ driverSignedName: " Ann ", operatorSignedName: "Bob" })).toBe("Ann");
    expect(driverNameOf({ driverSignedName: "  ", operatorSignedName: " Bob " })).toBe("Bob");
    expect(driverNameOf({ driverSignedName: "", operatorSignedName: "" })).toBe("");
  });
});

describe("fileSlug", () => {
  it("is lower-case letters, digits and single inner dashes", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(fileSlug(text)).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
    );
    expect(fileSlug("  EX/001 (Main) ")).toBe("ex-001-main");
  });
});
