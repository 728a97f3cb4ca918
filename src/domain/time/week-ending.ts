import { messages } from "../text/messages";
import { addDays, daysBetween, parseIsoDate, WEEKDAY_NAMES } from "./iso-date";

/** The English name of the date's weekday, or null when it is not a date. */
export function weekdayName(isoDate: string): string | null {
  const date = parseIsoDate(isoDate);
  return date ? (WEEKDAY_NAMES[date.getUTCDay()] ?? null) : null;
}

export function isSaturday(isoDate: string): boolean {
  return parseIsoDate(isoDate)?.getUTCDay() === 6;
}

/**
 * Advice shown under Week Ending when the date is not a Saturday. Advised only, never
 * enforced (spec section 5): nothing here blocks saving or submitting. No date, no advice.
 */
export function weekEndingAdvice(isoDate: string | null | undefined): string | null {
  if (typeof isoDate !== "string") return null;
  const name = weekdayName(isoDate);
  if (name === null || name === "Saturday") return null;
  return messages.weekEndingNotSaturday(name);
}

/** The 7 ISO dates ending on the week-ending date, oldest first; empty when it is not a date. */
export function weekRange(weekEnding: string): string[] {
  if (!parseIsoDate(weekEnding)) return [];
  return [6, 5, 4, 3, 2, 1, 0].map((back) => addDays(weekEnding, -back) as string);
}

/** True when the date falls within the 7 days ending on the week-ending date, both ends included. */
export function isWithinWeek(isoDate: string, weekEnding: string): boolean {
  const back = daysBetween(isoDate, weekEnding);
  return back !== null && back >= 0 && back <= 6;
}

/** The Saturday on or after the date: the week ending a driver most likely means. */
export function nextSaturday(isoDate: string): string | null {
  const date = parseIsoDate(isoDate);
  if (!date) return null;
  return addDays(isoDate, (6 - date.getUTCDay() + 7) % 7);
}

/**
 * The week number of a date (spec section 9: estimated from the date). We use the ISO 8601
 * week (weeks start on Monday; week 1 holds the year's first Thursday), the numbering UK site
 * diaries and payroll calendars commonly follow. Null when it is not a date.
 */
export function estimateWeekNumber(isoDate: string): number | null {
  const date = parseIsoDate(isoDate);
  if (!date) return null;
  const isoWeekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
  // The Thursday of the same ISO week decides the week's year.
  const thursday = new Date(date.getTime() + (4 - isoWeekday) * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
}
