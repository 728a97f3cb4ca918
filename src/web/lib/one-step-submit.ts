import { useCallback, useRef, useState } from "react";
import { type OneStepResponse, OneStepResponseSchema, serverMessage } from "../../domain/api";
import { messages, type Notice } from "../../domain/messages";
import { ApiError, apiRequest, InvalidResponseError, NetworkError } from "./api-client";

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
  const reply = await apiRequest<unknown>("POST", url, body);
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

/**
 * One-step submit as spec section 4 has it: a busy flag is set, the call made, on success the caller's
 * completion runs (its toast, its reset), on failure the failure toast; the busy flag is cleared either way.
 */
export function useOneStepSubmit(onFailure: (notice: Notice) => void) {
  const [submitting, setSubmitting] = useState(false);
  // A second tap while the first request runs must not send the form twice.
  const running = useRef(false);
  const submit = useCallback(
    async (url: string, body: unknown, onSuccess: (reply: OneStepResponse) => void): Promise<void> => {
      if (running.current) return;
      running.current = true;
      setSubmitting(true);
      try {
        const reply = await postOneStep(url, body);
        onSuccess(reply);
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
