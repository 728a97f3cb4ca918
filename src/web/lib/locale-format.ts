import { type AnyLocale, intlLocale } from "../../domain/text/i18n/translate";
import { DAYS, type Day } from "../../domain/time/days";
import { formatDisplayDate, formatLongDate, parseIsoDate } from "../../domain/time/iso-date";
import { formatDateTime } from "./format-date-time";

// English keeps the spec's own formats (and spares the first screen an Intl formatter); every other language has
// its dates and times from Intl, in its own order and words.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  locale: AnyLocale,
  name: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const id = `${intlLocale(locale)} ${name}`;
  let format = formatters.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), options);
    formatters.set(id, format);
  }
  return format;
}

/** A calendar date in words: "Monday, 23 November 2026", "poniedziałek, 23 listopada 2026". */
export function formatLongDateIn(locale: AnyLocale, isoDate: string): string {
  if (locale === "en-GB") return formatLongDate(isoDate);
  const date = parseIsoDate(isoDate);
  if (!date) return "";
  return formatter(locale, "long", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

/** A calendar date in figures: "14/06/2025", "14.06.2025". Text that is not a date is shown as given. */
export function formatShortDateIn(locale: AnyLocale, isoDate: string | null | undefined): string {
  if (locale === "en-GB" || typeof isoDate !== "string") return formatDisplayDate(isoDate);
  const date = parseIsoDate(isoDate.slice(0, 10));
  if (!date) return isoDate;
  return formatter(locale, "short", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

/** A moment with its time: "07/06/2025, 09:30", "07.06.2025, 09:30". */
export function formatDateTimeIn(locale: AnyLocale, ms: number): string {
  if (locale === "en-GB") return formatDateTime(ms);
  return formatter(locale, "dateTime", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(ms));
}

/** The weekday of a calendar date in words, as a sentence has it ("a Friday", "piątek"); null when not a date. */
export function weekdayOfDateIn(locale: AnyLocale, isoDate: string): string | null {
  const date = parseIsoDate(isoDate);
  if (!date) return null;
  return formatter(locale, "weekday", { weekday: "long", timeZone: "UTC" }).format(date);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Hours as the reader writes numbers: "7.5" in English, "7,5" in Polish; whole hours without decimals. */
export function formatHoursIn(locale: AnyLocale, hours: number): string {
  const id = intlLocale(locale);
  let format = numberFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(id, { maximumFractionDigits: 1 });
    numberFormats.set(id, format);
  }
  return format.format(hours);
}

// 1 January 2024 was a Monday: the week's days are the seven dates from it.
const MONDAY = Date.UTC(2024, 0, 1);

/** A day of the week in the reader's short form ("pon.", "lun."), for a table a phone's width must hold. */
export function weekdayShortIn(locale: AnyLocale, day: Day): string {
  return formatter(locale, "weekdayShort", { weekday: "short", timeZone: "UTC" }).format(
    new Date(MONDAY + DAYS.indexOf(day) * 86_400_000),
  );
}
