import {
  CombinedSubmissionRequestSchema,
  type DispatchResponse,
  type EmailDispatchRequest,
  EmailDispatchRequestSchema,
  type SupervisorEmailDispatchRequest,
} from "../../../../domain/api/api";
import type { FormCard } from "../../../../domain/forms/form-card";
import type { CombinedSet } from "../../../../domain/sets/pairing";
import { english } from "../../../../domain/text/i18n/english";
import type { Translator } from "../../../../domain/text/i18n/translate";
import { messages } from "../../../../domain/text/messages";
import { apiRequest, NetworkError } from "../../../lib/api-client";
import { failureText } from "../../../lib/failure-text";
import type { StoredCheckSheet, StoredTimesheet } from "../../../lib/use-account-forms";

export type SupervisorCard = FormCard<StoredTimesheet, StoredCheckSheet>;
export type SupervisorSet = CombinedSet<StoredTimesheet, StoredCheckSheet>;

/** One stored form of a card, and the address it lives at. */
export interface CardMember {
  path: string;
  id: string;
}

export function cardMembers(card: SupervisorCard): CardMember[] {
  switch (card.type) {
    case "timesheet":
      return [{ path: "/api/timesheets", id: card.id }];
    case "check-sheet":
      return [{ path: "/api/check-sheets", id: card.id }];
    case "combined":
      return [
        { path: "/api/timesheets", id: card.timesheet.id },
        ...card.checkSheets.map((sheet) => ({ path: "/api/check-sheets", id: sheet.id })),
      ];
  }
}

function memberUrl(member: CardMember): string {
  return `${member.path}/${encodeURIComponent(member.id)}`;
}

/** Deletes every form of the card. All are attempted; the first failure is reported after. */
export async function deleteCard(card: SupervisorCard): Promise<void> {
  await settleAll(cardMembers(card).map((member) => apiRequest<void>("DELETE", memberUrl(member))));
}

/** Archive: status archived on the timesheet and on every check sheet of the set (spec section 4). */
export async function archiveSet(set: SupervisorSet): Promise<void> {
  await settleAll(
    cardMembers(set).map((member) => apiRequest<void>("PUT", memberUrl(member), { status: "archived" })),
  );
}

/** Waits for every call, then fails with the first failure, so one refusal does not leave others unsent. */
async function settleAll(calls: readonly Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(calls);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) throw failed.reason;
}

/** Get Approval on a green set: the set goes to the server, which submits it by email. */
export async function submitCombinedSet(set: SupervisorSet): Promise<DispatchResponse | null> {
  const body = CombinedSubmissionRequestSchema.parse({
    combinedId: set.id,
    timesheet: set.timesheet,
    checkSheets: set.checkSheets,
  });
  return apiRequest<DispatchResponse>("POST", "/api/combined-submission", body);
}

/** The Email Dispatch dialog's request, or the spec's message for what is missing. */
export function emailDispatchRequest(
  combinedId: string,
  recipients: string[],
  message: string,
): { request: EmailDispatchRequest; problem?: undefined } | { request?: undefined; problem: string } {
  const parsed = EmailDispatchRequestSchema.safeParse({ combinedId, emailAddresses: recipients, message });
  if (parsed.success) return { request: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? messages.emailAddressRequired };
}

/** Email Dispatch; the server's answer names everyone the pack went to. */
export async function dispatchSet(request: EmailDispatchRequest): Promise<DispatchResponse | null> {
  return apiRequest<DispatchResponse>("POST", "/api/supervisor/email-dispatch", request);
}

/** The combined approval screen's dispatch: the signed pack goes to everyone named. */
export async function dispatchCombinedApproval(
  request: SupervisorEmailDispatchRequest,
): Promise<Partial<DispatchResponse>> {
  return apiRequest<Partial<DispatchResponse>>("POST", "/api/supervisor-email-dispatch", request);
}

/** 'Submission failed: ...' for Get Approval (spec section 8). */
export function submissionFailure(error: unknown, t: Translator["t"] = english): string {
  return error instanceof NetworkError
    ? t("supervisor.submissionNetworkFailed")
    : t("supervisor.submissionFailed", { reason: failureText(error) });
}

/** 'Email dispatch failed: ...' (spec section 8). */
export function dispatchFailure(error: unknown, t: Translator["t"] = english): string {
  return error instanceof NetworkError
    ? t("supervisor.dispatchNetworkFailed")
    : t("supervisor.dispatchFailed", { reason: failureText(error) });
}

/** A single form's delete failure, with the connection variant (spec section 8). */
export function deleteFailure(card: SupervisorCard, error: unknown, t: Translator["t"] = english): string {
  if (card.type === "combined") return t("supervisor.deleteFormsFailed");
  return t(
    error instanceof NetworkError ? "supervisor.deleteFormNetworkFailed" : "supervisor.deleteFormFailed",
  );
}
