import { dayNetHours, netHours, parseTime, STANDARD_SHIFT } from "../hours/hours";
import type { TimesheetFields } from "../hours/timesheet";
import { DAYS, type Day, dayKey } from "../time/days";
import { parseIsoDate } from "../time/iso-date";
import { weekRange } from "../time/week-ending";
import type { BREAKDOWN_REASONS, HireDays } from "./day-kinds";

/** A moment as a date and a time of day in UK time: "2026-11-18", "12:00". */
export interface DayTime {
  date: string;
  time: string;
}

/** A daily check that stood a machine down: when, on which failed item, and when the machine was fixed (if yet). */
export interface StandDown extends DayTime {
  item: string;
  fixed: DayTime | null;
}

const DAY_OF_WEEK: readonly Day[] = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
];

/** Each timesheet day's date in the week ending `weekEnding` (the seven days up to it); null when it is no date. */
export function datesOfWeek(weekEnding: string): Record<Day, string> | null {
  const dates = weekRange(weekEnding);
  if (dates.length === 0) return null;
  const byDay = {} as Record<Day, string>;
  for (const date of dates) byDay[DAY_OF_WEEK[(parseIsoDate(date) as Date).getUTCDay()] as Day] = date;
  return byDay;
}

/** The breakdown reason a failed check item most likely is, by its words; "other" when none fits. */
export function breakdownReasonOf(item: string): (typeof BREAKDOWN_REASONS)[number] {
  const words = item.toLowerCase();
  if (/hydraul|hose|ram|cylinder/.test(words)) return "hydraulics";
  if (/engine|oil|coolant|fuel|exhaust/.test(words)) return "engine";
  if (/electr|light|batter|horn|alarm|beacon/.test(words)) return "electrics";
  if (/track|tyre|tire|wheel/.test(words)) return "tracksOrTyres";
  if (/bucket|attach|hitch|pin|fork/.test(words)) return "attachment";
  return "other";
}

/** Minutes after midnight of a day's time, or null. */
function minutes(time: string): number {
  return parseTime(time) ?? 0;
}

/**
 * The breakdown hours a stand-down gives one day: the part of the day's working time (its start to finish, or
 * the standard day of 07:00 to 16:30 on a day without times) after the check and before the fix, never more
 * than the day's net hours (a whole day lost loses its break too). A weekend day without times and with no
 * minimum gets none: there was no working time to lose.
 */
function breakdownOnDay(form: TimesheetFields, day: Day, date: string, down: StandDown): number {
  const start = form[dayKey(day, "Start")];
  const finish = form[dayKey(day, "Finish")];
  const hasTimes = parseTime(start) !== null && parseTime(finish) !== null;
  const minimum = form.hireTerms?.minimumHours[day] ?? 0;
  if (!hasTimes && minimum === 0) return 0;
  const span = hasTimes
    ? { from: minutes(start), to: minutes(finish), net: dayNetHours(form, day) }
    : {
        from: minutes(STANDARD_SHIFT.start),
        to: minutes(STANDARD_SHIFT.finish),
        net: netHours({ ...STANDARD_SHIFT }) ?? 0,
      };
  const from = date === down.date ? Math.max(span.from, minutes(down.time)) : span.from;
  const to = down.fixed && date === down.fixed.date ? Math.min(span.to, minutes(down.fixed.time)) : span.to;
  if (to <= from) return 0;
  return Math.min(span.net, Math.round(((to - from) / 60) * 4) / 4);
}

/**
 * A timesheet's days with the breakdown its stand-downs give them, from each check's time until the fix (or the
 * week's end), marked as coming from that check. A day the driver has changed is theirs: a day takes a
 * stand-down's hours while it holds no breakdown from elsewhere, or still holds exactly what that check gave it
 * (so a fix reported later shortens it). Returns the days unchanged (the same object) when nothing changes.
 */
export function withStandDowns(
  form: TimesheetFields,
  standDowns: readonly StandDown[],
): HireDays | undefined {
  const days = form.hireDays;
  const dates = datesOfWeek(form.weekEnding);
  if (days === undefined || dates === null) return days;
  let next = days;
  for (const down of standDowns) {
    for (const day of DAYS) {
      const date = dates[day];
      if (date < down.date || (down.fixed !== null && date > down.fixed.date)) continue;
      const kinds = next[day];
      const from = kinds.breakdownFrom;
      const sameCheck = from !== null && from.date === down.date && from.time === down.time;
      const untouched = from === null ? kinds.breakdown === 0 : sameCheck && kinds.breakdown === from.hours;
      if (!untouched || !kinds.onHire) continue;
      const hours = breakdownOnDay(form, day, date, down);
      if (sameCheck && hours === kinds.breakdown) continue;
      if (from === null && hours === 0) continue;
      next = {
        ...next,
        [day]: {
          ...kinds,
          breakdown: hours,
          breakdownReason: kinds.breakdownReason ?? breakdownReasonOf(down.item),
          breakdownFrom: { date: down.date, time: down.time, item: down.item, hours },
        },
      };
    }
  }
  return next;
}
