import { parentPort } from "node:worker_threads";
import { type CheckSheetPdfInput, renderCheckSheetPdf } from "./pdf/check-sheet-pdf";
import { renderTimesheetPdf, type TimesheetPdfInput } from "./pdf/timesheet-pdf";
import { renderWeeklyPackPdf, type WeeklyPackPdfInput } from "./pdf/weekly-pack-pdf";

/** The PDFs the worker renders, by name, and what each takes. */
export const RENDERERS = {
  timesheet: (input: TimesheetPdfInput) => renderTimesheetPdf(input),
  checkSheet: (input: CheckSheetPdfInput) => renderCheckSheetPdf(input),
  weeklyPack: (input: WeeklyPackPdfInput) => renderWeeklyPackPdf(input),
};
export type PdfKind = keyof typeof RENDERERS;

export interface RenderJob {
  id: number;
  kind: PdfKind;
  input: unknown;
}

export type RenderAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

// Runs in a worker thread (see pdf-render-pool.ts): one job at a time, in the order they came.
parentPort?.on("message", async ({ id, kind, input }: RenderJob) => {
  let answer: RenderAnswer;
  try {
    const render = RENDERERS[kind] as (input: unknown) => Promise<Buffer>;
    const pdf = await render(input);
    answer = { id, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(answer);
});
