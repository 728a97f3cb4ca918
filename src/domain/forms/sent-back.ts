import { z } from "zod";
import {
  type CompanyFormAnswer,
  CompanyFormAnswerSchema,
  type CompanyFormState,
  type CompanyFormStatus,
} from "../company/company-state";
import { english } from "../text/i18n/english";
import type { Translator } from "../text/i18n/translate";
import { DAYS, dayLabel } from "../time/days";
import { fieldLabel, isLabelledField } from "./field-labels";
import type { FormKind } from "./form-spec";

/**
 * A form the company's office sent back to its driver (decision record 029): the driver's own read of the form
 * answers `sentBack: { reason, at }` until the next approval. Kept apart from company-messages.ts so that the
 * driver's screens carry only these few words of the company layer.
 */
export const SentBackSchema = z.object({ reason: z.string(), at: z.string() });
export type SentBack = z.infer<typeof SentBackSchema>;

/** The send-back a form answer carries, or null when it has none (or none that reads as one). */
export function sentBackOf(form: unknown): SentBack | null {
  if (typeof form !== "object" || form === null || !("sentBack" in form)) return null;
  const parsed = SentBackSchema.safeParse(form.sentBack);
  return parsed.success && parsed.data.reason.trim() !== "" ? parsed.data : null;
}

/** The reasons of a set's forms sent back, each once, in the forms' order (one reason often covers the set). */
export function sentBackReasons(forms: readonly unknown[]): string[] {
  return [...new Set(forms.flatMap((form) => sentBackOf(form)?.reason ?? []))];
}

/** What the driver reads on the form and its card. */
export const sentBackHeading = english("sentBack.heading");

/** The company's vocabulary of a member's form and week (decision record 040), as every screen, mail and PDF says it. */
const COMPANY_STATE_KEYS = {
  draft: "company.state.draft",
  submitted: "company.state.submitted",
  sent_back: "company.state.sent_back",
  approved: "company.state.approved",
  reopened: "company.state.reopened",
} as const satisfies Record<CompanyFormState, string>;

/** A form's or week's state in the reader's words (English unless a `t` is given). */
export function companyStateLabel(state: CompanyFormState, t: Translator["t"] = english): string {
  return t(COMPANY_STATE_KEYS[state]);
}

export const COMPANY_STATE_LABELS: Readonly<Record<CompanyFormState, string>> = {
  draft: companyStateLabel("draft"),
  submitted: companyStateLabel("submitted"),
  sent_back: companyStateLabel("sent_back"),
  approved: companyStateLabel("approved"),
  reopened: companyStateLabel("reopened"),
};

/** The marker on a submitted form that came back and was submitted again. */
export const resubmittedLabel = english("company.state.resubmitted");

/** A form's state in words: "Submitted", or "Resubmitted" with the marker. */
export function companyStatusLabel(status: CompanyFormStatus, t: Translator["t"] = english): string {
  return status.resubmitted ? t("company.state.resubmitted") : companyStateLabel(status.state, t);
}

/** A field's name in words, for what changed on a resubmitted form: "Friday Finish", "Plant/Registration Number". */
export function changedFieldWords(field: string, t: Translator["t"] = english): string {
  if (isLabelledField(field)) return fieldLabel(field, t);
  const day = DAYS.find((name) => field.startsWith(name));
  const rest = day ? field.slice(day.length) : field;
  const words = rest.replace(/([a-z0-9])([A-Z])/g, "$1 $2");
  const spaced = words.charAt(0).toUpperCase() + words.slice(1);
  return day ? `${dayLabel(day, t)} ${spaced}` : spaced;
}

/** "Changed: Friday Finish, Total Hours", or that nothing was changed. */
export function changedFieldsText(changes: readonly string[], t: Translator["t"] = english): string {
  return changes.length === 0
    ? t("company.nothingChanged")
    : t("company.changedFields", { fields: changes.map((field) => changedFieldWords(field, t)).join(", ") });
}

/** The finish of a company member's form: to the office, with the client's copy by mail. */
export const submitToOfficeLabel = english("wizard.submitToOffice");

/** The home screen's banner: which forms the office returned, each with its reason. */
export function returnedFormsBanner(
  sentBack: number,
  reopened: number,
  t: Translator["t"] = english,
): string {
  const parts = [
    sentBack > 0 ? t("home.returnedSentBack", { count: sentBack }) : null,
    reopened > 0 ? t("home.returnedReopened", { count: reopened }) : null,
  ].filter((part) => part !== null);
  return t("home.returnedBanner", { forms: parts.join(", ") });
}
export const reopenedHeading = english("sentBack.reopenedHeading");
/** Above a returned form the driver opens. */
export const returnedFormHint = english("sentBack.hint");

/** The way into a returned form from the home screen and history. */
export const fixFormLabel = english("home.fixAndSubmit");

/** A returned form's state and reason (sent back or reopened), or null for any other. */
export function returnedState(
  answer: { state: CompanyFormState; reason: string | null } | null | undefined,
): { state: "sent_back" | "reopened"; reason: string | null } | null {
  if (!answer || (answer.state !== "sent_back" && answer.state !== "reopened")) return null;
  return { state: answer.state, reason: answer.reason };
}

/** The company's state a form answer carries, or null when it has none (a form of no company). */
export function companyStateOf(form: unknown): CompanyFormAnswer | null {
  if (typeof form !== "object" || form === null || !("companyState" in form)) return null;
  const parsed = CompanyFormAnswerSchema.safeParse(form.companyState);
  return parsed.success ? parsed.data : null;
}

/** A returned form named on the home screen: "Timesheet, week ending 14/06/2025", "Check sheet of 10/06/2025". */
export function returnedFormTitle(kind: FormKind, date: string, t: Translator["t"] = english): string {
  if (kind === "off-hire") return t("home.returnedOffHire", { date });
  return kind === "timesheet"
    ? t("home.returnedTimesheet", { date })
    : t("home.returnedCheckSheet", { date });
}

/** A week's state in words: "Sent back", "Submitted", "Resubmitted" when a form of it came back and went in again. */
export function companyWeekLabel(
  week: { state: CompanyFormState; resubmitted: boolean },
  t: Translator["t"] = english,
): string {
  return week.state === "submitted" && week.resubmitted
    ? t("company.state.resubmitted")
    : companyStateLabel(week.state, t);
}
