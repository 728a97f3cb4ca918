import { useState } from "react";
import { validateChangePassword } from "../../../domain/accounts/password";
import { ChangePasswordRequestSchema } from "../../../domain/api/api";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { useT } from "../../lib/i18n";
import { parseRequest } from "../../lib/parse-request";
import { AccountDialogHeader, AccountForm, NewPasswordFields, useNewPassword } from "./account-form";
import { PasswordInput } from "./password-input";
import { postThenConfirm, useAccountSubmit } from "./use-account-submit";

interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in account's address; the server checks it against the session. */
  email: string;
}

export function ChangePasswordDialog({ open, onOpenChange, email }: ChangePasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <ChangePasswordForm email={email} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ChangePasswordForm({ email, onDone }: { email: string; onDone: () => void }) {
  const [current, setCurrent] = useState("");
  const password = useNewPassword();
  const { busy, problem, submit } = useAccountSubmit("change-password");
  const t = useT();

  const onSubmit = () =>
    submit(
      parseRequest(
        validateChangePassword({ current, new: password.next, confirm: password.confirm }, t),
        ChangePasswordRequestSchema,
        {
          email,
          currentPassword: current,
          newPassword: password.next,
        },
      ),
      (request) =>
        postThenConfirm("/api/drivers/change-password", request, onDone, t("auth.passwordChanged")),
    );

  return (
    <>
      <AccountDialogHeader title={t("auth.changePasswordTitle")}>
        {t("auth.changePasswordIntro")}
      </AccountDialogHeader>
      <AccountForm
        onSubmit={onSubmit}
        busy={busy}
        problem={problem}
        submitLabel={t("auth.changePasswordTitle")}
        busyLabel={t("auth.changingPassword")}
        fields={
          <>
            <PasswordInput
              label={t("auth.currentPassword")}
              value={current}
              onValueChange={setCurrent}
              autoComplete="current-password"
            />
            <NewPasswordFields password={password} />
          </>
        }
      >
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {t("auth.cancel")}
        </Button>
      </AccountForm>
    </>
  );
}
