import { useState } from "react";
import { validateLogin } from "../../../domain/accounts/password";
import { LoginRequestSchema } from "../../../domain/api/api";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { useT } from "../../lib/i18n";
import { parseRequest } from "../../lib/parse-request";
import { getAccountEmail, useSessionExpired } from "../../lib/session-store";
import { useLogout } from "../../lib/use-logout";
import { AccountDialogHeader, AccountForm, EmailField } from "./account-form";
import { useSignIn } from "./api/use-sign-in";
import { PasswordInput } from "./password-input";
import { useAccountSubmit } from "./use-account-submit";

/**
 * The session has ended (30 minutes without use, or the working day's cap): asks to log in over the screen the
 * person was on, which stays as it was under the dialog, typed text and all. Logging in as the same account
 * closes it and nothing else moves; Log out leaves as a logout does. Escape and a tap outside do nothing: the
 * screen behind cannot be worked without a session.
 */
export function SessionExpiredDialog() {
  const expired = useSessionExpired();
  return (
    <Dialog open={expired}>
      <DialogContent
        closable={false}
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        {expired ? <LogInAgainForm /> : null}
      </DialogContent>
    </Dialog>
  );
}

function LogInAgainForm() {
  // The address the session was signed in with, when this tab logged in.
  const [email, setEmail] = useState(getAccountEmail);
  const [password, setPassword] = useState("");
  const { busy, problem, submit } = useAccountSubmit("login");
  const signIn = useSignIn();
  const logout = useLogout();
  const t = useT();

  const onSubmit = () => {
    const values = { email, password };
    return submit(parseRequest(validateLogin(values, t), LoginRequestSchema, values), (request) =>
      signIn("/api/drivers/login", request),
    );
  };

  return (
    <>
      <AccountDialogHeader title={t("auth.sessionExpiredTitle")}>
        {t("auth.sessionExpiredDescription")}
      </AccountDialogHeader>
      <AccountForm
        onSubmit={onSubmit}
        busy={busy}
        problem={problem}
        submitLabel={t("auth.logIn")}
        busyLabel={t("auth.loggingIn")}
        fields={
          <>
            <EmailField value={email} onValueChange={setEmail} />
            <PasswordInput
              label={t("auth.password")}
              value={password}
              onValueChange={setPassword}
              autoComplete="current-password"
            />
          </>
        }
      >
        <Button variant="outline" size="lg" onClick={() => void logout()} disabled={busy}>
          {t("auth.logOut")}
        </Button>
      </AccountForm>
    </>
  );
}
