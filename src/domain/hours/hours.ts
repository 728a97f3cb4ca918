import { MAX_BREAK_MINUTES } from "../forms/form-fields";
import { DAYS, type Day, type DayFieldKey, dayKey, WEEKDAYS } from "../time/days";

/** Break length used when a day's break is not set (spec section 5). */
export const DEFAULT_BREAK_MINUTES = 30;

/** The '+9 Hours' button's shift (spec section 9). */
export const STANDARD_SHIFT = {
  start: "07:00",
  finish: "16:30",
  breakMinutes: 30,
  netHours: 9,
} as const;

/** A break as it may arrive: minutes, the text of a number input, or nothing. */
export type BreakInput = number | string | null | undefined;

export interface ShiftTimes {
  start?: string | null;
  finish?: string | null;
  breakMinutes?: BreakInput;
}

/** The per-day hour fields of a timesheet; any object carrying them (a form, a record) fits. */
export type DayHoursFields = { [K in DayFieldKey<Day, "Start" | "Finish">]?: string | null } & {
  [K in DayFieldKey<Day, "Break">]?: BreakInput;
} & { [K in DayFieldKey<Day, "NetHours">]?: number | null };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of an "HH:MM" time, or null when it is not one. */
export function parseTime(value: string | null | undefined): number | null {
  if (typeof value !== "string") return null;
  const match = TIME.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * The break in minutes. Unset, blank or unreadable breaks count as the default 30; a negative
 * break cannot add working time, so it counts as none.
 */
export function breakMinutesOf(value: BreakInput): number {
  let minutes: number;
  if (typeof value === "number") minutes = value;
  else if (typeof value === "string" && value.trim() !== "") minutes = Number(value.trim());
  else return DEFAULT_BREAK_MINUTES;
  if (!Number.isFinite(minutes)) return DEFAULT_BREAK_MINUTES;
  return Math.max(0, minutes);
}

/**
 * A break as the form keeps it, from the text of its input: blank is not set (so the default 30 counts),
 * anything else whole minutes between 0 and a day. Text that is not a number is not set either.
 */
export function breakFieldValue(text: string): number | null {
  if (text.trim() === "") return null;
  const minutes = Math.trunc(Number(text));
  return Number.isFinite(minutes) ? Math.min(MAX_BREAK_MINUTES, Math.max(0, minutes)) : null;
}

/** Rounds hours to one decimal. Working in tenths keeps 0.1 + 0.2 from showing as 0.30000000000000004. */
export function roundHours(hours: number): number {
  return Math.round(hours * 10) / 10;
}

/**
 * Net hours of one day (spec section 5): only when start and finish are both "HH:MM" and finish
 * is later than start; (finish - start) minus the break, never below zero, to one decimal.
 */
export function netHours({ start, finish, breakMinutes }: ShiftTimes): number | null {
  const from = parseTime(start);
  const to = parseTime(finish);
  if (from === null || to === null || to <= from) return null;
  const minutes = Math.max(0, to - from - breakMinutesOf(breakMinutes));
  // Tenths of an hour are 6-minute steps; rounding there avoids floating error at the .x5 edges.
  return Math.round(minutes / 6) / 10;
}

/**
 * True when both times are written but finish is not later than start: the day's hours do not
 * count, and the driver is told why rather than left with a blank.
 */
export function finishNotAfterStart({ start, finish }: ShiftTimes): boolean {
  const from = parseTime(start);
  const to = parseTime(finish);
  return from !== null && to !== null && to <= from;
}

/** Each day's hour field names, made once: a name built for every lookup costs more than the lookup. */
const HOUR_KEYS = Object.fromEntries(
  DAYS.map((day) => [
    day,
    {
      start: dayKey(day, "Start"),
      finish: dayKey(day, "Finish"),
      break: dayKey(day, "Break"),
      netHours: dayKey(day, "NetHours"),
    },
  ]),
) as {
  [D in Day]: {
    start: DayFieldKey<D, "Start">;
    finish: DayFieldKey<D, "Finish">;
    break: DayFieldKey<D, "Break">;
    netHours: DayFieldKey<D, "NetHours">;
  };
};

function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === "";
}

