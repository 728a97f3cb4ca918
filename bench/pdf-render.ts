import { performance } from "node:perf_hooks";
import { renderCheckSheetPdf } from "../src/server/pdf/check-sheet-pdf";
import type { PdfPhoto } from "../src/server/pdf/pdf-canvas";
import { signedCheckSheet, signedTimesheet, supervisorApproval } from "../src/server/pdf/pdf-fixtures";
import { renderTimesheetPdf } from "../src/server/pdf/timesheet-pdf";
import { renderWeeklyPackPdf } from "../src/server/pdf/weekly-pack-pdf";
import { budgets } from "./budgets";
import { type Figure, median } from "./figure";

const RUNS = 7;
const generatedAt = new Date("2025-06-08T16:00:00.000Z");

async function timed(render: () => Promise<Buffer>): Promise<{ ms: number[]; bytes: number }> {
  await render(); // warm-up: module and font loading are not part of a render
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const pdf = await render();
    ms.push(performance.now() - start);
    bytes = pdf.length;
  }
  return { ms, bytes };
}

/**
 * Render time (median of 7 after a warm-up) and size of the three PDFs the product mails, from the signed-form
 * fixtures and phone-sized site photos: a timesheet, a check sheet with 5 photos, and a weekly pack of a
 * timesheet with 7 check sheets and 35 photos.
 */
export async function measurePdfs(photos: readonly Buffer[]): Promise<Figure[]> {
  if (photos.length < 35) throw new Error("the weekly pack needs 35 photos");
  const asPhoto = (data: Buffer): PdfPhoto => ({ data, contentType: "image/jpeg" });
  const timesheet = signedTimesheet();
  const days = [
    "2025-06-02",
    "2025-06-03",
    "2025-06-04",
    "2025-06-05",
    "2025-06-06",
    "2025-06-07",
    "2025-06-08",
  ];
  const sheets = days.map((day, i) => ({
    checkSheet: signedCheckSheet(day, {
      photos: [1, 2, 3, 4, 5].map((n) => `/objects/photos/${day}-${n}.jpg`),
    }),
    photos: photos.slice(i * 5, i * 5 + 5).map(asPhoto),
  }));

  const single = await timed(() => renderTimesheetPdf({ timesheet, rating: "happy", generatedAt }));
  const check = await timed(() => renderCheckSheetPdf({ ...sheets[0]!, rating: "happy", generatedAt }));
  const pack = await timed(() =>
    renderWeeklyPackPdf({
      timesheet,
      checkSheets: sheets,
      approval: supervisorApproval(),
      rating: "happy",
      generatedAt,
    }),
  );
  const photoBytes = photos.slice(0, 35).reduce((sum, p) => sum + p.length, 0);
  return [
    {
      group: "pdf",
      name: "timesheet PDF render",
      value: median(single.ms),
      unit: "ms",
      budget: budgets.timesheetPdfMs,
      samples: single.ms,
    },
    { group: "pdf", name: "timesheet PDF size", value: single.bytes, unit: "bytes" },
    {
      group: "pdf",
      name: "check sheet + 5 photos render",
      value: median(check.ms),
      unit: "ms",
      budget: budgets.checkSheetPdfMs,
      samples: check.ms,
    },
    {
      group: "pdf",
      name: "check sheet + 5 photos size",
      value: check.bytes,
      unit: "bytes",
      budget: budgets.checkSheetPdfBytes,
    },
    {
      group: "pdf",
      name: "weekly pack (7 sheets, 35 photos) render",
      value: median(pack.ms),
      unit: "ms",
      budget: budgets.weeklyPackPdfMs,
      samples: pack.ms,
    },
    {
      group: "pdf",
      name: "weekly pack size",
      value: pack.bytes,
      unit: "bytes",
      budget: budgets.weeklyPackPdfBytes,
      note: `photos as uploaded: ${(photoBytes / 1024 / 1024).toFixed(1)} MB`,
    },
  ];
}
