import { z } from "zod";
import type { MessageKey, MessageValues } from "../text/i18n/translate";
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

const hours = z.number().min(0).max(24);

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
});
export type DayKinds = z.infer<typeof DayKindsSchema>;

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
  };
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
