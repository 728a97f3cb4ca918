import type { CheckSheet } from "../checks/check-sheet";
import type { Timesheet } from "../hours/timesheet";
import { addDays } from "../time/iso-date";
import { isWithinWeek } from "../time/week-ending";

/** What pairing reads of a timesheet. */
export interface PairableTimesheet {
  id: string;
  driverSignedName: string;
  plantNumber: string;
  weekEnding: string;
  createdAt: string;
}

/** What pairing reads of a check sheet. */
export interface PairableCheckSheet {
  id: string;
  driverSignedName: string;
  plantNumber: string;
  checkDate: string;
  createdAt: string;
}

/** One timesheet and its matching check sheets (spec section 3). Built in the browser, never stored. */
export interface CombinedSet<
  T extends PairableTimesheet = Timesheet,
  C extends PairableCheckSheet = CheckSheet,
> {
  /** 'combined-' plus the timesheet id. */
  id: string;
  type: "combined";
  timesheet: T;
  /** Oldest check date first. */
  checkSheets: C[];
  driverName: string;
  plantNumber: string;
  weekEnding: string;
  /** The timesheet's creation time. */
  createdAt: string;
}

export interface Pairing<T extends PairableTimesheet = Timesheet, C extends PairableCheckSheet = CheckSheet> {
  combined: CombinedSet<T, C>[];
  lonelyTimesheets: T[];
  lonelyCheckSheets: C[];
}

export const COMBINED_ID_PREFIX = "combined-";

export function combinedSetId(timesheetId: string): string {
  return `${COMBINED_ID_PREFIX}${timesheetId}`;
}

/** The timesheet id inside a combined set id, or null when it is not one. */
export function timesheetIdOfCombined(combinedId: string): string | null {
  if (!combinedId.startsWith(COMBINED_ID_PREFIX)) return null;
  const id = combinedId.slice(COMBINED_ID_PREFIX.length);
  return id === "" ? null : id;
}

/**
 * Names and plant numbers are typed by hand on different days, so they are compared ignoring
 * case, surrounding spaces and doubled spaces. A blank value matches nothing: two forms that
 * both lack a driver name are not the same driver's.
 */
export function matchKey(driverSignedName: string, plantNumber: string): string | null {
  const name = driverSignedName.trim().replace(/\s+/g, " ").toLowerCase();
  const plant = plantNumber.trim().replace(/\s+/g, " ").toLowerCase();
  if (name === "" || plant === "") return null;
  return JSON.stringify([name, plant]);
}

/** Spec section 4: same driver and plant, check date within the 7 days ending on the week ending, inclusive. */
export function formsMatch(timesheet: PairableTimesheet, checkSheet: PairableCheckSheet): boolean {
  const key = matchKey(timesheet.driverSignedName, timesheet.plantNumber);
  return (
    key !== null &&
    key === matchKey(checkSheet.driverSignedName, checkSheet.plantNumber) &&
    isWithinWeek(checkSheet.checkDate, timesheet.weekEnding)
  );
}

/** What the office review reads of an off-hire note. */
export interface PairableOffHireNote {
  id: string;
  driverSignedName: string;
  plantNumber: string;
  offHireDate: string;
  offHireTime: string;
  createdAt: string;
}

/**
 * The off-hire note that ends a timesheet's week, shown beside it in the office review: the same driver and plant
 * as pairing matches them, off hire within the week's 7 days. Of several, the last off hire (then the last made).
 */
