import { z } from "zod";
import { IsoDateSchema, TimeFieldSchema } from "../forms/form-fields";
import type { MessageKey, MessageValues } from "../text/i18n/translate";
import { DAYS, type Day } from "../time/days";
import type { HireDay } from "./chargeable-hours";

/** Why a machine stood on hire without working: picked from a list, with a note for what it leaves out. */
export const STANDING_REASONS = ["clientInstruction", "weather", "noAccess", "other"] as const;
/** What stopped the machine working. */
export const BREAKDOWN_REASONS = [
  "engine",
  "hydraulics",
  "electrics",
  "tracksOrTyres",
  "attachment",
  "other",
] as const;

/** Each reason's words in the catalogs. */
export const STANDING_REASON_KEYS = {
  clientInstruction: "hire.reason.standing.clientInstruction",
  weather: "hire.reason.standing.weather",
  noAccess: "hire.reason.standing.noAccess",
  other: "hire.reason.standing.other",
} as const satisfies Record<(typeof STANDING_REASONS)[number], MessageKey>;
export const BREAKDOWN_REASON_KEYS = {
  engine: "hire.reason.breakdown.engine",
  hydraulics: "hire.reason.breakdown.hydraulics",
  electrics: "hire.reason.breakdown.electrics",
  tracksOrTyres: "hire.reason.breakdown.tracksOrTyres",
  attachment: "hire.reason.breakdown.attachment",
  other: "hire.reason.breakdown.other",
} as const satisfies Record<(typeof BREAKDOWN_REASONS)[number], MessageKey>;

const hours = z.number().min(0).max(24);

/**
 * The daily check whose "not safe" answer started a day's breakdown: its date, time and the failed item, and the
 * hours it gave the day (while the day still holds them, the driver has not changed them).
 */
export const BreakdownSourceSchema = z.object({
  date: IsoDateSchema,
  time: TimeFieldSchema,
  item: z.string().max(200),
  hours: z.number().min(0).max(24),
});
export type BreakdownSource = z.infer<typeof BreakdownSourceSchema>;

/**
 * A timesheet day's hours by kind, as stored: whether the machine was on hire, its hours worked, standing, broken
 * down and travelling, and the reason for standing and breakdown hours.
 */
export const DayKindsSchema = z.object({
  onHire: z.boolean(),
  worked: hours,
  standing: hours,
  breakdown: hours,
  travel: hours,
  standingReason: z.enum(STANDING_REASONS).nullable(),
  breakdownReason: z.enum(BREAKDOWN_REASONS).nullable(),
  note: z.string().max(500),
  /** Set when the breakdown hours were filled in from a check that stood the machine down. */
  breakdownFrom: BreakdownSourceSchema.nullable().default(null),
});
export type DayKinds = z.infer<typeof DayKindsSchema>;

/** A timesheet week's hours by kind, Monday to Sunday. */
export const HireDaysSchema = z.object(
  Object.fromEntries(DAYS.map((day) => [day, DayKindsSchema])) as Record<Day, typeof DayKindsSchema>,
);
export type HireDays = Record<Day, DayKinds>;

/** A day's kinds as a driver taps "+9 Hours": a day worked, on hire, nothing else. */
export function workedDay(workedHours: number): DayKinds {
  return {
    onHire: true,
    worked: workedHours,
    standing: 0,
    breakdown: 0,
    travel: 0,
    standingReason: null,
    breakdownReason: null,
    note: "",
    breakdownFrom: null,
  };
}

/** A new timesheet's week: every day on hire, no hours yet. */
export function emptyHireDays(): HireDays {
  return Object.fromEntries(DAYS.map((day) => [day, workedDay(0)])) as HireDays;
}

/**
 * A day's kinds with its worked hours set from its net hours: what is left of them after the standing, breakdown
 * and travel hours. A day without hours keeps its kinds as given (a whole day broken down or standing needs no
 * start and finish) and works none; a day off hire works none either.
 */
export function withWorkedHours(day: DayKinds, netHours: number): DayKinds {
  const others = day.standing + day.breakdown + day.travel;
  const worked = day.onHire && netHours > 0 ? Math.max(0, round(netHours - others)) : 0;
  return worked === day.worked ? day : { ...day, worked };
}

/** Hours to the minute, so sums of quarter and tenth hours compare equal. */
function round(hours: number): number {
  return Math.round(hours * 60) / 60;
}

/** The hours the chargeable-hours rule reads. */
export function hireDayOf(day: DayKinds): HireDay {
  const { onHire, worked, standing, breakdown, travel } = day;
  return { onHire, worked, standing, breakdown, travel };
}

/** What is wrong with a day's kinds, each as a message of the catalogs and its values. */
export interface DayKindsProblem {
  key: MessageKey;
  values?: MessageValues;
}

/** Hours are kept to the minute: two sums within half a minute are the same. */
const SAME = 1 / 120;

/**
 * A day's kinds against the day's net hours (from its start, finish and break): the kinds must add up to them,
 * stay within a day, and give a reason for standing and breakdown hours. A day not on hire holds no hours.
 */
export function dayKindsProblems(day: DayKinds, netHours: number | null): DayKindsProblem[] {
  // A day with hours must share them out; a day without is free to hold a whole day standing or broken down.
  const problems: DayKindsProblem[] = [];
  const total = day.worked + day.standing + day.breakdown + day.travel;
  if (!day.onHire) {
    if (total > 0) problems.push({ key: "hire.problem.hoursOffHire" });
    return problems;
  }
  if (total > 24 + SAME) problems.push({ key: "hire.problem.overADay", values: { hours: total } });
  else if (netHours !== null && Math.abs(total - netHours) > SAME)
    problems.push({ key: "hire.problem.doNotAddUp", values: { kinds: total, day: netHours } });
  if (day.standing > 0 && day.standingReason === null) problems.push({ key: "hire.problem.standingReason" });
  if (day.breakdown > 0 && day.breakdownReason === null)
    problems.push({ key: "hire.problem.breakdownReason" });
  return problems;
}

/** The first day of a week whose kinds are wrong, with its problems; null when every day is right. */
export function hireDaysProblem(
  days: HireDays,
  netHoursOf: (day: Day) => number,
): { day: Day; problems: DayKindsProblem[] } | null {
  for (const day of DAYS) {
    const net = netHoursOf(day);
    const problems = dayKindsProblems(days[day], net > 0 ? net : null);
    if (problems.length > 0) return { day, problems };
  }
  return null;
}
