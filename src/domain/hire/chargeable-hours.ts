import { DAYS, type Day } from "../time/days";

/**
 * A timesheet day's hours by kind, in hours. Worked: the machine working. Standing: on hire and available but
 * not working (the client's instruction, weather, no access). Breakdown: unavailable through a fault. Travel: to
 * or from the site. A day not on hire is charged nothing, whatever it holds.
 */
export interface HireDay {
  onHire: boolean;
  worked: number;
  standing: number;
  breakdown: number;
  travel: number;
}

/** A company's hire terms: what a client pays for (every figure in hours). */
export interface HireTerms {
  /** The hours charged at least on each day on hire, however few were worked. */
  minimumHours: Readonly<Record<Day, number>>;
  /** Standing time is charged (as its own category). */
  chargeStanding: boolean;
  /** Travel is charged (as worked time). */
  chargeTravel: boolean;
  /** A weekday's worked hours beyond this are overtime; null: no overtime. */
  overtimeAfter: number | null;
  /** Saturday's and Sunday's hours are their own category (no overtime in it); else they are any day's. */
  weekendSeparate: boolean;
}

/** Without a company's own terms: the CPA model's minimums (8 h Monday to Thursday, 7 h Friday). */
export const DEFAULT_HIRE_TERMS: HireTerms = {
  minimumHours: { monday: 8, tuesday: 8, wednesday: 8, thursday: 8, friday: 7, saturday: 0, sunday: 0 },
  chargeStanding: true,
  chargeTravel: false,
  overtimeAfter: null,
  weekendSeparate: true,
};

/** Chargeable hours by the rate they are charged at. */
export interface ChargeableHours {
  normal: number;
  overtime: number;
  weekend: number;
  standing: number;
}

export const NO_CHARGE: ChargeableHours = Object.freeze({ normal: 0, overtime: 0, weekend: 0, standing: 0 });

const WEEKEND: ReadonlySet<Day> = new Set(["saturday", "sunday"]);

/**
 * One day's chargeable hours. Worked time (and travel, where charged) is charged; standing time too, where
 * charged, as standing; breakdown never, and it lowers the day's minimum by as many hours. When the day's charged
 * hours fall short of that minimum, the rest is charged at the normal rate (or the weekend's). A weekday's work past
 * the overtime hour is overtime; a weekend day's work is weekend, where that is a category of its own.
 */
export function chargeableDay(day: Day, hours: HireDay, terms: HireTerms): ChargeableHours {
  if (!hours.onHire) return NO_CHARGE;
  const work = hours.worked + (terms.chargeTravel ? hours.travel : 0);
  const standing = terms.chargeStanding ? hours.standing : 0;
  const minimum = Math.max(0, terms.minimumHours[day] - hours.breakdown);
  const madeUp = Math.max(0, minimum - work - standing);
  if (terms.weekendSeparate && WEEKEND.has(day)) return { ...NO_CHARGE, weekend: work + madeUp, standing };
  const overtime = terms.overtimeAfter === null ? 0 : Math.max(0, work - terms.overtimeAfter);
  return { normal: work - overtime + madeUp, overtime, weekend: 0, standing };
}

/** A week's chargeable hours, by day and in all: what the client signs for. */
export function chargeableWeek(
  days: Readonly<Record<Day, HireDay>>,
  terms: HireTerms,
): { days: Record<Day, ChargeableHours>; week: ChargeableHours } {
  const byDay = {} as Record<Day, ChargeableHours>;
  const week = { ...NO_CHARGE };
  for (const day of DAYS) {
    const charged = chargeableDay(day, days[day], terms);
    byDay[day] = charged;
    week.normal += charged.normal;
    week.overtime += charged.overtime;
    week.weekend += charged.weekend;
    week.standing += charged.standing;
  }
  return { days: byDay, week };
}

/** Every category's hours together. */
export function totalChargeable(hours: ChargeableHours): number {
  return hours.normal + hours.overtime + hours.weekend + hours.standing;
}
