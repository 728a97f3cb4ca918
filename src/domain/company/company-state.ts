import { z } from "zod";
import type { FormKind } from "../forms/form-spec";
import type { FormStatus } from "../forms/form-status";

/**
 * One vocabulary for a company member's form and week (decision record 040), the same on the phone, the desk,
 * mails, PDFs and webhooks. It is worked out from a stored form's fields, never stored itself: the status says
 * whether the driver holds the form (draft) or has submitted it (any other status); the office's approval, its
 * send-back and an admin's reopening each keep when they happened, and the driver's resubmission keeps when and
 * which fields changed. The driver's personal approval statuses (approved, dispatched, completed) are all
 * "submitted" here: for a company member the office decides, not the driver.
 */
export const COMPANY_FORM_STATES = ["draft", "submitted", "sent_back", "approved", "reopened"] as const;
export type CompanyFormState = (typeof COMPANY_FORM_STATES)[number];

/** The stored fields the company's state of a form follows from. Times are ISO-8601 (they compare as text). */
export interface CompanyFormFacts {
  status: FormStatus;
  reviewApprovedAt: string | null;
  sentBackAt: string | null;
  reopenedAt: string | null;
  resubmittedAt: string | null;
  resubmittedChanges: readonly string[] | null;
}

/** A form's state and, on a form submitted again after it came back, the marker with what changed. */
export interface CompanyFormStatus {
  state: CompanyFormState;
  resubmitted: { at: string; changes: readonly string[] } | null;
}

/**
 * A form's state. Approved wins (the office's approval locks it). A draft the office returned is sent back or
 * reopened, by whichever happened last (a form can be reopened, resubmitted, then sent back); one never returned
 * is a plain draft. A submitted form that came back and was submitted again after its last return carries the
 * resubmitted marker.
 */
export function companyFormStatus(facts: CompanyFormFacts): CompanyFormStatus {
  if (facts.reviewApprovedAt !== null) return { state: "approved", resubmitted: null };
  const returnedAt = latest(facts.sentBackAt, facts.reopenedAt);
  if (facts.status === "draft") {
    if (returnedAt === null) return { state: "draft", resubmitted: null };
    return { state: facts.reopenedAt === returnedAt ? "reopened" : "sent_back", resubmitted: null };
  }
  const resubmitted =
    facts.resubmittedAt !== null && (returnedAt === null || facts.resubmittedAt >= returnedAt)
      ? { at: facts.resubmittedAt, changes: facts.resubmittedChanges ?? [] }
      : null;
  return { state: "submitted", resubmitted };
}

function latest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a >= b ? a : b;
}

/** States in which a form stops its week being approved: the driver holds it. */
export const BLOCKING_STATES = [
  "draft",
  "sent_back",
  "reopened",
] as const satisfies readonly CompanyFormState[];
export type BlockingState = (typeof BLOCKING_STATES)[number];

export function isBlocking(state: CompanyFormState): state is BlockingState {
  return (BLOCKING_STATES as readonly string[]).includes(state);
}

/** A week's forms, each with its id and kind, as the approval and the review read them. */
export interface CompanyWeekForm extends CompanyFormFacts {
  id: string;
  kind: FormKind;
}

/** The forms of a week that stop its approval, in the week's order, each with why. */
export function approvalBlockers(
  forms: readonly CompanyWeekForm[],
): Array<{ id: string; kind: CompanyWeekForm["kind"]; state: BlockingState }> {
  return forms.flatMap((form) => {
    const { state } = companyFormStatus(form);
    return isBlocking(state) ? [{ id: form.id, kind: form.kind, state }] : [];
  });
}

/** A form of a week the office approved, in the company's words, as the "set.approved" webhook carries it. */
export interface ApprovedForm {
  id: string;
  kind: CompanyWeekForm["kind"];
  state: "approved";
  /** The marker the form carried when it was approved: submitted again after a return, with what changed. */
  resubmitted: { at: string; changes: string[] } | null;
}