/**
 * The net hours counted for a day. When the day has times, they decide (a day whose times do
 * not compute counts 0, so a stale stored value is never trusted). Records that carry only the
 * daily net hours (the one-step payload) fall back to that stored number.
 */
export function dayNetHours(timesheet: DayHoursFields, day: Day): number {
  const keys = HOUR_KEYS[day];
  const start = timesheet[keys.start];
  const finish = timesheet[keys.finish];
  if (!isBlank(start) || !isBlank(finish)) {
    return netHours({ start, finish, breakMinutes: timesheet[keys.break] }) ?? 0;
  }
  const stored = timesheet[keys.netHours];
  return typeof stored === "number" && Number.isFinite(stored) && stored > 0 ? Math.min(stored, 24) : 0;
}

/** Total hours: the sum of the daily net hours, Monday to Sunday unless other days are given. */
export function weeklyTotal(timesheet: DayHoursFields, days: readonly Day[] = DAYS): number {
  let tenths = 0;
  for (const day of days) tenths += Math.round(dayNetHours(timesheet, day) * 10);
  return tenths / 10;
}

/** Monday to Friday only: what the approval dashboard's timesheet summary totals. */
export function weekdayTotal(timesheet: DayHoursFields): number {
  return weeklyTotal(timesheet, WEEKDAYS);
}

type WithTotal = DayHoursFields & { totalHours?: number | null };

/** Sets every day's NetHours from its times, and totalHours from the days. Returns a new object. */
export function recomputeHours<T extends WithTotal>(timesheet: T): T & { totalHours: number } {
  return recomputeHoursInPlace({ ...timesheet });
}

/** `recomputeHours` on the object itself, for a caller that has just made its own copy. */
export function recomputeHoursInPlace<T extends WithTotal>(timesheet: T): T & { totalHours: number } {
  const form = timesheet as WithTotal;
  for (const day of DAYS) {
    const keys = HOUR_KEYS[day];
    const start = form[keys.start];
    const finish = form[keys.finish];
    if (isBlank(start) && isBlank(finish)) continue;
    form[keys.netHours] = netHours({ start, finish, breakMinutes: form[keys.break] });
  }
  form.totalHours = weeklyTotal(form);
  return timesheet as T & { totalHours: number };
}

/** The '+9 Hours' button: 07:00 to 16:30 with a 30 minute break, 9 net hours. Returns a new object. */
export function applyStandardShift<T extends WithTotal>(timesheet: T, day: Day): T & { totalHours: number } {
  const next = {
    ...timesheet,
    [dayKey(day, "Start")]: STANDARD_SHIFT.start,
    [dayKey(day, "Finish")]: STANDARD_SHIFT.finish,
    [dayKey(day, "Break")]: STANDARD_SHIFT.breakMinutes,
    [dayKey(day, "NetHours")]: STANDARD_SHIFT.netHours,
  } as T;
  return { ...next, totalHours: weeklyTotal(next) };
}

/**
 * The Clear action next to '✓ Added': empties the day's times, break and net hours. The day's
 * notes (working, standing, breakdown, site) are the driver's words and are kept.
 */
export function clearDay<T extends WithTotal>(timesheet: T, day: Day): T & { totalHours: number } {
  const next = {
    ...timesheet,
    [dayKey(day, "Start")]: "",
    [dayKey(day, "Finish")]: "",
    [dayKey(day, "Break")]: null,
    [dayKey(day, "NetHours")]: null,
  } as T;
  return { ...next, totalHours: weeklyTotal(next) };
}

/** True when the day holds the standard shift, so the button shows '✓ Added' and a Clear action. */
export function isStandardShiftAdded(timesheet: DayHoursFields, day: Day): boolean {
  return (
    parseTime(timesheet[dayKey(day, "Start")]) === parseTime(STANDARD_SHIFT.start) &&
    parseTime(timesheet[dayKey(day, "Finish")]) === parseTime(STANDARD_SHIFT.finish) &&
    breakMinutesOf(timesheet[dayKey(day, "Break")]) === STANDARD_SHIFT.breakMinutes
  );
}
