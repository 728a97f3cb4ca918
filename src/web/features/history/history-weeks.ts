import type { CompanyFormAnswer } from "../../../domain/company/company-state";
import { checkSheetCard, timesheetCard } from "../../../domain/forms/form-card";
import type { ListCard } from "../../../domain/forms/form-lists";
import { isCompletedStatus } from "../../../domain/forms/form-status";
import { type PairableCheckSheet, type PairableTimesheet, pairForms } from "../../../domain/sets/pairing";
import { nextSaturday } from "../../../domain/time/week-ending";

interface HistoryForm {
  status: Parameters<typeof isCompletedStatus>[0];
  /** A company member's form: in history once submitted, and while the office has it back with the driver. */
  companyState?: CompanyFormAnswer | null;
  siteLocation?: string | null;
  machineNumber?: string | null;
}

/**
 * In Driver History: a form once submitted (waiting for approval) as well as one completed, and a company
 * member's form the office has back with the driver.
 */
export function isInHistory(form: HistoryForm): boolean {
  return (
    form.status === "ready_for_approval" ||
    isCompletedStatus(form.status) ||
    (form.companyState != null && form.companyState.state !== "draft")
  );
}

/** One week of Driver History: its week ending, then each timesheet followed by its own check sheets. */
export interface HistoryWeek<T, C> {
  /** The Saturday the week ends on, or "" when a form carries no date. */
  weekEnding: string;
  cards: ListCard<T, C>[];
}

/** Plant number, machine or site containing the search, ignoring case and surrounding spaces. */
export function matchesHistorySearch(form: HistoryForm & { plantNumber: string }, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  if (wanted === "") return true;
  return [form.plantNumber, form.machineNumber, form.siteLocation].some((value) =>
    (value ?? "").toLowerCase().includes(wanted),
  );
}

/**
 * The driver's submitted and completed forms, one group per week, newest week first. A timesheet heads its week with the
 * check sheets it pairs with (spec section 4's pairing); a check sheet without a timesheet joins the week
 * ending on the Saturday on or after its date. A search keeps a timesheet with its check sheets when any of
 * them matches, as the site is often typed on the timesheet only.
 */
export function historyWeeks<
  T extends PairableTimesheet & HistoryForm,
  C extends PairableCheckSheet & HistoryForm,
>(timesheets: readonly T[], checkSheets: readonly C[], search = ""): HistoryWeek<T, C>[] {
  const pairing = pairForms(timesheets.filter(isInHistory), checkSheets.filter(isInHistory));
  const weeks = new Map<string, ListCard<T, C>[]>();
  const add = (weekEnding: string, cards: ListCard<T, C>[]) => {
    if (!cards.some((card) => matchesHistorySearch(card.form, search))) return;
    const list = weeks.get(weekEnding);
    if (list) list.push(...cards);
    else weeks.set(weekEnding, cards);
  };
  for (const set of pairing.combined)
    add(set.weekEnding, [timesheetCard(set.timesheet), ...set.checkSheets.map((c) => checkSheetCard(c))]);
  for (const timesheet of pairing.lonelyTimesheets) add(timesheet.weekEnding, [timesheetCard(timesheet)]);
  for (const sheet of pairing.lonelyCheckSheets)
    add(nextSaturday(sheet.checkDate) ?? "", [checkSheetCard(sheet)]);
  return [...weeks.entries()]
    .map(([weekEnding, cards]) => ({ weekEnding, cards }))
    .sort((a, b) => {
      if ((a.weekEnding === "") !== (b.weekEnding === "")) return a.weekEnding === "" ? 1 : -1;
      return b.weekEnding.localeCompare(a.weekEnding);
    });
}
