import { dayNetHours } from "../hours/hours";
import type { TimesheetFields } from "../hours/timesheet";
import type { MessageKey, Translator } from "../text/i18n/translate";
import { messages, type Notice } from "../text/messages";
import { DAYS, type Day } from "../time/days";
import {
  type ChargeableHours,
  chargeableWeek,
  DEFAULT_HIRE_TERMS,
  type HireDay,
  type HireTerms,
} from "./chargeable-hours";
import {
  type DayKinds,
  type DayKindsProblem,
  type HireDays,
  hireDayOf,
  hireDaysProblem,
  withWorkedHours,
} from "./day-kinds";

/** What the client signs for on a timesheet: each day's and the week's chargeable hours, and the terms applied. */
export interface TimesheetCharge {
  days: Record<Day, ChargeableHours>;
  week: ChargeableHours;
  terms: HireTerms;
  /** The week's breakdown hours: never charged, shown beside the charge. */
  breakdown: number;
}

export type HireFields = Pick<TimesheetFields, "hireDays" | "hireTerms"> & Parameters<typeof dayNetHours>[0];

/**
 * A timesheet's hours by kind with each day's worked hours taken from its times, as every view and sum reads them:
 * a stored worked figure can never disagree with the start, finish and break beside it. Null before hours by kind.
 */
export function timesheetHireDays(form: HireFields): HireDays | null {
  if (form.hireDays === undefined) return null;
  const days = {} as HireDays;
  for (const day of DAYS) days[day] = withWorkedHours(form.hireDays[day], dayNetHours(form, day));
  return days;
}

/** The chargeable hours of a timesheet with hours by kind; null for one made before they existed. */
export function timesheetCharge(form: HireFields): TimesheetCharge | null {
  const days = timesheetHireDays(form);
  if (days === null) return null;
  const hireDays = {} as Record<Day, HireDay>;
  let breakdown = 0;
  for (const day of DAYS) {
    hireDays[day] = hireDayOf(days[day]);
    if (days[day].onHire) breakdown += days[day].breakdown;
  }
  const terms = form.hireTerms ?? DEFAULT_HIRE_TERMS;
  return { ...chargeableWeek(hireDays, terms), terms, breakdown };
}

/** The first wrong day of a timesheet's hours by kind as a notice naming the day, or null. */
export function timesheetHireProblem(form: HireFields): Notice | null {
  if (form.hireDays === undefined) return null;
  const found = hireDaysProblem(form.hireDays, (day) => dayNetHours(form, day));
  if (found === null) return null;
  const problem = found.problems[0] as DayKindsProblem;
  return messages.hireDayProblem(problem.key, { ...problem.values, weekday: found.day });
}

/**
 * A day's kinds as one tap sets them: every hour of the day of that kind (its reasons kept), or off hire. The
 * check a breakdown came from stays noted, so a day the driver set otherwise is not filled from it again.
 */
export function dayOfKind(kinds: DayKinds, kind: DayKind, dayHours: number): DayKinds {
  const cleared = { ...kinds, onHire: true, worked: 0, standing: 0, breakdown: 0, travel: 0 };
  switch (kind) {
    case "offHire":
      return { ...cleared, onHire: false };
    case "worked":
      return { ...cleared, worked: dayHours };
    default:
      return { ...cleared, [kind]: dayHours };
  }
}

export const DAY_KINDS = ["worked", "standing", "breakdown", "travel", "offHire"] as const;
export type DayKind = (typeof DAY_KINDS)[number];

/** The kind a day shows as picked: the only kind it holds hours of; "split" when it holds several. */
export function kindOfDay(kinds: DayKinds): DayKind | "split" {
  if (!kinds.onHire) return "offHire";
  const held = (["standing", "breakdown", "travel"] as const).filter((kind) => kinds[kind] > 0);
  if (held.length === 0) return "worked";
  const [only] = held;
  if (held.length === 1 && only !== undefined && kinds.worked === 0) return only;
  return "split";
}

/** The hire terms in words, a line each, as the signature step and the PDF state them under the charge. */
export function hireTermsWords(terms: HireTerms, t: Translator["t"]): string[] {
  return [
    // One message with the days in it: a document in two languages says the whole line in each, never nested.
    t("charge.termsMinimums", terms.minimumHours),
    t(terms.chargeStanding ? "charge.termsStandingCharged" : "charge.termsStandingFree"),
    t(terms.chargeTravel ? "charge.termsTravelCharged" : "charge.termsTravelFree"),
    terms.overtimeAfter === null
      ? t("charge.termsNoOvertime")
      : t("charge.termsOvertimeAfter", { hours: terms.overtimeAfter }),
    t(terms.weekendSeparate ? "charge.termsWeekendSeparate" : "charge.termsWeekendAsWeekday"),
  ];
}

/** The categories of a charge in the order every view lists them, with their names' messages. */
export const CHARGE_CATEGORIES = [
  ["normal", "charge.normal"],
  ["overtime", "charge.overtime"],
  ["weekend", "charge.weekend"],
  ["standing", "charge.standing"],
] as const satisfies readonly (readonly [keyof ChargeableHours, MessageKey])[];
