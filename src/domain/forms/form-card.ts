import type { CheckSheet } from "../checks/check-sheet";
import type { Timesheet } from "../hours/timesheet";
import type { CombinedSet, PairableCheckSheet, PairableTimesheet, Pairing } from "../sets/pairing";

/** A single timesheet shown as a card in the supervisor's draft list. */
export interface TimesheetCard<T = Timesheet> {
  type: "timesheet";
  id: string;
  form: T;
}

/** A single check sheet shown as a card. */
export interface CheckSheetCard<C = CheckSheet> {
  type: "check-sheet";
  id: string;
  form: C;
}

/** A card of the draft list: a single timesheet, a single check sheet or a combined set. */
export type FormCard<T extends PairableTimesheet = Timesheet, C extends PairableCheckSheet = CheckSheet> =
  | TimesheetCard<T>
  | CheckSheetCard<C>
  | CombinedSet<T, C>;

export function timesheetCard<T extends { id: string }>(form: T): TimesheetCard<T> {
  return { type: "timesheet", id: form.id, form };
}

export function checkSheetCard<C extends { id: string }>(form: C): CheckSheetCard<C> {
  return { type: "check-sheet", id: form.id, form };
}

/** Every form of a pairing once, as cards: combined sets first, then lonely timesheets, then lonely check sheets. */
export function cardsOf<T extends PairableTimesheet, C extends PairableCheckSheet>(
  pairing: Pairing<T, C>,
): FormCard<T, C>[] {
  return [
    ...pairing.combined,
    ...pairing.lonelyTimesheets.map((form) => timesheetCard(form)),
    ...pairing.lonelyCheckSheets.map((form) => checkSheetCard(form)),
  ];
}
