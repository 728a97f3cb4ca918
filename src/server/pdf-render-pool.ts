import { Worker } from "node:worker_threads";
import type { CheckSheetPdfInput } from "./pdf/check-sheet-pdf";
import type { TimesheetPdfInput } from "./pdf/timesheet-pdf";
import type { WeeklyPackPdfInput } from "./pdf/weekly-pack-pdf";
import type { PdfKind, RenderAnswer, RenderJob } from "./pdf-render-worker";

/**
 * PDFs are rendered in one worker thread, not on the event loop: a render takes a tenth of a second or more of
 * CPU, and on the event loop every other request (saves, lists, logins) would wait behind it. One thread keeps
 * the rendering to one core, so the event loop keeps the other; renders queue in the order they came. The
 * worker starts on first use and is started again if it dies.
 */
interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function startWorker(): Worker {
  // The entry loads the TypeScript worker through tsx, under the server and under the tests alike.
  const started = new Worker(new URL("./pdf-render-worker.mjs", import.meta.url), { execArgv: [] });
  // Idle between renders: the worker alone must not keep the process running.
  started.unref();
  started.on("message", (answer: RenderAnswer) => {
    const job = pending.get(answer.id);
    if (!job) return;
    pending.delete(answer.id);
    if ("error" in answer) job.reject(new Error(`PDF rendering failed: ${answer.error}`));
    else job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  started.on("error", fail);
  started.on("exit", (code) => fail(new Error(`The PDF worker stopped (exit code ${code})`)));
  return started;
}

function render(kind: PdfKind, input: unknown): Promise<Buffer> {
  worker ??= startWorker();
  const id = nextId++;
  const job: RenderJob = { id, kind, input };
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker!.postMessage(job);
  });
}

/** Starts the worker ahead of the first render, so the first completion does not wait for it to load. */
export function startPdfWorker(): void {
  worker ??= startWorker();
}

export const renderPdf = {
  timesheet: (input: TimesheetPdfInput) => render("timesheet", input),
  checkSheet: (input: CheckSheetPdfInput) => render("checkSheet", input),
  weeklyPack: (input: WeeklyPackPdfInput) => render("weeklyPack", input),
};
