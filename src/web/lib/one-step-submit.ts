import { useCallback, useRef, useState } from "react";
import { type OneStepResponse, OneStepResponseSchema } from "../../domain/api";
import { messages, type Notice } from "../../domain/messages";
import { serverMessage } from "../../domain/server-message";
import { toast } from "../components/ui/use-toast";
import { sendThroughOutbox } from "../offline/outbox";
import { ApiError, apiRequest, InvalidResponseError, NetworkError } from "./api-client";
import { getSession } from "./session-store";

/** The server answered, but with success false. */
export class OneStepRejectedError extends Error {
  override readonly name = "OneStepRejectedError";
}

/**
 * Posts a one-step completion (timesheet or check sheet) and returns the answer. A reply that is not
 * the `{ success, message }` JSON is an invalid response; success false throws its message or the
 * spec's 'One-step completion failed'.
 */
export async function postOneStep(url: string, body: unknown): Promise<OneStepResponse> {
  return parseOneStepReply(await apiRequest<unknown>("POST", url, body));
}

function parseOneStepReply(reply: unknown): OneStepResponse {
  const parsed = OneStepResponseSchema.safeParse(reply);
  if (!parsed.success) throw new InvalidResponseError(200);
  if (!parsed.data.success) {
    throw new OneStepRejectedError(parsed.data.message.trim() || messages.oneStepCompletionFailed);
  }
  return parsed.data;
}

/** The 'Submission Failed' toast for each way a one-step submission fails (spec section 8). */
export function oneStepFailureNotice(error: unknown): Notice {
  if (error instanceof NetworkError) return messages.oneStepFailed(messages.submissionNetworkFailed);
  if (error instanceof ApiError)
    return messages.oneStepFailed(messages.submissionFailed(serverMessage(error)));
  if (error instanceof InvalidResponseError) return messages.oneStepFailed(messages.invalidResponseFormat);
  if (error instanceof OneStepRejectedError) return messages.oneStepFailed(error.message);
  return messages.oneStepFailed(null);
}

/** Where a submission goes when it cannot be sent now, and how the driver finds it again. */
export interface OneStepOfflineOptions {
  /** What the waiting list calls it, e.g. "Timesheet, week ending 07/06/2025". */
  label: string;
  /** The device's copy of the form (localFormKey): deleted once sent, reopened if the server refuses it. */
  formKey?: string | null;
  /** Where the driver fixes it if the server refuses it later. */
  fixUrl?: string | null;
  /**
   * One key per form (e.g. `one-step:${formId}`): a second tap on a form already waiting to be sent is then
   * answered by the server with the first answer, not mailed twice. Without it each submission gets its own.
   */
  idempotencyKey?: string;
  /**
   * No signal (or the session ended): the submission is kept on this device and sent later. Without this
   * callback the 'Saved on this phone' toast says so.
   */
  onQueued?: (reason: "offline" | "needs-login") => void;
}

/**
 * One-step submit as spec section 4 has it: a busy flag is set, the call made, on success the caller's
 * completion runs (its toast, its reset), on failure the failure toast; the busy flag is cleared either way.
 * The call goes through the outbox with an Idempotency-Key: without signal it waits there and is sent,
 * exactly once, when the signal returns, and the screen says so instead of failing.
 */
export function useOneStepSubmit(onFailure: (notice: Notice) => void) {
  const [submitting, setSubmitting] = useState(false);
  // A second tap while the first request runs must not send the form twice.
  const running = useRef(false);
  const submit = useCallback(
    async (
      url: string,
      body: unknown,
      onSuccess: (reply: OneStepResponse) => void,
      offline: OneStepOfflineOptions = { label: "Form submission" },
    ): Promise<void> => {
      if (running.current) return;
      running.current = true;
      setSubmitting(true);
      try {
        const outcome = await sendThroughOutbox({
          method: "POST",
          url,
          body,
          label: offline.label,
          formKey: offline.formKey ?? null,
          fixUrl: offline.fixUrl ?? null,
          idempotencyKey: offline.idempotencyKey,
          // Signed in, the form is completed into the account: only that account may send it later.
          owner: getSession()?.driverName ?? null,
        });
        if (outcome.kind === "sent") {
          onSuccess(parseOneStepReply(outcome.reply));
        } else if (outcome.kind === "refused") {
          onFailure(oneStepFailureNotice(outcome.error));
        } else {
          const reason = outcome.kind === "queued" ? "offline" : "needs-login";
          // Too much sent for now: kept and sent later by itself, and the driver is told why it waits.
          const waitingFor = outcome.kind === "queued" ? outcome.waitingFor : undefined;
          if (waitingFor) toast({ ...messages.savedOnPhoneLimited(waitingFor), variant: "success" });
          if (offline.onQueued) offline.onQueued(reason);
          else if (!waitingFor) {
            const notice = reason === "offline" ? messages.savedOnPhoneNotice : messages.savedOnPhoneSignIn;
            toast({ ...notice, variant: "success" });
          }
        }
      } catch (error) {
        onFailure(oneStepFailureNotice(error));
      } finally {
        running.current = false;
        setSubmitting(false);
      }
    },
    [onFailure],
  );
  return { submitting, submit };
}
