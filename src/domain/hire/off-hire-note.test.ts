import { describe, expect, it } from "vitest";
import { FORM_SPECS } from "../forms/form-specs";
import {
  applyOffHireNoteInput,
  emptyOffHireNote,
  OffHireNoteFieldsSchema,
  OffHireNoteInputSchema,
  offHireResumeStep,
} from "./off-hire-note";

const blank = emptyOffHireNote("2026-11-27");
const photo = (n: number) => `/api/uploads/photo-${n}.jpg`;

describe("the off-hire note's schema", () => {
  it("takes a blank note and a filled one", () => {
    expect(OffHireNoteFieldsSchema.safeParse(blank).success).toBe(true);
    const filled = {
      ...blank,
      offHireTime: "16:30",
      plantNumber: "EX-014",
      meterReading: "4521,5",
      fuelLevel: "3/4",
      damageNotes: "Dent in the bucket",
      collectionReference: "COL-991",
      photos: [1, 2, 3, 4, 5].map(photo),
    };
    expect(OffHireNoteFieldsSchema.safeParse(filled).success).toBe(true);
  });

  it("refuses a meter reading that is no number", () => {
    for (const meterReading of ["about 4500", "4500h", "-3", "1e", "NaN"]) {
      const parsed = OffHireNoteInputSchema.safeParse({ meterReading });
      expect(parsed.success, meterReading).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Type the hours the meter shows, such as 4521.5.");
    }
    for (const meterReading of ["", "4521", "4521.5", " 4521,5 "]) {
      expect(OffHireNoteInputSchema.safeParse({ meterReading }).success, meterReading).toBe(true);
    }
  });

  it("refuses more than 5 photos, and a photo that is no uploaded image", () => {
    expect(OffHireNoteInputSchema.safeParse({ photos: [1, 2, 3, 4, 5, 6].map(photo) }).success).toBe(false);
    expect(OffHireNoteInputSchema.safeParse({ photos: ["data:image/png;base64,AAAA"] }).success).toBe(false);
    expect(OffHireNoteInputSchema.safeParse({ photos: ["javascript:alert(1)"] }).success).toBe(false);
  });

  it("refuses a date that is no date, and a time that is no time", () => {
    for (const offHireDate of ["2026-02-30", "27/11/2026", "tomorrow", ""]) {
      expect(OffHireNoteFieldsSchema.safeParse({ ...blank, offHireDate }).success, offHireDate).toBe(false);
    }
    for (const offHireTime of ["25:00", "4pm", "16:3"]) {
      expect(OffHireNoteInputSchema.safeParse({ offHireTime }).success, offHireTime).toBe(false);
    }
  });

  it("refuses damage notes beyond the notes' length", () => {
    expect(OffHireNoteInputSchema.safeParse({ damageNotes: "x".repeat(5001) }).success).toBe(false);
  });

  it("applies an input over a stored note without changing the stored one", () => {
    const applied = applyOffHireNoteInput(blank, { meterReading: "12", damageNotes: undefined });
    expect(applied.meterReading).toBe("12");
    expect(blank.meterReading).toBe("");
  });

  it("resumes a draft at the step its fields say", () => {
    expect(offHireResumeStep(blank)).toBe(1);
    expect(offHireResumeStep({ ...blank, clientCompany: "Acme" })).toBe(2);
    expect(offHireResumeStep({ ...blank, plantNumber: "EX-1" })).toBe(3);
    expect(offHireResumeStep({ ...blank, meterReading: "1" })).toBe(4);
  });
});

describe("the off-hire spec", () => {
  const spec = FORM_SPECS["off-hire"];

  it("has five steps, the check sheet's vehicle and photo steps among them", () => {
    expect(spec.steps.map((step) => step.id)).toEqual([
      "driver",
      "vehicle",
      "condition",
      "photos",
      "signature",
    ]);
    expect(spec.hasPhotos).toBe(true);
    expect(spec.apiPath).toBe("/off-hire-notes");
  });

  it("dates the note by the day the hire ended and names its PDF after it", () => {
    const note = { ...blank, plantNumber: "EX 014" };
    expect(spec.date(note)).toBe("2026-11-27");
    expect(spec.pdfFileName(note, "2026-11-30")).toBe("off-hire-ex-014-2026-11-27.pdf");
  });

  it("summarises the meter, the fuel and the collection reference in the mail", () => {
    const rows = new Map(
      spec.mailSummary({ ...blank, meterReading: "4521.5", fuelLevel: "Half", collectionReference: "COL-1" }),
    );
    expect(rows.get("Hour meter")).toBe("4521.5");
    expect(rows.get("Fuel level")).toBe("Half");
    expect(rows.get("Collection ref.")).toBe("COL-1");
    expect(rows.get("Off-Hire Date")).toBe("27/11/2026");
  });

  it("will not complete in one step without signatures, a rating and a client address", () => {
    const body = { offHireData: { ...blank }, supervisorRating: "Excellent" };
    expect(spec.oneStep.requestSchema.safeParse(body).success).toBe(false);
  });
});
