import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { LoginResponse } from "../../../../domain/api/api";
import { apiRequest } from "../../../lib/api-client";
import { appPaths } from "../../../lib/app-paths";
import { closeAuthDialog } from "../../../lib/auth-dialog-store";
import { adoptAccountLocale } from "../../../lib/i18n";
import { takeReturnAfterSignIn } from "../../../lib/return-after-sign-in";
import { getSession, isSessionExpired, startSession } from "../../../lib/session-store";
import { currentDriverQueryKey } from "../../../lib/use-current-driver";

/**
 * Sends a call whose answer is a new session (a login, or a sign-up link opened), then takes the driver to the
 * Operator Dashboard as signed in, or back to the invitation they were asked to sign in for. Logging in again
 * after the session ended, as the same account, moves nothing: the screen and what is typed on it stay.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  return async (url: string, body: unknown): Promise<void> => {
    const answer = await apiRequest<LoginResponse>("POST", url, body);
    void adoptAccountLocale(answer.language).catch((error: unknown) =>
      console.warn("Could not switch to the account's language", error),
    );
    if (isSessionExpired() && getSession()?.accountId === answer.accountId) {
      queryClient.setQueryData(currentDriverQueryKey, answer);
      startSession(answer.accountId, answer.fullName, answer.email);
      closeAuthDialog();
      // What failed while the session was over (a list, a review) is read again; the rest stays as it is.
      void queryClient.refetchQueries({ predicate: (query) => query.state.status === "error" });
      return;
    }
    // Whatever the previous driver on this phone left in the cache, or kept for offline, is not this driver's.
    queryClient.clear();
    void import("../../../offline/kept-lists")
      .then((kept) => kept.forgetOtherAccounts(answer.accountId))
      .catch((error: unknown) => console.warn("Could not clear other accounts' lists", error));
    queryClient.setQueryData(currentDriverQueryKey, answer);
    // Counted on this device's clock, which is what the local 30-minute timer runs on.
    startSession(answer.accountId, answer.fullName, answer.email);
    closeAuthDialog();
    navigate(takeReturnAfterSignIn() ?? appPaths.home("forms"));
    window.scrollTo({ top: 0 });
  };
}
