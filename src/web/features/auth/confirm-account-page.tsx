import { useId, useState } from "react";
import { useLocation, useSearchParams } from "wouter";
import { validateConfirmAccount } from "../../../domain/accounts/password";
import {
  RegisterConfirmRequestSchema,
  RegisterLinkQuerySchema,
  type RegisterLinkResponse,
} from "../../../domain/api/api";
import { LoadingScreen } from "../../components/loading-screen";
import { ScreenLayout } from "../../components/screen-layout";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ApiError } from "../../lib/api-client";
import { appPaths } from "../../lib/app-paths";
import { openAuthDialog } from "../../lib/auth-dialog-store";
import { useT } from "../../lib/i18n";
import { parseRequest } from "../../lib/parse-request";
import { AccountForm } from "./account-form";
import { useSignUpLink } from "./api/account-requests";
import { useSignIn } from "./api/use-sign-in";
import { authFailure, type FormProblem } from "./auth-failure";
import { FormAlert } from "./form-alert";
import { PasswordInput } from "./password-input";
import { useAccountSubmit } from "./use-account-submit";

/**
 * Where the emailed sign-up link lands. Opening it makes nothing: the page says whose account the link makes,
 * the driver chooses the password there and creates the account with the button, and is then signed in and on
 * the Operator Dashboard as after a login. So a link sent by someone else signs no one in by being opened, and
 * whoever signed up with another person's address chose no password for them.
 */
export function ConfirmAccountPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  // A link cut short by a mail client cannot work; say so without asking the server.
  const usable = RegisterLinkQuerySchema.safeParse({ token }).success;
  const link = useSignUpLink(token, usable);
  const t = useT();

  return (
    <ScreenLayout title={t("auth.createAccount")} back={{ href: appPaths.home(), label: t("auth.home") }}>
      {!usable ? (
        <LinkProblem problem={{ message: t("auth.registrationLinkInvalid") }} />
      ) : link.isError ? (
        // No answer at all (no signal) may be tried again; the server's refusal may not.
        <LinkProblem
          problem={authFailure("register", link.error, t)}
          onRetry={link.error instanceof ApiError ? undefined : () => void link.refetch()}
        />
      ) : link.isPending ? (
        <LoadingScreen label={t("auth.checkingLink")} />
      ) : (
        <ChoosePassword token={token} account={link.data} />
      )}
    </ScreenLayout>
  );
}

function ChoosePassword({ token, account }: { token: string; account: RegisterLinkResponse }) {
  const [password, setPassword] = useState("");
  const { busy, problem, submit } = useAccountSubmit("register");
  const signIn = useSignIn();
  const ruleId = useId();
  const t = useT();

  const onSubmit = () => {
    const values = { token, password };
    return submit(
      parseRequest(validateConfirmAccount(values, t), RegisterConfirmRequestSchema, values),
      (request) => signIn("/api/drivers/register/confirm", request),
    );
  };

  return (
    <Card>
      <AccountForm
        onSubmit={onSubmit}
        busy={busy}
        problem={problem}
        submitLabel={t("auth.createAccountButton")}
        busyLabel={t("auth.creatingAccount")}
        fields={
          <>
            <p className="font-semibold break-words">
              {t("auth.confirmAccountFor", { fullName: account.fullName, email: account.email })}
            </p>
            {/* The account's address, for the phone's password manager to save the password under. */}
            <input type="email" autoComplete="username" value={account.email} readOnly hidden />
            <div className="grid gap-1">
              <PasswordInput
                label={t("auth.password")}
                value={password}
                onValueChange={setPassword}
                autoComplete="new-password"
                aria-describedby={ruleId}
              />
              <p id={ruleId} className="text-sm text-slate-700 dark:text-slate-300">
                {t("auth.registerPasswordRule")}
              </p>
            </div>
            <p className="text-sm text-slate-700 dark:text-slate-300">{t("auth.confirmAccountNotYours")}</p>
          </>
        }
      />
    </Card>
  );
}

function LinkProblem({ problem, onRetry }: { problem: FormProblem; onRetry?: () => void }) {
  const [, navigate] = useLocation();
  const t = useT();
  const goHomeTo = (view: "login" | "register") => {
    navigate(appPaths.home());
    openAuthDialog(view);
  };
  return (
    <Card className="grid gap-4">
      <FormAlert problem={problem} />
      {onRetry ? (
        <Button size="lg" onClick={onRetry}>
          {t("auth.tryAgain")}
        </Button>
      ) : null}
      <Button size="lg" variant={onRetry ? "outline" : "primary"} onClick={() => goHomeTo("login")}>
        {t("auth.logIn")}
      </Button>
      <Button variant="outline" onClick={() => goHomeTo("register")}>
        {t("auth.createAccount")}
      </Button>
    </Card>
  );
}
