import type { ErrorText } from "../api/api-error";
import { isDraftCheckSheet, isDraftTimesheet } from "../forms/form-lists";
import { type FormStatus, isOpenStatus, OPEN_STATUSES } from "../forms/form-status";
import { type CombinedStatus, combinedStatus } from "./combined-status";
import type { PairableCheckSheet, PairableTimesheet } from "./pairing";
import { type LightForm, setFullySigned } from "./traffic-light";

/**
 * The steps a combined set takes on the server (spec sections 2 and 4): a green set's Get Approval
 * approves it; Email Dispatch sends an approved set; the approval dashboard's 'Email to Clients &
 * Complete' approves, sends and completes in one go; completion follows a dispatch; archive files a set
 * whose mail has gone out. The spec leaves the allowed server transitions open; these are ours.
 */
export const SET_ACTIONS = ["approve", "dispatch", "approve-and-complete", "complete", "archive"] as const;
export type SetAction = (typeof SET_ACTIONS)[number];

export const SET_TRANSITIONS: Readonly<Record<SetAction, { from: readonly FormStatus[]; to: FormStatus }>> = {
  approve: { from: OPEN_STATUSES, to: "approved" },
  dispatch: { from: ["approved"], to: "dispatched" },
  "approve-and-complete": { from: [...OPEN_STATUSES, "approved"], to: "completed" },
  complete: { from: ["dispatched"], to: "completed" },
  archive: { from: ["dispatched", "completed"], to: "archived" },
};

/** Where a set stands: its combined status, or 'open' while no member has reached approval. */
export type SetStage = CombinedStatus | "open";

export function setStage(members: readonly { status: FormStatus }[]): SetStage {
  const [timesheet, ...checkSheets] = members;
  if (!timesheet) return "open";
  return combinedStatus({ timesheet, checkSheets }) ?? "open";
}

/**
 * Why `action` cannot run on a set whose members have these statuses, or null. Every member must be in
 * one of the action's starting statuses: a set half approved and half draft is refused rather than
 * guessed at. The message names where the set stands.
 */
export function setTransitionProblem(
  action: SetAction,
  members: readonly { status: FormStatus }[],
): ErrorText | null {
  const { from } = SET_TRANSITIONS[action];
  if (members.length > 0 && members.every((member) => from.includes(member.status))) return null;
  return { key: setTransitionRefusal(action, setStage(members)) };
}

/** Why the server refuses a step of a combined set, by where the set stands. */
function setTransitionRefusal(action: SetAction, stage: SetStage): ErrorText["key"] {
  if (stage === "archived") return "apiError.setArchived";
  if (action === "archive") return "apiError.setArchiveNotAllowed";
  if (stage === "completed") return "apiError.setCompleted";
  if (action === "approve") return "apiError.setAlreadyApproved";
  if (action === "dispatch")
    return stage === "open" ? "apiError.setNotApproved" : "apiError.setAlreadyDispatched";
  if (action === "complete") return "apiError.setNotDispatched";
  return "apiError.setDispatchedArchiveInstead";
}

/** True when a single form in `status` may be archived (the same rule as for a whole set). */
export function canArchive(status: FormStatus): boolean {
  return SET_TRANSITIONS.archive.from.includes(status);
}

type SignedForm = LightForm & { id: string; createdAt: string };

/**
 * Get Approval needs the timesheet and every check sheet fully signed, every member still open (spec
 * section 2 offers it on green; a fully signed set with a submitted check sheet is orange by the spec's
 * order, and is let through too, or it could never be approved). Null when it may run, else why not.
 */
export function approvalProblem(
  timesheet: SignedForm & PairableTimesheet,
  checkSheets: readonly (SignedForm & PairableCheckSheet)[],
): ErrorText | null {
  const transition = setTransitionProblem("approve", [timesheet, ...checkSheets]);
  if (transition) return transition;
  return setFullySigned(timesheet, checkSheets) ? null : { key: "apiError.setNotSigned" };
}

/**
 * The approval dashboard collects the client's and foreman's signatures itself, so it asks of the forms
 * what the collation screen's Ready for Approval does: a timesheet signed by operator and client, and
 * every check sheet signed by its operator. An already approved set has passed that check.
 */
export function approveAndCompleteProblem(
  timesheet: SignedForm,
  checkSheets: readonly SignedForm[],
): ErrorText | null {
  const members = [timesheet, ...checkSheets];
  const transition = setTransitionProblem("approve-and-complete", members);
  if (transition) return transition;
  if (members.every((member) => !isOpenStatus(member.status))) return null;
  const ready = !isDraftTimesheet(timesheet) && checkSheets.every((sheet) => !isDraftCheckSheet(sheet));
  return ready ? null : { key: "apiError.setNotReadyForApproval" };
}
