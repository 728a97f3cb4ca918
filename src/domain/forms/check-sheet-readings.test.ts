import { describe, expect, it } from "vitest";
import { CheckSheetInputSchema, emptyCheckSheet } from "../checks/check-sheet";
import pl from "../text/catalogs/pl.json";
import { type Catalog, createTranslator } from "../text/i18n/translate";
import { checkSheetPdfSection } from "./check-sheet-pdf-sections";
import {
  askedReadings,
  CHECK_SHEET_READINGS,
  givenReadings,
  isStoodDown,
  machineSafeUnanswered,
  readingValues,
} from "./check-sheet-readings";
import { CHECK_SHEET_SPEC } from "./check-sheet-spec";
import type { PdfBlock } from "./pdf-sections";

const polish = createTranslator("pl", pl as Catalog).t;
const sheet = { ...emptyCheckSheet("2025-06-09"), fuelLevelAtEnd: "3/4" };

describe("the check sheet's readings", () => {
  it("take one of each reading's choices, or none, and refuse anything else", () => {
    for (const reading of CHECK_SHEET_READINGS) {
      for (const choice of reading.choices) {
        expect(CheckSheetInputSchema.safeParse({ [reading.field]: choice.value }).success).toBe(true);
      }
      expect(CheckSheetInputSchema.safeParse({}).success).toBe(true);
      for (const bad of ["7/8", "", "FULL", 1, null, "<b>full</b>", "x".repeat(5000)]) {
        expect(CheckSheetInputSchema.safeParse({ [reading.field]: bad }).success, String(bad)).toBe(false);
      }
    }
  });

  it("are left out where not picked, so a sheet made before them reads and prints as it did", () => {
    expect(givenReadings(emptyCheckSheet("2025-06-09"))).toEqual([]);
    expect(emptyCheckSheet("2025-06-09")).not.toHaveProperty("fuelLevelAtEnd");
    expect(readingValues({})).toEqual(CHECK_SHEET_READINGS.map(() => ""));
  });

  it("ask whether the machine is safe to use once an item is a defect, and only then", () => {
    const fields = (sheet: Parameters<typeof askedReadings>[0]) => askedReadings(sheet).map((r) => r.field);
    const clean = emptyCheckSheet("2025-06-09");
    expect(fields(clean)).toEqual(["fuelLevelAtEnd"]);
    const defect = { ...clean, defectTyres: false };
    expect(fields(defect)).toEqual(["machineSafe", "fuelLevelAtEnd"]);
    expect(machineSafeUnanswered(clean)).toBe(false);
    expect(machineSafeUnanswered(defect)).toBe(true);
    expect(machineSafeUnanswered({ ...defect, machineSafe: "yes" })).toBe(false);
    expect(isStoodDown({ ...defect, machineSafe: "no" })).toBe(true);
    expect(isStoodDown({ ...defect, machineSafe: "yes" })).toBe(false);
    // An answer left from a defect since cleared says nothing: nothing is wrong with the machine.
    expect(isStoodDown({ ...clean, machineSafe: "no" })).toBe(false);
    expect(givenReadings({ ...clean, machineSafe: "no" })).toEqual([]);
    expect(givenReadings({ ...defect, machineSafe: "no" }, polish)).toEqual([
      {
        field: "machineSafe",
        label: "Czy maszyna jest bezpieczna w użyciu?",
        value: "Nie, wyłączona z pracy",
      },
    ]);
  });

  it("are shown under their label in the reader's words, in the PDF and the mail summary", () => {
    expect(givenReadings(sheet)).toEqual([
      { field: "fuelLevelAtEnd", label: "Fuel level at end of shift", value: "3/4" },
    ]);
    expect(givenReadings({ fuelLevelAtEnd: "full" }, polish)).toEqual([
      { field: "fuelLevelAtEnd", label: "Poziom paliwa na koniec zmiany", value: "Pełny" },
    ]);
    const entries = checkSheetPdfSection(sheet, { fingerprint: "f", t: polish }).blocks.flatMap(
      (block: PdfBlock) => (block.kind === "keyValues" ? block.entries : []),
    );
    expect(entries).toContainEqual({ label: "Poziom paliwa na koniec zmiany", value: "3/4" });
    expect(CHECK_SHEET_SPEC.mailSummary(sheet)).toContainEqual(["Fuel level at end of shift", "3/4"]);
  });
});
