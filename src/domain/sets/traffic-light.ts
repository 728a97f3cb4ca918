import type { FormCard } from "../forms/form-card";
import type { FormStatus } from "../forms/form-status";
import { isPresent, operatorPrintedName, type SignedFields } from "../forms/signatures";
import { english } from "../text/i18n/english";
import type { MessageKey, Translator } from "../text/i18n/translate";
import { type CombinedStatus, combinedStatus } from "./combined-status";
import type { PairableCheckSheet, PairableTimesheet } from "./pairing";

export const TRAFFIC_LIGHTS = [
  "archived",
  "completed",
  "dispatched",
  "approved",
  "green",
  "orange",
  "red",
] as const;
export type TrafficLight = (typeof TRAFFIC_LIGHTS)[number];

/** What a card's light reads of a form. */
export type LightForm = SignedFields & { status: FormStatus };

const PROGRESS_STATUSES: readonly FormStatus[] = ["archived", "completed", "dispatched", "approved"];

function progressStatus(status: FormStatus): CombinedStatus | null {
  return PROGRESS_STATUSES.includes(status) ? (status as CombinedStatus) : null;
}

function hasAnySignature(form: LightForm): boolean {
  return isPresent(form.operatorSignature) || isPresent(form.clientSignature);
}

/** A timesheet is fully signed with both the operator's and the client's signature. */
export function timesheetFullySigned(form: LightForm): boolean {
  return isPresent(form.operatorSignature) && isPresent(form.clientSignature);
}

/** A check sheet is fully signed with both signatures and both printed names. */
export function checkSheetFullySigned(form: LightForm): boolean {
  return (
    timesheetFullySigned(form) && isPresent(operatorPrintedName(form)) && isPresent(form.clientSignedName)
  );
}

/** Spec section 4: green with both signatures, orange with one, else red. */
function timesheetLight(form: LightForm): TrafficLight {
  const status = progressStatus(form.status);
  if (status) return status;
  if (timesheetFullySigned(form)) return "green";
  if (hasAnySignature(form)) return "orange";
  return "red";
}

/**
 * Spec section 4, in its order: ready_for_approval is orange; green with both signatures and
 * both printed names; orange with the operator signature or both names; else red.
 */
function checkSheetLight(form: LightForm): TrafficLight {
  const status = progressStatus(form.status);
  if (status) return status;
  if (form.status === "ready_for_approval") return "orange";
  if (checkSheetFullySigned(form)) return "green";
  const bothNames = isPresent(operatorPrintedName(form)) && isPresent(form.clientSignedName);
  if (isPresent(form.operatorSignature) || bothNames) return "orange";
  return "red";
}

/**
 * Spec section 4, in its order: the set's status first; orange if any part is
 * ready_for_approval and at least one side is signed; green when the timesheet and every check
 * sheet are fully signed; orange when partly signed; else red.
 */
function combinedLight(timesheet: LightForm, checkSheets: readonly LightForm[]): TrafficLight {
  const status = combinedStatus({ timesheet, checkSheets });
  if (status) return status;
  const members = [timesheet, ...checkSheets];
  const anySigned = members.some(hasAnySignature);
  if (anySigned && members.some((m) => m.status === "ready_for_approval")) return "orange";
  if (timesheetFullySigned(timesheet) && checkSheets.every(checkSheetFullySigned)) return "green";
  if (anySigned) return "orange";
  return "red";
}

type LightCard = FormCard<PairableTimesheet & LightForm, PairableCheckSheet & LightForm>;

/** The traffic light of a draft-list card. */
export function trafficLight(card: LightCard): TrafficLight {
  switch (card.type) {
    case "timesheet":
      return timesheetLight(card.form);
    case "check-sheet":
      return checkSheetLight(card.form);
    case "combined":
      return combinedLight(card.timesheet, card.checkSheets);
  }
}

const STATUS_LABELS: Readonly<Record<CombinedStatus, MessageKey>> = {
  archived: "formStatus.archived",
  completed: "status.completedEmailed",
  dispatched: "status.dispatchedReadyForArchive",
  approved: "status.approvedReadyForDispatch",
};

const COMBINED_LABELS: Readonly<Record<"green" | "orange" | "red", MessageKey>> = {
  green: "status.readyForClientApproval",
  orange: "status.readyForSupervisorDispatch",
  red: "status.formsNeedCompletion",
};

/**
 * The card's label (spec section 4). A single form says Ready for Approval when green and
 * Needs Completion otherwise; status lights read the same on every card.
 */
export function cardLabel(card: LightCard, t: Translator["t"] = english): string {
  const light = trafficLight(card);
  if (light !== "green" && light !== "orange" && light !== "red") return t(STATUS_LABELS[light]);
  if (card.type === "combined") return t(COMBINED_LABELS[light]);
  return t(light === "green" ? "formStatus.readyForApproval" : "status.needsCompletion");
}

export type CardAction =
  | "get-approval"
  | "supervisor-dispatch"
  | "email-dispatch"
  | "archive"
  | "review-set"
  | "continue"
  | "delete";

/**
 * Every form of a set signed by the operator and the client, with printed names: what Get Approval needs.
 * A submitted (ready_for_approval) check sheet counts like any other, so a set submitted the normal way
 * reaches Get Approval once signed, although the spec's order keeps its light orange.
 */
export function setFullySigned(timesheet: LightForm, checkSheets: readonly LightForm[]): boolean {
  return timesheetFullySigned(timesheet) && checkSheets.every(checkSheetFullySigned);
}

/**
 * What the approval dashboard's 'Email to Clients & Complete' asks of the forms: the timesheet signed by
 * operator and client, every check sheet by its operator (the client and foreman sign on the dashboard).
 */
export function readyForSupervisorDispatch(timesheet: LightForm, checkSheets: readonly LightForm[]): boolean {
  return timesheetFullySigned(timesheet) && checkSheets.every((sheet) => isPresent(sheet.operatorSignature));
}

/**
 * What a card offers (spec section 2): a combined set gives Get Approval when fully signed (green, or
 * orange only because a check sheet was submitted), the approval dashboard's dispatch when orange and its
 * forms are signed by their operators, Email
 * Dispatch when approved, Archive when dispatched, and always Review Set and delete. A set
 * completed on the approval dashboard has had its mail sent too, so it can be archived as well;
 * without that it would stay on the list for good. A single form can be continued in its wizard
 * or deleted.
 */
export function cardActions(card: LightCard): CardAction[] {
  if (card.type !== "combined") return ["continue", "delete"];
  const light = trafficLight(card);
  const actions: CardAction[] = [];
  const open = light === "green" || light === "orange";
  // Orange reads 'Ready for Supervisor Email Dispatch': it offers the dashboard's dispatch once the forms
  // allow it, and Get Approval too once every form is fully signed.
  if (open && setFullySigned(card.timesheet, card.checkSheets)) actions.push("get-approval");
  if (light === "orange" && readyForSupervisorDispatch(card.timesheet, card.checkSheets)) {
    actions.push("supervisor-dispatch");
  }
  if (light === "approved") actions.push("email-dispatch");
  if (light === "dispatched" || light === "completed") actions.push("archive");
  actions.push("review-set", "delete");
  return actions;
}
