import { z } from "zod";
import { schemaMessage } from "../text/schema-messages";
import { DEFAULT_HIRE_TERMS, type HireTerms } from "./chargeable-hours";

/** The most hours a term may name: a whole day. */
export const MAX_TERM_HOURS = 24;

/** Hours are set in quarter hours (7, 7.25, 7.5, 7.75), as a timesheet's times are. */
export const TERM_HOURS_STEP = 0.25;

const inQuarterHours = (hours: number): boolean => Number.isInteger(hours / TERM_HOURS_STEP);

/** Hours from 0 to 24 in quarter hours; any other value (or none) is refused in the words given. */
const termHours = (problem: string) =>
  z.number({ error: problem }).min(0, problem).max(MAX_TERM_HOURS, problem).refine(inQuarterHours, problem);

const minimum = termHours(schemaMessage("hireTerms.minimumInvalid"));

/**
 * A company's hire terms as an admin sends them, as they are stored, and as a timesheet carries the terms it is
 * charged under: every weekday's minimum, the two charges, the overtime hour (null: none) and the weekend's own
 * category. None may be left out; anything else sent with them is dropped, never kept.
 */
export const HireTermsSchema = z.object({
  minimumHours: z.object({
    monday: minimum,
    tuesday: minimum,
    wednesday: minimum,
    thursday: minimum,
    friday: minimum,
    saturday: minimum,
    sunday: minimum,
  }),
  chargeStanding: z.boolean(),
  chargeTravel: z.boolean(),
  overtimeAfter: termHours(schemaMessage("hireTerms.overtimeInvalid")).nullable(),
  weekendSeparate: z.boolean(),
});

/** How far the hour meter may differ from a week's worked hours before the office review flags it, by default. */
export const DEFAULT_METER_TOLERANCE_HOURS = 2;

/**
 * What a company's admin sets on its Hire Terms card and the company keeps: the terms, and how far a week's hour
 * meter may differ from its worked hours before the office review flags the week (the defaults' 2 h when unset).
 */
export const HireSettingsSchema = HireTermsSchema.extend({
  meterToleranceHours: termHours(schemaMessage("hireTerms.toleranceInvalid")).default(
    DEFAULT_METER_TOLERANCE_HOURS,
  ),
});
export type HireSettings = z.infer<typeof HireSettingsSchema>;

// The schema reads exactly the terms the charging rule takes, no more and no fewer.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaIsTheTerms: Same<z.infer<typeof HireTermsSchema>, HireTerms> = true;
void schemaIsTheTerms;

/** A company's stored meter tolerance (kept beside its terms), or the default. */
export function meterToleranceOf(stored: unknown): number {
  try {
    const value = typeof stored === "string" ? JSON.parse(stored) : stored;
    const parsed = HireSettingsSchema.shape.meterToleranceHours.safeParse(value?.meterToleranceHours);
    return parsed.success ? parsed.data : DEFAULT_METER_TOLERANCE_HOURS;
  } catch {
    return DEFAULT_METER_TOLERANCE_HOURS;
  }
}

/**
 * A company's stored terms (the JSON text kept for it, or the terms as an answer carried them), or the defaults
 * where it has set none (null) or what is kept is not terms this build reads.
 */
export function hireTermsOf(stored: unknown): HireTerms {
  try {
    const value = typeof stored === "string" ? JSON.parse(stored) : stored;
    const parsed = HireTermsSchema.safeParse(value);
    return parsed.success ? parsed.data : DEFAULT_HIRE_TERMS;
  } catch {
    return DEFAULT_HIRE_TERMS;
  }
}
