import { type CheckItemValues, defectItems, reportableDefectsNotes } from "../checks/check-items";
import { DAY_SHORT_LABELS, DAYS, type Day } from "../time/days";
import { type DayHoursFields, dayNetHours, weeklyTotal } from "./hours";

/** One day of a week as the supervisor reads it before sending: its short name and net hours. */
export interface WeekDayHours {
  day: Day;
  label: string;
  hours: number;
}

/** A defect found on one of the week's check sheets: the item as its template names it, and the sheet's notes. */
export interface WeekDefect {
  checkSheetId: string;
  checkDate: string;
  label: string;
  /** The sheet's defects notes, or null when blank or only 'No defects noted'. */
  notes: string | null;
}

type DefectSheet = CheckItemValues & { id: string; checkDate: string; defectsNotes?: string | null };

/** Monday to Sunday with each day's net hours (0 for a day not worked), by the timesheet's own hour rule. */
export function weekDays(timesheet: DayHoursFields): WeekDayHours[] {
  return DAYS.map((day) => ({ day, label: DAY_SHORT_LABELS[day], hours: dayNetHours(timesheet, day) }));
}

/** The week's total hours: every day's net hours, Monday to Sunday, as the timesheet's PDF totals them. */
export function weekTotalHours(timesheet: DayHoursFields): number {
  return weeklyTotal(timesheet);
}

/**
 * Every defect of the week's check sheets, oldest check first, in each sheet's form order: each item marked
 * as a defect under the sheet's own check template, with that sheet's notes.
 */
export function weekDefects(checkSheets: readonly DefectSheet[]): WeekDefect[] {
  return [...checkSheets]
    .sort((a, b) => a.checkDate.localeCompare(b.checkDate))
    .flatMap((sheet) =>
      defectItems(sheet).map((item) => ({
        checkSheetId: sheet.id,
        checkDate: sheet.checkDate,
        label: item.label,
        notes: reportableDefectsNotes(sheet.defectsNotes),
      })),
    );
}

/** Hours as the cards print them: "45" or "45.5". */
export function formatHours(hours: number): string {
  return Number.isInteger(hours) ? String(hours) : hours.toFixed(1);
}
