import { isPresent } from "../../domain/forms/signatures";
import { nextSaturday } from "../../domain/time/week-ending";

/** Who is filling the form in, as the account knows them: their name, and their company's when they have one. */
export interface AccountValues {
  driverName?: string | null;
  companyName?: string | null;
}

/**
 * What a form's first step can take from the account and the calendar: the driver's name, the company they
 * drive for and, on a timesheet, the week ending (the Saturday on or after today, the week being worked).
 */
export function accountAndCalendarValues(
  today: string,
  account: AccountValues,
  options: { weekEnding: boolean },
): Record<string, string> {
  const values: Record<string, string> = {};
  if (isPresent(account.driverName)) values.driverSignedName = account.driverName.trim();
  if (isPresent(account.companyName)) values.company = account.companyName.trim();
  const saturday = options.weekEnding ? nextSaturday(today) : null;
  if (saturday) values.weekEnding = saturday;
  return values;
}

/** The values for the form's fields that are blank, and only those: what was typed or kept is never replaced. */
export function blankFieldsFilled<F extends object>(
  form: F,
  values: Readonly<Record<string, string>>,
): Partial<F> {
  const record = form as Readonly<Record<string, unknown>>;
  const filled: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) {
    if (field in record && !isPresent(record[field] as string | null | undefined)) filled[field] = value;
  }
  return filled as Partial<F>;
}