/**
 * A week as the office approves it, from its forms' facts just before: the week and every form approved (the
 * approval refuses a week with a form the driver holds), each form keeping the resubmitted marker it carried, and
 * the week resubmitted when any form was, so a receiver knows the approved version is an amended one.
 */
export function approvedWeek(forms: readonly CompanyWeekForm[]): {
  week: { state: "approved"; resubmitted: boolean };
  forms: ApprovedForm[];
} {
  const approved = forms.map((form): ApprovedForm => {
    const { resubmitted } = companyFormStatus({ ...form, reviewApprovedAt: null });
    return {
      id: form.id,
      kind: form.kind,
      state: "approved",
      resubmitted: resubmitted && { at: resubmitted.at, changes: [...resubmitted.changes] },
    };
  });
  return {
    week: { state: "approved", resubmitted: approved.some((form) => form.resubmitted !== null) },
    forms: approved,
  };
}

/**
 * A week's state from its forms: what the driver still has to do first (a form sent back, then reopened, then
 * a draft), approved only when every form is, else submitted; resubmitted when any submitted form carries the
 * marker. A week of no forms is a draft.
 */
export function companyWeekStatus(forms: readonly CompanyFormFacts[]): CompanyWeekStatus {
  return weekStatusOf(forms.map(companyFormStatus));
}

export interface CompanyWeekStatus {
  state: CompanyFormState;
  resubmitted: boolean;
}

/** A week's state from its forms' states (as the API answers them on each form). */
export function weekStatusOf(
  statuses: readonly Pick<CompanyFormStatus, "state" | "resubmitted">[],
): CompanyWeekStatus {
  const has = (state: CompanyFormState) => statuses.some((status) => status.state === state);
  const resubmitted = statuses.some((status) => status.resubmitted !== null);
  if (statuses.length === 0) return { state: "draft", resubmitted: false };
  for (const state of ["sent_back", "reopened", "draft"] as const) {
    if (has(state)) return { state, resubmitted: false };
  }
  if (statuses.every((status) => status.state === "approved"))
    return { state: "approved", resubmitted: false };
  return { state: "submitted", resubmitted };
}

/**
 * Fields a resubmission does not count as changed: how the form moves and is mailed, and the rating, which the
 * person finishing the form gives again each time.
 */
const NOT_CONTENT = new Set([
  "id",
  "status",
  "submittedAt",
  "submitViaEmail",
  "submitViaWhatsApp",
  "submissionEmails",
  "submissionWhatsApps",
  "supervisorRating",
  "supervisorNotes",
  "ratedAt",
  "createdAt",
  "updatedAt",
]);

/** Which of a form's fields differ between the version the office returned and the one submitted again, sorted. */
export function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((key) => !NOT_CONTENT.has(key) && sameValue(before[key], after[key]) === false)
    .sort();
}

/** Equal content, whatever the order of an object's keys; a missing field equals an empty one. */
function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (value === undefined || value === null || value === "") return "";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object") {
    return `{${Object.entries(value)
      .filter(([, v]) => canonical(v) !== "")
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * How the API answers a company member's form's state, on the form and on its list summary: the state, the
 * resubmitted marker, and the office's reason while the form is sent back or reopened. Absent or null on a form
 * of no company.
 */
export const CompanyFormAnswerSchema = z.object({
  state: z.enum(COMPANY_FORM_STATES),
  resubmitted: z.object({ at: z.string(), changes: z.array(z.string()) }).nullable(),
  reason: z.string().nullable(),
});
export type CompanyFormAnswer = z.infer<typeof CompanyFormAnswerSchema>;

/** The answer of a form from its facts and the office's reasons. */
export function companyFormAnswer(
  facts: CompanyFormFacts & { sentBackReason: string | null; reopenedReason: string | null },
): CompanyFormAnswer {
  const { state, resubmitted } = companyFormStatus(facts);
  const reason =
    state === "sent_back" ? facts.sentBackReason : state === "reopened" ? facts.reopenedReason : null;
  return {
    state,
    resubmitted: resubmitted && { at: resubmitted.at, changes: [...resubmitted.changes] },
    reason,
  };
}
