import { messages } from "../../../domain/text/messages";
import { ApiError, NetworkError } from "../../lib/api-client";
import { failureText } from "../../lib/failure-text";

/** What an account form shows when it cannot go on: the message, and for a refused login the spec's hint. */
export interface FormProblem {
  message: string;
  hint?: string;
}

export type AccountCall = "login" | "register" | "change-password" | "reset-password";

/** The spec's failure wording (section 8) for each account call, with its no-connection variant. */
export function authFailure(call: AccountCall, error: unknown): FormProblem {
  const offline = error instanceof NetworkError;
  switch (call) {
    case "login":
      if (offline) return { message: messages.loginNetworkFailed };
      return {
        message: messages.loginFailed(failureText(error)),
        // The hint is about the address and password, so it only follows an answer from the server about them:
        // a driver told to wait (429) is not sent to check the password or make a new account.
        hint: error instanceof ApiError && error.status !== 429 ? messages.loginFailedHint : undefined,
      };
    case "register":
      return {
        message: offline
          ? messages.accountCreationNetworkFailed
          : messages.accountCreationFailed(failureText(error)),
      };
    case "change-password":
      return { message: messages.passwordChangeFailed(failureText(error)) };
    case "reset-password":
      return { message: messages.passwordResetFailed(failureText(error)) };
  }
}
