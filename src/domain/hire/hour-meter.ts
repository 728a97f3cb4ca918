import { weeklyTotal } from "../hours/hours";
import type { TimesheetFields } from "../hours/timesheet";
import { messages, type Notice } from "../text/messages";
import { DAYS } from "../time/days";
import { DEFAULT_METER_TOLERANCE_HOURS } from "./hire-terms";
import { timesheetHireDays } from "./timesheet-hire";

type MeterFields = Pick<TimesheetFields, "meterStart" | "meterEnd" | "hireDays" | "hireTerms"> &
  Parameters<typeof weeklyTotal>[0];

/** A meter reading as typed (a comma as good as a point): hours, or null when blank or not a number. */
export function meterReading(text: string | undefined): number | null {
  const trimmed = (text ?? "").trim().replace(",", ".");
  if (trimmed === "") return null;
  const hours = Number(trimmed);
  return Number.isFinite(hours) && hours >= 0 ? hours : null;
}

/** Why the week's hour meter readings cannot be sent, or null: a reading that is no number, or one going backwards. */
export function meterProblem(form: Pick<TimesheetFields, "meterStart" | "meterEnd">): Notice | null {
  for (const text of [form.meterStart, form.meterEnd]) {
    if ((text ?? "").trim() !== "" && meterReading(text) === null)
      return messages.meterNotANumber(text ?? "");
  }
  const start = meterReading(form.meterStart);
  const end = meterReading(form.meterEnd);
  return start !== null && end !== null && end < start ? messages.meterBackwards(start, end) : null;
}

/** The hours the machine's meter ran in the week, or null without both readings (or with one going backwards). */
export function meterHours(form: Pick<TimesheetFields, "meterStart" | "meterEnd">): number | null {
  const start = meterReading(form.meterStart);
  const end = meterReading(form.meterEnd);
  return start === null || end === null || end < start ? null : Math.round((end - start) * 10) / 10;
}

/** The week's worked hours: the hours by kind's worked hours where it has them, else its net hours. */
export function workedHours(form: MeterFields): number {
  const days = timesheetHireDays(form);
  if (days === null) return weeklyTotal(form);
  return Math.round(DAYS.reduce((sum, day) => sum + (days[day].onHire ? days[day].worked : 0), 0) * 10) / 10;
}

/**
 * The meter's hours and the week's worked hours when they differ by more than the tolerance, for the office to
 * look at; null when they agree, or without both readings.
 */
export function meterMismatch(
  form: MeterFields,
  toleranceHours = DEFAULT_METER_TOLERANCE_HOURS,
): { meter: number; worked: number } | null {
  const meter = meterHours(form);
  if (meter === null) return null;
  const worked = workedHours(form);
  return Math.abs(meter - worked) > toleranceHours ? { meter, worked } : null;
}
