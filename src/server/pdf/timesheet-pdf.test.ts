import { describe, expect, it } from "vitest";
import { documentTranslator } from "../i18n";
import { OPERATOR_SIGNATURE, signedHireTimesheet, signedTimesheet } from "./pdf-fixtures";
import { pdfImages } from "./pdf-images";
import { pdfText } from "./pdf-text";
import { signedContentFingerprint } from "./signed-content-fingerprint";
import { renderTimesheetPdf, type TimesheetPdfInput } from "./timesheet-pdf";

const generatedAt = new Date("2025-06-08T16:00:00.000Z");
const A4_HEIGHT = 841.89;

async function render(input: Partial<TimesheetPdfInput> = {}) {
  const pdf = await renderTimesheetPdf({
    timesheet: signedTimesheet(),
    rating: "happy",
    ratingNotes: "Tidy and punctual",
    customerName: "BuildCo Group",
    generatedAt,
    ...input,
  });
  const text = await pdfText(pdf);
  return { pdf, text, flat: text.replace(/\s+/g, " ") };
}

/** `count` distinct words, so a test can find the first and last of a long text. */
const words = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`).join(" ");

describe("renderTimesheetPdf", () => {
  it("renders the signed week on one A4 page with every header field", async () => {
    const { pdf, flat } = await render();
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    for (const expected of [
      "PLANT SHEETS",
      "Weekly Timesheet",
      "WEEK ENDING 08/06/2025",
      "ORDER NUMBER P-12345",
      "DRIVER FULL NAME Dave Digger",
      "COMPANY YOU'RE DRIVING FOR Acme Plant Hire Ltd",
      "COMPANY ON HIRE TO BuildCo Construction",
      "SITE LOCATION Riverside Depot, Leeds LS10 1AB",
      "CUSTOMER BuildCo Group",
      "MACHINE/VEHICLE TYPE 13T Excavator",
      "PLANT/REGISTRATION NUMBER EX-042",
      "MACHINE HOURS (START) 4521.5",
      "VAN MILEAGE (START) 88213",
      "Page 1 of 1",
    ]) {
      expect(flat).toContain(expected);
    }
  });

  it("lists Monday to Sunday with times, break, net hours and notes, and both totals", async () => {
    const { flat } = await render();
    for (const row of [
      "Monday 07:00 16:30 30 9.0 Bulk dig, plot 4",
      "Tuesday 07:00 15:48 30 8.3 Trenching for drainage 1h waiting for banksman",
      "Wednesday 06:30 17:00 45 9.8 Loading muck away wagons Hydraulic hose split at 14:10",
      // No break given: the default 30 minutes is what counted, and what shows.
      "Thursday 07:00 16:30 30 9.0 Site: Plot 7, north gate",
      "Friday 07:00 12:00 0 5.0",
      "Saturday 08:00 12:30 15 4.3",
      "Sunday - - - -",
      "Mon-Fri total 41.1",
      "Weekly total 45.4",
    ]) {
      expect(flat).toContain(row);
    }
    expect(flat).toContain("Breakdown Reason Hose replaced on Wednesday by the hire company's fitter.");
  });

  it("works the hours out from the times, not from stored figures", async () => {
    const { flat } = await render({
      timesheet: signedTimesheet({ mondayNetHours: 3, tuesdayNetHours: 12, totalHours: 99 }),
    });
    expect(flat).toContain("Monday 07:00 16:30 30 9.0");
    expect(flat).toContain("Tuesday 07:00 15:48 30 8.3");
    expect(flat).toContain("Weekly total 45.4");
    // As a figure of its own: the fingerprint's hex digits may hold "99".
    expect(flat).not.toMatch(/\b99\b/);
  });

  it("embeds both signatures with the printed names, the date and the rating", async () => {
    const { pdf, flat } = await render();
    expect(flat).toContain("OPERATOR SIGNATURE NAME Dave Digger DATE 07/06/2025");
    expect(flat).toContain("CLIENT SIGNATURE NAME Fiona Foreman DATE 07/06/2025");
    expect(flat).toContain("Driver Rating RATING Excellent RATING NOTES Tidy and punctual");
    expect(flat).not.toContain("Not signed");
    const images = await pdfImages(pdf);
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveLength(2);
    for (const box of images[0]!) {
      // 56 pt less the line that says when it was drawn.
      expect(box.height).toBeCloseTo(56 - 9.5 * 1.3, 0);
      expect(box.bottom).toBeGreaterThan(52);
    }
  });

  it("shows each rating's label", async () => {
    expect((await render({ rating: "okay", ratingNotes: "" })).flat).toContain(
      "RATING Average RATING NOTES -",
    );
    expect((await render({ rating: "unhappy" })).flat).toContain("RATING Poor");
  });

  it("prints the fingerprint of the signed content and when it was generated", async () => {
    const timesheet = signedTimesheet();
    const { flat } = await render({ timesheet });
    expect(flat).toContain(
      `SHA-256 of signed content, the same in every language: ${signedContentFingerprint(timesheet)}`,
    );
    expect(flat).toContain("Generated 08/06/2025, 17:00 BST");
  });

  it("shows under each signature when it was drawn, and says so when a form saved before has no time", async () => {
    const timed = await render({
      timesheet: signedTimesheet({
        operatorSignedAt: "2025-06-07T13:32:05.000Z",
        clientSignedAt: "2025-06-07T13:40:59.000Z",
      }),
    });
    expect(timed.flat).toContain(
      "OPERATOR SIGNATURE NAME Dave Digger DATE 07/06/2025 DRAWN 07/06/2025, 14:32:05 BST",
    );
    expect(timed.flat).toContain("NAME Fiona Foreman DATE 07/06/2025 DRAWN 07/06/2025, 14:40:59 BST");
    const untimed = await render({ timesheet: signedTimesheet() });
    expect(untimed.flat).toContain("NAME Dave Digger DATE 07/06/2025 DRAWN Not recorded");
  });

  it("draws an empty box saying 'Not signed' for a missing or broken signature", async () => {
    const { pdf, flat } = await render({
      timesheet: signedTimesheet({
        operatorSignature: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB",
        clientSignature: "",
      }),
    });
    expect(flat).toContain("OPERATOR SIGNATURE Not signed NAME Dave Digger");
    expect(flat).toContain("CLIENT SIGNATURE Not signed NAME Fiona Foreman");
    expect(await pdfImages(pdf)).toEqual([[]]);

    const oneBroken = await render({
      timesheet: signedTimesheet({ clientSignature: `${OPERATOR_SIGNATURE.slice(0, 200)}AAAA` }),
    });
    expect(oneBroken.flat).toContain("CLIENT SIGNATURE Not signed");
    expect((await pdfImages(oneBroken.pdf))[0]).toHaveLength(1);
  });

  it("continues long notes on further pages, repeating the table header, with every page numbered", async () => {
    const { pdf, text, flat } = await render({
      timesheet: signedTimesheet({
        wednesdayBreakdown: words("hose", 330),
        breakdownNotes: words("note", 800),
      }),
      ratingNotes: words("rating", 700),
    });
    const pages = [...flat.matchAll(/Page (\d+) of (\d+)/g)];
    const total = pages.length;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(pages.map((m) => [Number(m[1]), Number(m[2])])).toEqual(
      Array.from({ length: total }, (_, i) => [i + 1, total]),
    );
    for (const expected of [
      "hose0",
      "hose329",
      "note0",
      "note799",
      "rating0",
      "rating699",
      "Weekly total 45.4",
    ]) {
      expect(flat).toContain(expected);
    }
    expect(text.match(/BREAKDOWN \/ SITE LOCATION/g)?.length).toBeGreaterThanOrEqual(2);
    expect(flat).toContain("Weekly Timesheet | Plant EX-042 | Week ending 08/06/2025 (continued)");
    const images = (await pdfImages(pdf)).flat();
    expect(images).toHaveLength(2);
    for (const box of images) expect(box.bottom + box.height).toBeLessThan(A4_HEIGHT - 40);
  });

  it("prints a week's hours by kind, each day's charge, the week's by category and the terms", async () => {
    const { flat } = await render({ timesheet: signedHireTimesheet() });
    for (const expected of [
      "HOUR METER (START OF WEEK) 4521.5 HOUR METER (END OF WEEK) 4564",
      "NET HOURS WORKED STANDING BREAKDOWN TRAVEL CHARGED REASONS / SITE LOCATION",
      "Monday 07:00 16:30 30 9.0 9.0 - - - 9.0",
      "Tuesday 07:00 15:48 30 8.3 7.3 1.0 - - 8.3 Standing: No access Waiting for banksman",
      // Wednesday: 8 h minimum less 4.8 h breakdown is 3.2 h, under the 5 h worked.
      "Wednesday 06:30 17:00 45 9.8 5.0 - 4.8 - 5.0 Breakdown: Hydraulics Breakdown from Daily Check 04/06/2025, 12:12, Hydraulics",
      // Friday: 5 h worked, made up to the 7 h minimum. Saturday's 4.3 h are weekend hours.
      "Friday 07:00 12:00 0 5.0 5.0 - - - 7.0",
      "Saturday 08:00 12:30 15 4.3 4.3 - - - 4.3",
      "Sunday - - - - - - - - 0.0",
      "Hours by kind 39.6 1.0 4.8 0.0 42.6",
      // Normal: 9 + 7.3 (with Tuesday's hour standing, over the minimum) + 5 + 9 + 7.
      "Chargeable hours NORMAL 37.3 OVERTIME 0.0 WEEKEND 4.3 STANDING 1.0 TOTAL CHARGEABLE 42.6",
      "BREAKDOWN, NOT CHARGED 4.8",
      "HIRE TERMS Minimum hours a day: Monday 8 h,",
      "Standing time charged; Travel not charged; No overtime; Weekend hours charged as weekend",
    ]) {
      expect(flat).toContain(expected);
    }
  });

  it("prints a document in two languages whole: the title wraps beside the week ending, labels wrap in their cells, each line of the terms said once in each", async () => {
    const { text } = await render({
      timesheet: signedHireTimesheet(),
      t: documentTranslator("both", "bg").t,
    });
    // Before, the two-language title ran off the page and left the facts a column a letter wide.
    expect(text).toContain("Седмичен отчет за");
    expect(text).toContain("работното време");
    expect(text).toContain("ЗАВЪРШВАЩА НА 08/06/2025");
    expect(text).toContain("ПОРЪЧКА P-12345");
    expect(text).toContain("ПРОБЕГ НА БУСА (НАЧАЛО)");
    expect(text.replace(/\s+/g, " ")).toContain(
      "Minimum hours a day: Monday 8 h, Tuesday 8 h, Wednesday 8 h, Thursday 8 h, Friday 7 h, Saturday 0 h, Sunday 0 h / Минимум часове на ден: понеделник 8 ч,",
    );
  });
});
