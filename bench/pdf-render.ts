import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Translator } from "../src/domain/text/i18n/translate";
import { documentTranslator, translatorFor } from "../src/server/i18n";
import { renderCheckSheetPdf } from "../src/server/pdf/check-sheet-pdf";
import { signedCheckSheet, signedHireTimesheet, supervisorApproval } from "../src/server/pdf/pdf-fixtures";
import { renderTimesheetPdf } from "../src/server/pdf/timesheet-pdf";
import { renderWeeklyPackPdf } from "../src/server/pdf/weekly-pack-pdf";
import { readPrintCopy, storePrintCopy } from "../src/server/services/print-copies";
import { localPhotoStorage, type PhotoStorage } from "../src/server/storage/photo-storage";
import { budgets } from "./budgets";
import { type Figure, median } from "./figure";

const RUNS = 7;
const generatedAt = new Date("2025-06-08T16:00:00.000Z");
const log = { warn: (details: object, message: string) => console.warn(`bench: ${message}`, details) };

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
 * Stores the photos as uploads do (each photo, then its print copy, made there and then) and returns their keys
 * with the time each print copy took: the one decode a photo ever costs, paid at upload.
 */
async function uploadPhotos(storage: PhotoStorage, photos: readonly Buffer[]) {
  const keys: string[] = [];
  const ms: number[] = [];
  for (const [i, data] of photos.entries()) {
    const key = `photos/bench-${i}`;
    await storage.put(key, data);
    const start = performance.now();
    await storePrintCopy(storage, log, key, { data, contentType: "image/jpeg" });
    ms.push(performance.now() - start);
    keys.push(key);
  }
  return { keys, ms };
}

/**
 * Render time (median of 7 after a warm-up) and size of the three PDFs the product mails, from the signed-form
 * fixtures and phone-sized site photos: a timesheet, a check sheet with 5 photos, and a weekly pack of a
 * timesheet with 7 check sheets and 35 photos. The photos are stored as uploads store them, each with the print
 * copy made for it then (its time reported apart), and a render includes reading those copies from storage.
 */
export async function measurePdfs(photos: readonly Buffer[]): Promise<Figure[]> {
  if (photos.length < 35) throw new Error("the weekly pack needs 35 photos");
  const dir = mkdtempSync(join(tmpdir(), "plant-sheets-pdf-photos-"));
  try {
    return await measureWithStoredPhotos(localPhotoStorage(dir), photos.slice(0, 35));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measureWithStoredPhotos(storage: PhotoStorage, photos: readonly Buffer[]): Promise<Figure[]> {
  const uploaded = await uploadPhotos(storage, photos);
  // As the product does for every PDF: each photo's print copy read from storage, then the render.
  const printCopies = (keys: readonly string[]) =>
    Promise.all(
      keys.map((storageKey) => readPrintCopy(storage, log, { storageKey, contentType: "image/jpeg" })),
    );
  // A week as the app makes it now: hours by kind, the hour meter, and the chargeable hours it prints.
  const timesheet = signedHireTimesheet();
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
    photoKeys: uploaded.keys.slice(i * 5, i * 5 + 5),
  }));

  const single = await timed(() => renderTimesheetPdf({ timesheet, rating: "happy", generatedAt }));
  const checkIn = (t?: Translator["t"]) =>
    timed(async () =>
      renderCheckSheetPdf({
        checkSheet: sheets[0]!.checkSheet,
        photos: await printCopies(sheets[0]!.photoKeys),
        rating: "happy",
        generatedAt,
        t,
      }),
    );
  const check = await checkIn();
  // Bulgarian (Cyrillic, and the longest words of the six), and English beside it as "both languages" prints it.
  const bulgarian = translatorFor("bg").t;
  const both = documentTranslator("both", "bg").t;
  const singleIn = (t: Translator["t"]) =>
    timed(() => renderTimesheetPdf({ timesheet, rating: "happy", generatedAt, t }));
  const [singleBulgarian, singleBoth, checkBoth] = [
    await singleIn(bulgarian),
    await singleIn(both),
    await checkIn(both),
  ];
  const pack = await timed(async () =>
    renderWeeklyPackPdf({
      timesheet,
      checkSheets: await Promise.all(
        sheets.map(async ({ checkSheet, photoKeys }) => ({
          checkSheet,
          photos: await printCopies(photoKeys),
        })),
      ),
      approval: supervisorApproval(),
      rating: "happy",
      generatedAt,
    }),
  );
  const photoBytes = photos.reduce((sum, p) => sum + p.length, 0);
  return [
    {
      group: "pdf",
      name: "print copy of a photo, made at upload",
      value: median(uploaded.ms),
      unit: "ms",
      samples: uploaded.ms,
      note: "per photo, once; renders read the stored copies",
    },
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
      name: "timesheet PDF render, Bulgarian",
      value: median(singleBulgarian.ms),
      unit: "ms",
      budget: budgets.timesheetPdfMs,
      samples: singleBulgarian.ms,
    },
    {
      group: "pdf",
      name: "timesheet PDF render, English and Bulgarian",
      value: median(singleBoth.ms),
      unit: "ms",
      budget: budgets.timesheetPdfMs,
      samples: singleBoth.ms,
    },
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
      name: "check sheet + 5 photos render, English and Bulgarian",
      value: median(checkBoth.ms),
      unit: "ms",
      budget: budgets.checkSheetPdfMs,
      samples: checkBoth.ms,
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
