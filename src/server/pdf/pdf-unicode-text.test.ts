import { describe, expect, it } from "vitest";
import { unprintableCharacters } from "../../domain/text/printed-text";
import { renderCheckSheetPdf } from "./check-sheet-pdf";
import { signedCheckSheet, signedTimesheet, supervisorApproval } from "./pdf-fixtures";
import { MISSING_CHARACTER, pdfFonts } from "./pdf-fonts";
import { pdfText, pdfTextItems } from "./pdf-text";
import { renderTimesheetPdf } from "./timesheet-pdf";
import { renderWeeklyPackPdf } from "./weekly-pack-pdf";

/** Names as operators type them: Polish, Welsh, Romanian, Lithuanian, Irish, German and Turkish. */
const NAMES = [
  "Łukasz Wójcik-Śliwiński",
  "Llŷr Ioan",
  "Ștefan Bălan",
  "Žydrūnas Šimkus",
  "Siobhán Ó Briain",
  "Müller-Lüdenscheidt",
  "Zoë Ağaoğlu",
];
const ALL = NAMES.join(" / ");
const generatedAt = new Date("2025-06-08T16:00:00.000Z");
const A4 = { width: 595.28, margin: 42 };

const flat = async (pdf: Uint8Array) => (await pdfText(pdf)).replace(/\s+/g, " ");

/** Every name in the driver, site and client fields and the notes, as well as in the signatures' names. */
const named = {
  driverSignedName: ALL,
  siteLocation: ALL,
  clientCompany: ALL,
  operatorSignedName: NAMES[0]!,
  clientSignedName: NAMES[1]!,
};

describe("names in the PDFs", () => {
  it("prints every name exactly as typed on a timesheet", async () => {
    const text = await flat(
      await renderTimesheetPdf({
        timesheet: signedTimesheet({ ...named, breakdownNotes: ALL }),
        rating: "happy",
        generatedAt,
      }),
    );
    expect(text).toContain(`DRIVER FULL NAME ${ALL}`);
    expect(text).toContain(`COMPANY ON HIRE TO ${ALL}`);
    expect(text).toContain(`SITE LOCATION ${ALL}`);
    expect(text).toContain(`Breakdown Reason ${ALL}`);
    expect(text).toContain(`NAME ${NAMES[0]} DATE`);
    expect(text).toContain(`NAME ${NAMES[1]} DATE`);
  });

  it("prints every name exactly as typed on a check sheet", async () => {
    const text = await flat(
      await renderCheckSheetPdf({
        checkSheet: signedCheckSheet("2025-06-02", { ...named, defectsNotes: ALL }),
        photos: [],
        rating: "happy",
        generatedAt,
      }),
    );
    expect(text).toContain(`DRIVER FULL NAME ${ALL}`);
    expect(text).toContain(`COMPANY ON HIRE TO ${ALL}`);
    expect(text).toContain(`SITE LOCATION ${ALL}`);
    expect(text).toContain(`Defects Notes ${ALL}`);
    expect(text).toContain(`NAME ${NAMES[0]} DATE`);
  });

  it("prints every name exactly as typed in a weekly pack, approval included", async () => {
    const text = await flat(
      await renderWeeklyPackPdf({
        timesheet: signedTimesheet({ ...named, breakdownNotes: ALL }),
        checkSheets: [
          { checkSheet: signedCheckSheet("2025-06-02", { ...named, defectsNotes: ALL }), photos: [] },
        ],
        approval: supervisorApproval({ clientName: NAMES[5]!, foremanName: NAMES[6]!, supervisorNotes: ALL }),
        rating: "happy",
        generatedAt,
      }),
    );
    // The approval's summary, the timesheet and the check sheet each show them.
    expect(text.split(`DRIVER FULL NAME ${ALL}`)).toHaveLength(4);
    expect(text.split(`SITE LOCATION ${ALL}`)).toHaveLength(4);
    expect(text.split(`COMPANY ON HIRE TO ${ALL}`)).toHaveLength(4);
    expect(text).toContain(`Breakdown Reason ${ALL}`);
    expect(text).toContain(`Defects Notes ${ALL}`);
    expect(text).toContain(`Supervisor notes ${ALL}`);
    expect(text).toContain(`CLIENT REPRESENTATIVE NAME ${NAMES[5]} DATE`);
    expect(text).toContain(`FOREMAN NAME ${NAMES[6]} DATE`);
  });

  it("draws Chinese, Japanese, Arabic and emoji, and a box, never a question mark, for what no font has", async () => {
    const clientCompany = "王小明 アイ 😀 محمد 한국 𓀀";
    const pdf = await renderTimesheetPdf({
      timesheet: signedTimesheet({ clientCompany }),
      rating: "happy",
      generatedAt,
    });
    const text = await flat(pdf);
    for (const word of ["王小明", "アイ", "😀", "محمد"]) expect(text).toContain(word);
    expect(unprintableCharacters(clientCompany, pdfFonts().canPrint)).toEqual(["한", "국", "𓀀"]);
    expect(text).toContain(`${MISSING_CHARACTER}${MISSING_CHARACTER} ${MISSING_CHARACTER}`);
    expect(text).not.toContain("?");
  });
});

describe("text a stranger typed", () => {
  it("stays on the page: a long word, control codes, bidi overrides and 5,000 characters of notes", async () => {
    const notes = `${"W".repeat(1200)} ${"Łukasz ".repeat(420)}\u0000\u0007\u001b[31m \u202eevil\u202c`.slice(
      0,
      5000,
    );
    const timesheet = signedTimesheet({
      driverSignedName: `${"Ž".repeat(200)}`,
      operatorSignedName: `${"Müller-Lüdenscheidt ".repeat(10)}`.trim(),
      plantNumber: "P".repeat(200),
      siteLocation: "\u202e\u2066Site\u2069\u0085next",
      breakdownNotes: notes,
      mondayWorking: "x".repeat(200),
    });
    const pdf = await renderTimesheetPdf({ timesheet, rating: "happy", ratingNotes: notes, generatedAt });
    const items = await pdfTextItems(pdf);
    expect(items.length).toBeGreaterThan(100);
    for (const item of items) {
      expect(item.left, item.text).toBeGreaterThanOrEqual(A4.margin - 0.5);
      expect(item.right, item.text).toBeLessThanOrEqual(A4.width - A4.margin + 0.5);
    }
    const text = await flat(pdf);
    expect(text).toContain("evil");
    expect([...text].filter((char) => /[\p{Cc}\u202e\u2066]/u.test(char))).toEqual([]);
    // All 1,200 letters of the long word are there in the notes and the rating notes, cut across lines.
    const cut = text.replace(/ /g, "").match(/W{20,}/g) ?? [];
    expect(cut.join("")).toHaveLength(2 * 1200);
  });
});