export function offHireNoteOfWeek<N extends PairableOffHireNote>(
  timesheet: PairableTimesheet,
  notes: readonly N[],
): N | null {
  const key = matchKey(timesheet.driverSignedName, timesheet.plantNumber);
  if (key === null) return null;
  const ending = notes.filter(
    (note) =>
      matchKey(note.driverSignedName, note.plantNumber) === key &&
      isWithinWeek(note.offHireDate, timesheet.weekEnding),
  );
  const last = (a: N, b: N) =>
    compareText(a.offHireDate, b.offHireDate) ||
    compareText(a.offHireTime, b.offHireTime) ||
    compareText(a.createdAt, b.createdAt) ||
    compareText(a.id, b.id);
  return ending.reduce<N | null>(
    (latest, note) => (latest === null || last(note, latest) > 0 ? note : latest),
    null,
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Oldest week first (blank week endings last), then creation time, then id: the same order whatever came in. */
function compareTimesheets(a: PairableTimesheet, b: PairableTimesheet): number {
  if ((a.weekEnding === "") !== (b.weekEnding === "")) return a.weekEnding === "" ? 1 : -1;
  return (
    compareText(a.weekEnding, b.weekEnding) ||
    compareText(a.createdAt, b.createdAt) ||
    compareText(a.id, b.id)
  );
}

function compareCheckSheets(a: PairableCheckSheet, b: PairableCheckSheet): number {
  return (
    compareText(a.checkDate, b.checkDate) || compareText(a.createdAt, b.createdAt) || compareText(a.id, b.id)
  );
}

/**
 * Groups timesheets with their matching check sheets (spec section 4). Each check sheet is used
 * once: timesheets claim in order of week ending, so a check sheet two timesheets could take
 * goes to the earliest week ending that covers it. A timesheet without any check sheet, and a
 * check sheet without a timesheet, are lonely. The result does not depend on input order.
 */
export function pairForms<T extends PairableTimesheet, C extends PairableCheckSheet>(
  timesheets: readonly T[],
  checkSheets: readonly C[],
): Pairing<T, C> {
  const byKey = new Map<string, C[]>();
  for (const sheet of [...checkSheets].sort(compareCheckSheets)) {
    const key = matchKey(sheet.driverSignedName, sheet.plantNumber);
    if (key === null) continue;
    const list = byKey.get(key);
    if (list) list.push(sheet);
    else byKey.set(key, [sheet]);
  }

  const used = new Set<C>();
  const combined: CombinedSet<T, C>[] = [];
  const lonelyTimesheets: T[] = [];
  for (const timesheet of [...timesheets].sort(compareTimesheets)) {
    const key = matchKey(timesheet.driverSignedName, timesheet.plantNumber);
    const candidates = key === null ? [] : (byKey.get(key) ?? []);
    const matches = candidates.filter(
      (sheet) => !used.has(sheet) && isWithinWeek(sheet.checkDate, timesheet.weekEnding),
    );
    if (matches.length === 0) {
      lonelyTimesheets.push(timesheet);
      continue;
    }
    for (const sheet of matches) used.add(sheet);
    combined.push({
      id: combinedSetId(timesheet.id),
      type: "combined",
      timesheet,
      checkSheets: matches,
      driverName: timesheet.driverSignedName,
      plantNumber: timesheet.plantNumber,
      weekEnding: timesheet.weekEnding,
      createdAt: timesheet.createdAt,
    });
  }

  const lonelyCheckSheets = [...checkSheets].sort(compareCheckSheets).filter((sheet) => !used.has(sheet));
  return { combined, lonelyTimesheets, lonelyCheckSheets };
}

/** A span of dates, both ends included (ISO-8601 days). */
export interface DateSpan {
  from: string;
  to: string;
}

/**
 * The dates one driver's forms must be read over for pairing to give each timesheet ending on `weekEndings` its
 * check sheets: a timesheet's check sheets fall within its own 7 days, and only a timesheet of the same driver
 * ending within those days can claim one first, so each week's 7 days are enough. Spans that touch are joined, so
 * a run of consecutive weeks is one span. Blank or invalid week endings need nothing.
 */
export function pairingSpans(weekEndings: readonly string[]): DateSpan[] {
  const spans: DateSpan[] = [];
  for (const weekEnding of [...new Set(weekEndings)].sort()) {
    const from = addDays(weekEnding, -6);
    if (from === null) continue;
    const last = spans.at(-1);
    if (last && addDays(last.to, 1)! >= from) last.to = weekEnding;
    else spans.push({ from, to: weekEnding });
  }
  return spans;
}
