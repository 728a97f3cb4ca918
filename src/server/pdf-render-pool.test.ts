import { describe, expect, it } from "vitest";
import { signedTimesheet } from "./pdf/pdf-fixtures";
import { pdfText } from "./pdf/pdf-text";
import { renderTimesheetPdf, type TimesheetPdfInput } from "./pdf/timesheet-pdf";
import { renderPdf } from "./pdf-render-pool";

describe("the PDF worker", () => {
  it("renders the same PDF as rendering on the event loop does", async () => {
    const input: TimesheetPdfInput = {
      timesheet: signedTimesheet({ operatorSignedAt: "2025-06-07T13:32:05.000Z" }),
      rating: "happy",
      ratingNotes: "Tidy",
      customerName: "Riverside Homes",
      generatedAt: new Date("2025-06-08T16:00:00.000Z"),
    };
    const inWorker = await renderPdf.timesheet(input);
    expect(Buffer.isBuffer(inWorker)).toBe(true);
    expect(await pdfText(inWorker)).toBe(await pdfText(await renderTimesheetPdf(input)));
  }, 60_000);

  it("answers a render that fails with its error, and goes on rendering", async () => {
    const broken = {
      timesheet: null,
      rating: "happy",
      generatedAt: new Date(),
    } as unknown as TimesheetPdfInput;
    await expect(renderPdf.timesheet(broken)).rejects.toThrow(/^PDF rendering failed: TypeError/);
    const next = await renderPdf.timesheet({
      timesheet: signedTimesheet(),
      rating: "okay",
      generatedAt: new Date(),
    });
    expect(await pdfText(next)).toContain("Weekly Timesheet");
  }, 60_000);
});
