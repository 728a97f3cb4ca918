import { z } from "zod";
import {
  BreakMinutesSchema,
  CustomerIdFieldSchema,
  DateFieldSchema,
  NameFieldSchema,
  NetHoursSchema,
  NotesFieldSchema,
  OrderNumberFieldSchema,
  ShortTextFieldSchema,
  storedAndInputSchemas,
  TimeFieldSchema,
  TotalHoursSchema,
} from "../forms/form-fields";
import { applyInput } from "../forms/form-spec";
import { FormStatusSchema } from "../forms/form-status";
import { blankSignAndSubmit, signAndSubmitShape } from "../forms/sign-and-submit";
import { DEFAULT_HIRE_TERMS } from "../hire/chargeable-hours";
import { emptyHireDays, HireDaysSchema, withWorkedHours } from "../hire/day-kinds";
import { HireTermsSchema } from "../hire/hire-terms";
import { DAYS, type Day, type DayFieldKey, type DayFieldSuffix } from "../time/days";
import { applyStandardShift, clearDay, dayNetHours, recomputeHoursInPlace } from "./hours";

/** The schema of each per-day field, by suffix (spec section 3). */
const DAY_FIELD_SCHEMAS = {
  Start: TimeFieldSchema,
  Finish: TimeFieldSchema,
  Break: BreakMinutesSchema,
  NetHours: NetHoursSchema,
  Working: NameFieldSchema,
  Standing: NameFieldSchema,
  Breakdown: z.string().max(2000),
  SiteLocation: NameFieldSchema,
} as const satisfies Record<DayFieldSuffix, z.ZodType>;

type SuffixOf<K extends string> = {
  [S in DayFieldSuffix]: K extends `${Day}${S}` ? S : never;
}[DayFieldSuffix];
type DayShape = { [K in DayFieldKey]: (typeof DAY_FIELD_SCHEMAS)[SuffixOf<K>] };

function buildDayShape(): DayShape {
  const shape: Record<string, z.ZodType> = {};
  for (const day of DAYS) {
    for (const [suffix, schema] of Object.entries(DAY_FIELD_SCHEMAS)) shape[`${day}${suffix}`] = schema;
  }
  return shape as DayShape;
}

const headerShape = {
  status: FormStatusSchema,
  // Step 1: driver and company
  weekEnding: DateFieldSchema,
  company: NameFieldSchema,
  siteLocation: NameFieldSchema,
  /** "Company on hire to". */
  clientCompany: NameFieldSchema,
  driverSignedName: NameFieldSchema,
  customerId: CustomerIdFieldSchema,
  orderNumber: OrderNumberFieldSchema,
  // Step 2: vehicle
  /** "Machine/Vehicle Type". */
  machineNumber: NameFieldSchema,
  /** "Plant/Registration Number". */
  plantNumber: NameFieldSchema,
  machineHours: ShortTextFieldSchema,
  vanMileage: ShortTextFieldSchema,
  /** The hour meter at the start and the end of the week: in place of machineHours since they were added. */
  meterStart: ShortTextFieldSchema.optional(),
  meterEnd: ShortTextFieldSchema.optional(),
  // Step 3: the week
  totalHours: TotalHoursSchema,
  standingTime: NameFieldSchema,
  breakdownNotes: NotesFieldSchema,
  /**
   * Each day's hours by kind and the hire terms they are charged under. Forms made before these existed have
   * neither, keep their free text per day, and read back (and fingerprint) as they were signed.
   */
  hireDays: HireDaysSchema.optional(),
  hireTerms: HireTermsSchema.optional(),
  // Step 4: signatures and submission
  ...signAndSubmitShape,
};

/** Everything a driver fills in: a timesheet without its id and creation time. */
export const TimesheetFieldsSchema = z.object({ ...headerShape, ...buildDayShape() });
export type TimesheetFields = z.infer<typeof TimesheetFieldsSchema>;

/**
 * A stored timesheet (spec section 3), and the body of POST /api/timesheets and PUT /api/timesheets/{id}: every
 * field optional (a first save may hold one field), the id made by the client so an offline create can replay.
 */
export const { stored: TimesheetSchema, input: TimesheetInputSchema } =
  storedAndInputSchemas(TimesheetFieldsSchema);
export type Timesheet = z.infer<typeof TimesheetSchema>;
export type TimesheetInput = z.infer<typeof TimesheetInputSchema>;

/** A blank timesheet: a new draft with nothing filled in. */
export function emptyTimesheet(): TimesheetFields {
  const days: Record<string, unknown> = {};
  for (const day of DAYS) {
    days[`${day}Start`] = "";
    days[`${day}Finish`] = "";
    days[`${day}Break`] = null;
    days[`${day}NetHours`] = null;
    days[`${day}Working`] = "";
    days[`${day}Standing`] = "";
    days[`${day}Breakdown`] = "";
    days[`${day}SiteLocation`] = "";
  }
  return {
    status: "draft",
    weekEnding: "",
    company: "",
    siteLocation: "",
    clientCompany: "",
    driverSignedName: "",
    customerId: "",
    orderNumber: "",
    machineNumber: "",
    plantNumber: "",
    machineHours: "",
    vanMileage: "",
    meterStart: "",
    meterEnd: "",
    totalHours: null,
    standingTime: "",
    breakdownNotes: "",
    hireDays: emptyHireDays(),
    hireTerms: DEFAULT_HIRE_TERMS,
    ...blankSignAndSubmit(),
    ...(days as DayShapeValues),
  };
}
type DayShapeValues = Pick<TimesheetFields, DayFieldKey>;

/**
 * A saved timesheet with an input applied: the fields the input carries replace the old ones,
 * and the net hours, the total and each day's worked hours are worked out again so they always match the times.
 */
export function applyTimesheetInput<T extends TimesheetFields>(base: T, input: TimesheetInput): T {
  return withWorkedHoursInPlace(recomputeHoursInPlace(applyInput(base, input)));
}

/** Each day's worked hours as what is left of its net hours after its other kinds (see `withWorkedHours`). */
export function withWorkedHoursInPlace<T extends Pick<TimesheetFields, "hireDays" | DayFieldKey>>(
  form: T,
): T {
  const days = form.hireDays;
  if (days === undefined) return form;
  const next = { ...days };
  for (const day of DAYS) next[day] = withWorkedHours(days[day], dayNetHours(form, day));
  form.hireDays = next;
  return form;
}

/**
 * The '+9 Hours' button on a timesheet: the standard shift, on hire. Hours the day already holds of another kind
 * (a breakdown from a check) stay, and the rest of the shift is worked.
 */
export function addStandardShiftDay<T extends TimesheetFields>(form: T, day: Day): T {
  const shifted = applyStandardShift(form, day);
  if (shifted.hireDays === undefined) return shifted;
  const onHire = { ...shifted.hireDays[day], onHire: true };
  return withWorkedHoursInPlace({ ...shifted, hireDays: { ...shifted.hireDays, [day]: onHire } });
}

/** The Clear action on a timesheet day: its times go, and its kinds hold no worked hours. */
export function clearTimesheetDay<T extends TimesheetFields>(form: T, day: Day): T {
  return withWorkedHoursInPlace(clearDay(form, day));
}
