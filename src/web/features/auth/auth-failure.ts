import type { Wording } from "../../../domain/accounts/password";
import { english } from "../../../domain/text/i18n/english";
import { ApiError, NetworkError } from "../../lib/api-client";
import { failureText } from "../../lib/failure-text";

/** What an account form shows when it cannot go on: the message, and for a refused login the spec's hint. */
export interface FormProblem {
  message: string;
  hint?: string;
}

export type AccountCall = "login" | "register" | "change-password" | "reset-password";

/** A server message worth showing, or nothing: blank text counts as nothing. */
function given(message: string): string | null {
  return message.trim() !== "" ? message.trim() : null;
}

/**
 * The spec's failure wording (section 8) for each account call, with its no-connection variant, in the reader's
 * language (English unless `t` says otherwise); the server's own words are shown as they came.
 */
export function authFailure(call: AccountCall, error: unknown, t: Wording = english): FormProblem {
  const offline = error instanceof NetworkError;
  switch (call) {
    case "login":
      if (offline) return { message: t("auth.loginNetworkFailed") };
      return {
        message: t("auth.loginFailed", { reason: failureText(error) }),
        // The hint is about the address and password, so it only follows an answer from the server about them:
        // a driver told to wait (429) is not sent to check the password or make a new account.
        hint: error instanceof ApiError && error.status !== 429 ? t("auth.loginFailedHint") : undefined,
      };
    case "register":
      return {
        message: offline
          ? t("auth.accountCreationNetworkFailed")
          : t("auth.accountCreationFailed", { reason: failureText(error) }),
      };
    case "change-password": {
      const reason = given(failureText(error));
      return {
        message: reason ? t("auth.passwordChangeFailed", { reason }) : t("auth.passwordChangeFailedRetry"),
      };
    }
    case "reset-password": {
      const reason = given(failureText(error));
      return {
        message: reason ? t("auth.passwordResetFailed", { reason }) : t("auth.passwordResetFailedRetry"),
      };
    }
  }
}
