/** The budgets every `npm run bench` is held to (median figures), in the figures' own units. */
const KB = 1024;
const MB = 1024 * 1024;

export const budgets = {
  homeScreenGzip: { max: 120 * KB },
  criticalPathGzip: { max: 170 * KB },
  lazyChunkGzip: { max: 100 * KB },
  /** A language's first screen's messages, fetched only when it is chosen (decision records 048 and 049). */
  catalogGzip: { max: 15 * KB },
  /** From the tap on a language to the screen redrawn in it, on a 4x slower CPU. */
  languageSwitchMs: { max: 300 },
  lighthousePerformance: { min: 95 },
  lighthouseAccessibility: { min: 100 },
  lighthouseBestPractices: { min: 100 },
  lcpMs: { max: 1800 },
  tbtMs: { max: 100 },
  cls: { max: 0.02 },
  firstWorkingTapMs: { max: 2500 },
  lostTaps: { max: 0 },
  draftSaveRate: { min: 3000 },
  draftSaveShareOfRawCommits: { min: 0.5 },
  draftSaveP99Ms: { max: 50 },
  readByIdRate: { min: 15_000 },
  readByIdP99Ms: { max: 25 },
  listDraftsP95Ms: { max: 20 },
  /** The hire terms' rule (src/domain/hire/chargeable-hours.ts), run in the wizard and in every export. */
  chargeableMillionWeeksMs: { max: 2000 },
  timesheetPdfMs: { max: 50 },
  checkSheetPdfMs: { max: 100 },
  checkSheetPdfBytes: { max: 1 * MB },
  weeklyPackPdfMs: { max: 1000 },
  weeklyPackPdfBytes: { max: 8 * MB },
  photoShrinkMs: { max: 1500 },
  photoShrinkBytes: { max: 400 * KB },
  /** Registration and reset answer in the same time whether or not the address has an account. */
  accountTimingDifferenceMs: { max: 2 },
  /** A company of 500 drivers with a year of forms on PostgreSQL (decision record 030). */
  companyReviewP95Ms: { max: 50 },
  /** The review's first page filtered by one driver or one plant (decision record 039). */
  companyReviewFilteredP95Ms: { max: 50 },
  companyYearCsvMs: { max: 10_000 },
  /** A year's invoice lines: every approved timesheet's chargeable hours, a line per customer, order, plant and week. */
  companyYearInvoiceLinesMs: { max: 10_000 },
  /** An admin's CSV import of 1,000 machines or customers: the preview, then the save. */
  importThousandRowsMs: { max: 5000 },
} as const;
