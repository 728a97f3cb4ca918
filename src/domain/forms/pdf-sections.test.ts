import { describe, expect, it } from "vitest";
import { emptyCheckSheet } from "../checks/check-sheet";
import { emptyTimesheet } from "../hours/timesheet";
import { checkSheetPdfSection } from "./check-sheet-pdf-sections";
import { askedItems } from "./check-templates";
import { EXCAVATOR } from "./check-templates/excavator";
import { GENERAL_PLANT } from "./check-templates/general-plant";
import { fieldLabel } from "./field-labels";
import { FORM_SPECS } from "./form-specs";
import type { PdfBlock, PdfSection } from "./pdf-sections";
import { timesheetPdfSection } from "./timesheet-pdf-sections";
import { weeklyPackPdf } from "./weekly-pack-pdf-sections";

const blocksOf = <K extends PdfBlock["kind"]>(section: PdfSection, kind: K) =>
  section.blocks.filter((block): block is Extract<PdfBlock, { kind: K }> => block.kind === kind);
const labelsOf = (section: PdfSection) =>
  blocksOf(section, "keyValues").flatMap((block) => block.entries.map((entry) => entry.label));

describe("the PDF sections of each form type", () => {
  it("are what each form spec gives for its PDF", () => {
    expect(FORM_SPECS.timesheet.pdfSection).toBe(timesheetPdfSection);
    expect(FORM_SPECS["check-sheet"].pdfSection).toBe(checkSheetPdfSection);
  });

  it("label the fields with the words the form uses", () => {
    const section = timesheetPdfSection(emptyTimesheet(), { fingerprint: "f" });
    for (const field of [
      "driverSignedName",
      "company",
      "clientCompany",
      "siteLocation",
      "plantNumber",
    ] as const) {
      expect(labelsOf(section)).toContain(fieldLabel(field));
    }
    expect(blocksOf(section, "heading").map((block) => block.text)).toContain(fieldLabel("breakdownNotes"));
  });

  it("list a check sheet's items and notices from its machine's template", () => {
    for (const template of [GENERAL_PLANT, EXCAVATOR]) {
      const sheet = { ...emptyCheckSheet("2025-06-02", template.id), defectBucket: false };
      const section = checkSheetPdfSection(sheet, { fingerprint: "f" });
      const [checks] = blocksOf(section, "checks");
      expect(checks?.items.map((item) => item.label)).toEqual(askedItems(template).map((item) => item.label));
      expect(checks?.items.find((item) => item.label.startsWith("Bucket"))?.value).toBe(false);
      expect(blocksOf(section, "notice").map((block) => block.text)).toEqual(template.notices);
    }
  });

  it("print the retired items only on an older sheet that answered them, and the operator's initials", () => {
    const older = { ...emptyCheckSheet("2025-06-02"), defectDefects: true, defectOperators: false };
    const [checks] = blocksOf(checkSheetPdfSection(older, { fingerprint: "f" }), "checks");
    expect(checks?.items.slice(-2)).toEqual([
      { label: "All Defects", value: true },
      { label: "Operations Initials", value: false },
    ]);
    const initialled = { ...emptyCheckSheet("2025-06-02"), operatorInitials: "DD" };
    expect(labelsOf(checkSheetPdfSection(initialled, { fingerprint: "f" }))).toContain("Operator's initials");
  });

  it("put the approval first in a weekly pack, then the timesheet and the check sheets, rated once", () => {
    const pack = weeklyPackPdf({
      timesheet: { form: emptyTimesheet(), fingerprint: "t" },
      checkSheets: [{ form: emptyCheckSheet("2025-06-02"), fingerprint: "c", photos: [] }],
      approvalFingerprint: "a",
      rating: "happy",
    });
    expect(pack.sections.map((section) => section.stamp.fingerprint)).toEqual(["a", "t", "c"]);
    const rated = pack.sections.filter((section) =>
      labelsOf(section).includes(fieldLabel("supervisorNotes")),
    );
    expect(rated).toEqual([pack.sections[0]]);
  });
});
