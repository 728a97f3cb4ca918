import { z } from "zod";
import { english } from "../text/i18n/english";
import type { MessageKey, Translator } from "../text/i18n/translate";

/** Spec sections 3 and 4. Which server-side transitions are allowed is a server decision. */
export const FORM_STATUSES = [
  "draft",
  "ready_for_approval",
  "approved",
  "dispatched",
  "completed",
  "archived",
] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];
export const FormStatusSchema = z.enum(FORM_STATUSES);

/** Statuses the completed list and driver history keep (spec section 4). */
export const COMPLETED_STATUSES = [
  "completed",
  "approved",
  "dispatched",
  "archived",
] as const satisfies readonly FormStatus[];
export type CompletedStatus = (typeof COMPLETED_STATUSES)[number];

/** Statuses whose forms may still be edited; the rest are approved, sent or filed. */
export const OPEN_STATUSES = ["draft", "ready_for_approval"] as const satisfies readonly FormStatus[];

const FORM_STATUS_KEYS: Readonly<Record<FormStatus, MessageKey>> = {
  draft: "formStatus.draft",
  ready_for_approval: "formStatus.readyForApproval",
  approved: "formStatus.approved",
  dispatched: "formStatus.dispatched",
  completed: "formStatus.completed",
  archived: "formStatus.archived",
};

/** A form's status in the reader's words: "Approved", "Zatwierdzony". */
export function formStatusLabel(status: FormStatus, t: Translator["t"] = english): string {
  return t(FORM_STATUS_KEYS[status]);
}

export function isFormStatus(value: unknown): value is FormStatus {
  return typeof value === "string" && (FORM_STATUSES as readonly string[]).includes(value);
}

export function isCompletedStatus(status: FormStatus | null | undefined): status is CompletedStatus {
  return (COMPLETED_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

export function isOpenStatus(status: FormStatus | null | undefined): boolean {
  return (OPEN_STATUSES as readonly (string | null | undefined)[]).includes(status);
}
