/**
 * Calendar dates as ISO "YYYY-MM-DD" strings, worked on in UTC so that a phone's time zone
 * can never move a date by a day.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const DAY_MS = 86_400_000;

/** The date as UTC midnight, or null when the text is not a real calendar date. */
export function parseIsoDate(value: string | null | undefined): Date | null {
  if (typeof value !== "string") return null;
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  // Date.UTC rolls 2025-02-30 over to March; a rolled date is not the date that was written.
  if (
    date.getUTCFullYear() !== Number(y) ||
    date.getUTCMonth() !== Number(m) - 1 ||
    date.getUTCDate() !== Number(d)
  ) {
    return null;
  }
  return date;
}

export function isIsoDate(value: string | null | undefined): boolean {
  return parseIsoDate(value) !== null;
}

export function formatIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The ISO date `days` after (or before, when negative) the given one; null when it is not a date. */
export function addDays(isoDate: string, days: number): string | null {
  const date = parseIsoDate(isoDate);
  if (!date) return null;
  return formatIsoDate(new Date(date.getTime() + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier); null when either is not a date. */
export function daysBetween(from: string, to: string): number | null {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) return null;
  return Math.round((b.getTime() - a.getTime()) / DAY_MS);
}

/** The local calendar date of a moment, as the user's device sees it. */
export function localIsoDate(moment: Date): string {
  const y = String(moment.getFullYear()).padStart(4, "0");
  const m = String(moment.getMonth() + 1).padStart(2, "0");
  const d = String(moment.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** en-GB display, "dd/mm/yyyy" (spec section 9); text that is not a date is shown as given. */
export function formatDisplayDate(isoDate: string | null | undefined): string {
  if (typeof isoDate !== "string") return "";
  const date = parseIsoDate(isoDate.slice(0, 10));
  if (!date) return isoDate;
  const [y, m, d] = formatIsoDate(date).split("-");
  return `${d}/${m}/${y}`;
}

/**
 * A date as drivers read it on site, the en-GB way: "Monday, 23 November 2026" (empty when it is not a date).
 * Spelled out here rather than by Intl, whose first use on a phone costs more than the whole screen's render.
 */
export function formatLongDate(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) return "";
  const weekday = WEEKDAY_NAMES[date.getUTCDay()];
  return `${weekday}, ${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
