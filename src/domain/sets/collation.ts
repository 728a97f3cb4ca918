import { z } from "zod";
import type { CheckItemValues } from "../checks/check-items";
import { DateFieldSchema, NameFieldSchema } from "../forms/form-fields";
import { isDraftCheckSheet, isDraftTimesheet } from "../forms/form-lists";
import { type FormStatus, FormStatusSchema, isOpenStatus } from "../forms/form-status";
import type { DayHoursFields } from "../hours/hours";
import { weekDays, weekDefects, weekTotalHours } from "../hours/week-summary";
import { english } from "../text/i18n/english";
import type { Translator } from "../text/i18n/translate";
import type { CollationCategory } from "./collation-categories";
import { type PairableCheckSheet, type PairableTimesheet, pairForms } from "./pairing";

export {
  COLLATION_CATEGORIES,
  COLLATION_CATEGORY_KEYS,
  COLLATION_CATEGORY_LABELS,
  type CollationCategory,
} from "./collation-categories";

const FormIdSchema = z.string().min(1).max(100);

/** Spec section 3, plus `checkSheetIds`: a set may hold several check sheets, `checkSheetId` is the first. */
export const CollationEntrySchema = z.object({
  id: z.string().min(1).max(120),
  driverSignedName: NameFieldSchema,
  plantNumber: NameFieldSchema,
  collationDate: DateFieldSchema,
  timesheetId: FormIdSchema.nullable(),
  checkSheetId: FormIdSchema.nullable(),
  checkSheetIds: z.array(FormIdSchema).max(50).default([]),
  status: FormStatusSchema,
  timesheetComplete: z.boolean(),
  checkSheetComplete: z.boolean(),
  /** The timesheet's days with their net hours, Monday to Sunday; empty without a timesheet. */
  days: z
    .array(z.object({ day: z.string().max(20), label: z.string().max(20), hours: z.number().min(0).max(24) }))
    .max(7)
    .default([]),
  /** The timesheet's total hours; null without a timesheet. */
  totalHours: z.number().min(0).max(168).nullable().default(null),
  /** Every defect of the entry's check sheets: item label and the sheet's notes. */
  defects: z
    .array(
      z.object({
        checkSheetId: FormIdSchema,
        checkDate: z.string().max(20),
        label: z.string().max(200),
        notes: z.string().max(5000).nullable(),
      }),
    )
    .max(500)
    .default([]),
});
export type CollationEntry = z.infer<typeof CollationEntrySchema>;

type CategoryFields = Pick<
  CollationEntry,
  "status" | "timesheetId" | "checkSheetId" | "timesheetComplete" | "checkSheetComplete"
>;

/** A form counts as there only when the entry names it and says it is complete; otherwise it is missing. */
function hasTimesheet(entry: CategoryFields): boolean {
  return entry.timesheetComplete && entry.timesheetId !== null && entry.timesheetId !== "";
}
function hasCheckSheet(entry: CategoryFields): boolean {
  return entry.checkSheetComplete && entry.checkSheetId !== null && entry.checkSheetId !== "";
}

/**
 * Spec section 4: needs completion when the status is draft or both forms are missing; ready
 * when both are complete; incomplete when either is missing. Draft is checked first: a draft is
 * not ready for approval, whatever its flags say.
 */
export function collationCategory(entry: CategoryFields): CollationCategory {
  if (entry.status === "draft") return "needs_completion";
  const ts = hasTimesheet(entry);
  const cs = hasCheckSheet(entry);
  if (ts && cs) return "ready";
  if (!ts && !cs) return "needs_completion";
  return "incomplete";
}

/** Ready for Approval, Missing Both Forms, Missing Check Sheet or Missing Timesheet. */
export function collationLabel(entry: CategoryFields, t: Translator["t"] = english): string {
  const ts = hasTimesheet(entry);
  const cs = hasCheckSheet(entry);
  if (ts && cs) return t("formStatus.readyForApproval");
  if (!ts && !cs) return t("status.missingBoth");
  return t(ts ? "status.missingCheckSheet" : "status.missingTimesheet");
}

export function collationCounts(entries: readonly CategoryFields[]): Record<CollationCategory, number> {
  const counts: Record<CollationCategory, number> = { ready: 0, incomplete: 0, needs_completion: 0 };
  for (const entry of entries) counts[collationCategory(entry)] += 1;
  return counts;
}

interface CollatedForm {
  status: FormStatus;
  operatorSignature?: string | null;
  clientSignature?: string | null;
}

/**
 * The collation screen's entries, from real forms (the spec's sample data is replaced, see
 * DESIGN.md). Only forms still open (draft, ready_for_approval) are collated: approved,
 * dispatched, completed and archived ones are past approval. A timesheet is complete when both
 * its signatures exist and a check sheet when the operator has signed: the same rule that takes
 * them off the draft list. An entry's status is ready_for_approval when every form it holds is
 * complete, else draft; a record's own status cannot say this, as timesheets stay 'draft' until
 * they are completed. Newest first.
 */
export function buildCollations<
  T extends PairableTimesheet & CollatedForm & DayHoursFields,
  C extends PairableCheckSheet & CollatedForm & CheckItemValues & { defectsNotes?: string | null },
>(timesheets: readonly T[], checkSheets: readonly C[]): CollationEntry[] {
  const pairing = pairForms(
    timesheets.filter((t) => isOpenStatus(t.status)),
    checkSheets.filter((c) => isOpenStatus(c.status)),
  );
  const entry = (
    id: string,
    timesheet: T | null,
    sheets: readonly C[],
    base: { driverSignedName: string; plantNumber: string; collationDate: string },
  ): CollationEntry => {
    const timesheetComplete = timesheet !== null && !isDraftTimesheet(timesheet);
    const checkSheetComplete = sheets.length > 0 && sheets.every((s) => !isDraftCheckSheet(s));
    const allPresentComplete =
      (timesheet === null || timesheetComplete) && (sheets.length === 0 || checkSheetComplete);
    return {
      id,
      ...base,
      timesheetId: timesheet?.id ?? null,
      checkSheetId: sheets[0]?.id ?? null,
      checkSheetIds: sheets.map((s) => s.id),
      status: allPresentComplete ? "ready_for_approval" : "draft",
      timesheetComplete,
      checkSheetComplete,
      days: timesheet ? weekDays(timesheet) : [],
      totalHours: timesheet ? weekTotalHours(timesheet) : null,
      defects: weekDefects(sheets),
    };
  };

  const entries = [
    ...pairing.combined.map((set) =>
      entry(set.id, set.timesheet, set.checkSheets, {
        driverSignedName: set.driverName,
        plantNumber: set.plantNumber,
        collationDate: set.weekEnding,
      }),
    ),
    ...pairing.lonelyTimesheets.map((t) =>
      entry(`timesheet-${t.id}`, t, [], {
        driverSignedName: t.driverSignedName,
        plantNumber: t.plantNumber,
        collationDate: t.weekEnding,
      }),
    ),
    ...pairing.lonelyCheckSheets.map((c) =>
      entry(`check-sheet-${c.id}`, null, [c], {
        driverSignedName: c.driverSignedName,
        plantNumber: c.plantNumber,
        collationDate: c.checkDate,
      }),
    ),
  ];
  return entries.sort((a, b) =>
    a.collationDate !== b.collationDate ? (a.collationDate < b.collationDate ? 1 : -1) : a.id < b.id ? -1 : 1,
  );
}
