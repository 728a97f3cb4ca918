import type { MessageKey, Translator } from "../text/i18n/translate";
/** The days of a timesheet week, in the order the form shows them. */
export const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Day = (typeof DAYS)[number];

/** Monday to Friday: the approval dashboard totals only these. */
export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
] as const satisfies readonly Day[];

const DAY_LABEL_KEYS = {
  monday: "day.monday",
  tuesday: "day.tuesday",
  wednesday: "day.wednesday",
  thursday: "day.thursday",
  friday: "day.friday",
  saturday: "day.saturday",
  sunday: "day.sunday",
} as const satisfies Readonly<Record<Day, MessageKey>>;

/**
 * A day's name as a heading or a row has it, in the reader's language: "Monday", "Poniedziałek". The translator is
 * always given: the home screen reads this module, and must not bring the whole English catalog with it.
 */
export function dayLabel(day: Day, t: Translator["t"]): string {
  return t(DAY_LABEL_KEYS[day]);
}

export const DAY_SHORT_LABELS: Readonly<Record<Day, string>> = {
  monday: "Mon",
  tuesday: "Tue",
  wednesday: "Wed",
  thursday: "Thu",
  friday: "Fri",
  saturday: "Sat",
  sunday: "Sun",
};

/** The per-day field suffixes of a timesheet (spec section 3): `mondayStart`, `mondayBreak`, ... */
export const DAY_FIELD_SUFFIXES = [
  "Start",
  "Finish",
  "Break",
  "NetHours",
  "Working",
  "Standing",
  "Breakdown",
  "SiteLocation",
] as const;
export type DayFieldSuffix = (typeof DAY_FIELD_SUFFIXES)[number];
export type DayFieldKey<D extends Day = Day, S extends DayFieldSuffix = DayFieldSuffix> = `${D}${S}`;

/** The name of a per-day field, typed: `dayKey("monday", "Start")` is `"mondayStart"`. */
export function dayKey<D extends Day, S extends DayFieldSuffix>(day: D, suffix: S): DayFieldKey<D, S> {
  return `${day}${suffix}`;
}

export function isDay(value: unknown): value is Day {
  return typeof value === "string" && (DAYS as readonly string[]).includes(value);
}
