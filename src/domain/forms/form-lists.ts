import { type CheckSheetCard, checkSheetCard, type TimesheetCard, timesheetCard } from "./form-card";
import { type FormStatus, isCompletedStatus } from "./form-status";
import { isPresent } from "./signatures";

interface ListedForm {
  id: string;
  status: FormStatus;
  createdAt: string;
  operatorSignature?: string | null;
  clientSignature?: string | null;
}

type ListedCheckSheet = ListedForm & { submittedAt?: string | null };

/**
 * Spec section 4: a timesheet missing an operator or client signature is a draft item. A form
 * already completed, approved, dispatched or archived is on the completed list instead, never
 * on both.
 */
export function isDraftTimesheet(form: ListedForm): boolean {
  if (isCompletedStatus(form.status)) return false;
  return !isPresent(form.operatorSignature) || !isPresent(form.clientSignature);
}

/** Spec section 4: a check sheet without an operator signature is a draft item (the client may sign later). */
export function isDraftCheckSheet(form: ListedForm): boolean {
  if (isCompletedStatus(form.status)) return false;
  return !isPresent(form.operatorSignature);
}

export type ListCard<T, C> = TimesheetCard<T> | CheckSheetCard<C>;

export function isDraftItem(card: ListCard<ListedForm, ListedForm>): boolean {
  return card.type === "timesheet" ? isDraftTimesheet(card.form) : isDraftCheckSheet(card.form);
}

/** When a form last moved: a check sheet's submission, else its creation. */
function listedAt(card: ListCard<ListedForm, ListedCheckSheet>): string {
  if (card.type === "check-sheet" && isPresent(card.form.submittedAt)) return card.form.submittedAt;
  return card.form.createdAt;
}

/** Newest first; ties broken by id so the order never flickers between loads. */
function newestFirst(
  a: ListCard<ListedForm, ListedCheckSheet>,
  b: ListCard<ListedForm, ListedCheckSheet>,
): number {
  const at = listedAt(b).localeCompare(listedAt(a));
  if (at !== 0) return at;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function cards<T extends ListedForm, C extends ListedCheckSheet>(
  timesheets: readonly T[],
  checkSheets: readonly C[],
): ListCard<T, C>[] {
  return [...timesheets.map((t) => timesheetCard(t)), ...checkSheets.map((c) => checkSheetCard(c))];
}

/** The home drafts list: every draft item, newest first. */
export function draftList<T extends ListedForm, C extends ListedCheckSheet>(
  timesheets: readonly T[],
  checkSheets: readonly C[],
): ListCard<T, C>[] {
  return cards(timesheets, checkSheets).filter(isDraftItem).sort(newestFirst);
}

/** The completed list and driver history: status completed, approved, dispatched or archived, newest first. */
export function completedList<T extends ListedForm, C extends ListedCheckSheet>(
  timesheets: readonly T[],
  checkSheets: readonly C[],
): ListCard<T, C>[] {
  return cards(timesheets, checkSheets)
    .filter((card) => isCompletedStatus(card.form.status))
    .sort(newestFirst);
}
