import type { Kysely } from "kysely";
import type { CheckSheetFields } from "../../domain/checks/check-sheet";
import type { Amendment } from "../../domain/company/office-review";
import { type FormStatus, OPEN_STATUSES } from "../../domain/forms/form-status";
import type { OffHireNoteFields } from "../../domain/hire/off-hire-note";
import type { TimesheetFields } from "../../domain/hours/timesheet";
import { buildCollations, type CollationEntry } from "../../domain/sets/collation";
import { type SetAction, setTransitionProblem } from "../../domain/sets/combined-transitions";
import { combinedSetId, pairForms } from "../../domain/sets/pairing";
import { AppError } from "../app-error";
import type { Account } from "../db/accounts-repository";
import { getForm, listForms, type StoredForm } from "../db/forms-repository";
import type { DB } from "../db/schema";
import { apiForm } from "./form-answers";
import type { AuditAction, AuditEvent } from "./record-audit";
import type { ServiceDeps } from "./service-deps";

/**
 * A stored form as the rules read it: its fields with the row's id, status and times, and why an admin reopened
 * it after the company approved it, if one did.
 */
export type StoredTimesheet = TimesheetFields & {
  id: string;
  status: FormStatus;
  createdAt: string;
  amendedAfterApproval?: Amendment;
};
export type StoredCheckSheet = CheckSheetFields & { id: string; status: FormStatus; createdAt: string };

/** A combined set as read from the database: never the copies a client sent. */
export interface SetForms {
  timesheet: StoredTimesheet;
  checkSheets: StoredCheckSheet[];
  viewToken: string | null;
  /** Whether a company's supervisor or admin approved any form of it: locked from then (decision record 029). */
  companyApproved: boolean;
}

/** A stored timesheet as the rules read it: its fields were checked against its schema when saved. */
export function asTimesheet(stored: StoredForm): StoredTimesheet {
  return apiForm(stored) as StoredTimesheet;
}

export function asCheckSheet(stored: StoredForm): StoredCheckSheet {
  return apiForm(stored) as StoredCheckSheet;
}

export type StoredOffHireNote = OffHireNoteFields & { id: string; status: FormStatus; createdAt: string };

/** A stored off-hire note as the rules read it. */
export function asOffHireNote(stored: StoredForm): StoredOffHireNote {
  return apiForm(stored) as StoredOffHireNote;
}

export const setNotFound = () => new AppError("not_found", "apiError.setNotFound");

/**
 * Reads a set's forms by id for this owner. Any id that is not the owner's answers 404, exactly like one
 * that does not exist. Check sheets deleted since the set was stored are skipped when `allowMissing`.
 */
export async function loadSetForms(
  db: Kysely<DB>,
  ownerId: string,
  timesheetId: string,
  checkSheetIds: readonly string[],
  options: { allowMissing?: boolean } = {},
): Promise<SetForms> {
  const timesheet = await getForm(db, "timesheet", ownerId, timesheetId);
  if (!timesheet) throw setNotFound();
  const checkSheets: StoredCheckSheet[] = [];
  let companyApproved = timesheet.reviewApprovedAt !== null;
  for (const id of new Set(checkSheetIds)) {
    const sheet = await getForm(db, "check-sheet", ownerId, id);
    if (sheet) checkSheets.push(asCheckSheet(sheet));
    else if (!options.allowMissing) throw setNotFound();
    companyApproved ||= sheet?.reviewApprovedAt != null;
  }
  checkSheets.sort((a, b) => a.checkDate.localeCompare(b.checkDate) || a.id.localeCompare(b.id));
  return { timesheet: asTimesheet(timesheet), checkSheets, viewToken: timesheet.viewToken, companyApproved };
}

/**
 * 409 when the company approved the set: the client's and foreman's signatures and the rating would change what
 * was approved. Dispatching or filing an approved set changes nothing of it, and stays open to its driver.
 */
export function refuseCompanyApproved(set: SetForms): void {
  if (set.companyApproved) throw new AppError("conflict", "apiError.formApprovedByCompany");
}

/** 409 with the domain's reason when `action` may not run on the set. */
export function assertTransition(action: SetAction, set: SetForms): void {
  const problem = setTransitionProblem(action, [set.timesheet, ...set.checkSheets]);
  if (problem) throw new AppError("conflict", problem);
}

/**
 * The set is what the domain pairing rule makes of the owner's open forms, exactly: the same check sheets,
 * none missing and none extra. Open forms only, as on the collation screen: approved and later ones belong
 * to sets already stored.
 */
export async function assertOpenPairing(db: Kysely<DB>, ownerId: string, set: SetForms): Promise<void> {
  const [timesheets, checkSheets] = await Promise.all([
    listForms(db, "timesheet", ownerId, { statuses: OPEN_STATUSES }),
    listForms(db, "check-sheet", ownerId, { statuses: OPEN_STATUSES }),
  ]);
  const pairing = pairForms(timesheets.map(asTimesheet), checkSheets.map(asCheckSheet));
  const found = pairing.combined.find((combined) => combined.timesheet.id === set.timesheet.id);
  const expected = (found?.checkSheets ?? []).map((sheet) => sheet.id).sort();
  const given = set.checkSheets.map((sheet) => sheet.id).sort();
  if (expected.length === 0 || expected.join() !== given.join()) {
    throw new AppError("conflict", "apiError.setChanged");
  }
}

/** One audit event per form of the set, each naming the set. */
export function setAuditEvents(
  set: SetForms,
  action: AuditAction,
  details: Record<string, unknown> = {},
): AuditEvent[] {
  const common = { combinedId: combinedSetId(set.timesheet.id), ...details };
  return [
    { formType: "timesheet", formId: set.timesheet.id, action, details: common },
    ...set.checkSheets.map(
      (sheet): AuditEvent => ({ formType: "check-sheet", formId: sheet.id, action, details: common }),
    ),
  ];
}

/** The account's weeks as the collation screen lists them: each timesheet with its check sheets, and the strays. */
export async function listOwnCollations(deps: ServiceDeps, account: Account): Promise<CollationEntry[]> {
  const { db } = deps.database;
  const [timesheets, checkSheets] = await Promise.all([
    listForms(db, "timesheet", account.id),
    listForms(db, "check-sheet", account.id),
  ]);
  return buildCollations(timesheets.map(asTimesheet), checkSheets.map(asCheckSheet));
}
