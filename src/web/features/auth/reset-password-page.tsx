import CircleCheck from "lucide-react/icons/circle-check";
import { useState } from "react";
import { useLocation, useSearchParams } from "wouter";
import { validateNewPassword } from "../../../domain/accounts/password";
import { ResetPasswordConfirmRequestSchema } from "../../../domain/api/api";
import { ScreenLayout } from "../../components/screen-layout";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { openAuthDialog } from "../../lib/auth-dialog-store";
import { useT } from "../../lib/i18n";
import { parseRequest } from "../../lib/parse-request";
import { AccountForm, DoneStatus, NewPasswordFields, useNewPassword } from "./account-form";
import { confirmPasswordReset } from "./api/account-requests";
import { FormAlert } from "./form-alert";
import { useAccountSubmit } from "./use-account-submit";

/** Where the emailed reset link lands: a new password, held to the change-password rules. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  // A link cut short by a mail client cannot work; say so before asking for a password.
  const usable = ResetPasswordConfirmRequestSchema.shape.token.safeParse(token).success;
  const t = useT();

  return (
    <ScreenLayout
      title={t("auth.resetPasswordTitle")}
      back={{ href: appPaths.home(), label: t("auth.home") }}
    >
      {usable ? <NewPasswordForm token={token} /> : <InvalidLink />}
    </ScreenLayout>
  );
}

/** Home, with the dialog the driver needs next already open. */
function useGoHomeTo() {
  const [, navigate] = useLocation();
  return (view: "login" | "reset-password") => {
    navigate(appPaths.home());
    openAuthDialog(view);
  };
}

function InvalidLink() {
  const goHomeTo = useGoHomeTo();
  const t = useT();
  return (
    <Card className="grid gap-4">
      <FormAlert problem={{ message: t("auth.resetLinkInvalid") }} />
      <Button size="lg" onClick={() => goHomeTo("reset-password")}>
        {t("auth.requestNewLink")}
      </Button>
    </Card>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const password = useNewPassword();
  const [done, setDone] = useState(false);
  const { busy, problem, submit } = useAccountSubmit("reset-password");
  const goHomeTo = useGoHomeTo();
  const t = useT();

  if (done) {
    return (
      <Card className="grid gap-4">
        <DoneStatus icon={CircleCheck}>{t("auth.passwordResetDone")}</DoneStatus>
        <Button size="lg" onClick={() => goHomeTo("login")}>
          {t("auth.logIn")}
        </Button>
      </Card>
    );
  }

  const onSubmit = () =>
    submit(
      parseRequest(
        validateNewPassword({ new: password.next, confirm: password.confirm }, t),
        ResetPasswordConfirmRequestSchema,
        {
          token,
          newPassword: password.next,
        },
      ),
      async (request) => {
        await confirmPasswordReset(request);
        setDone(true);
      },
    );

  return (
    <Card>
      <AccountForm
        onSubmit={onSubmit}
        busy={busy}
        problem={problem}
        submitLabel={t("auth.setNewPassword")}
        busyLabel={t("auth.saving")}
        fields={
          <>
            <p className="text-slate-700 dark:text-slate-300">{t("auth.newPasswordIntro")}</p>
            <NewPasswordFields password={password} />
          </>
        }
      >
        <Button variant="ghost" onClick={() => goHomeTo("reset-password")} disabled={busy}>
          {t("auth.requestNewLink")}
        </Button>
      </AccountForm>
    </Card>
  );
}
