import { type OneStepResponse, OneStepResponseSchema } from "../../../../domain/forms/one-step";
import { messages, type Notice } from "../../../../domain/text/messages";
import { ApiError, InvalidResponseError, NetworkError } from "../../../lib/api-client";
import { failureText } from "../../../lib/failure-text";

/** The server answered, but with success false. */
export class OneStepRejectedError extends Error {
  override readonly name = "OneStepRejectedError";
}

/**
 * A one-step completion's answer (timesheet or check sheet). A reply that is not the `{ success, message }` JSON
 * is an invalid response; success false throws its message or the spec's 'One-step completion failed'.
 */
export function parseOneStepReply(reply: unknown): OneStepResponse {
  const parsed = OneStepResponseSchema.safeParse(reply);
  if (!parsed.success) throw new InvalidResponseError(200);
  if (!parsed.data.success) {
    throw new OneStepRejectedError(parsed.data.message.trim() || messages.oneStepCompletionFailed);
  }
  return parsed.data;
}

/** The 'Submission Failed' toast for each way a one-step submission fails (spec section 8). */
export function oneStepFailureNotice(error: unknown): Notice {
  if (error instanceof NetworkError) return messages.oneStepFailedWith("supervisor.submissionNetworkFailed");
  if (error instanceof ApiError)
    return messages.oneStepFailedWith("supervisor.submissionFailed", { reason: failureText(error) });
  if (error instanceof InvalidResponseError) return messages.oneStepFailedWith("failure.invalidResponse");
  if (error instanceof OneStepRejectedError) {
    // The server's own reason stays as given; the app's own is worded in the reader's language.
    return error.message === messages.oneStepCompletionFailed
      ? messages.oneStepFailedWith("oneStep.completionFailed")
      : messages.oneStepFailed(error.message);
  }
  return messages.oneStepFailed(null);
}
