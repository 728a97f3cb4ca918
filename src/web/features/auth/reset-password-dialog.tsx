import { useState } from "react";
import { validateResetRequest } from "../../../domain/accounts/password";
import { ResetPasswordRequestSchema } from "../../../domain/api/api";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { closeAuthDialog, openAuthDialog } from "../../lib/auth-dialog-store";
import { useT } from "../../lib/i18n";
import { parseRequest } from "../../lib/parse-request";
import { AccountDialogHeader, AccountForm, EmailField } from "./account-form";
import { postThenConfirm, useAccountSubmit } from "./use-account-submit";

/** Forgot Password: asks for the address and has the server email a single-use link. */
export function ResetPasswordDialog({ open, email }: { open: boolean; email: string }) {
  return (
    <Dialog open={open} onOpenChange={(next) => next || closeAuthDialog()}>
      <DialogContent>
        <ResetPasswordForm initialEmail={email} />
      </DialogContent>
    </Dialog>
  );
}

function ResetPasswordForm({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const { busy, problem, submit } = useAccountSubmit("reset-password");
  const t = useT();

  const onSubmit = () => {
    const values = { email };
    return submit(
      parseRequest(validateResetRequest(values, t), ResetPasswordRequestSchema, values),
      (request) =>
        postThenConfirm("/api/drivers/reset-password", request, closeAuthDialog, t("auth.passwordResetSent")),
    );
  };

  return (
    <>
      <AccountDialogHeader title={t("auth.resetPasswordTitle")}>{t("auth.resetIntro")} </AccountDialogHeader>
      <AccountForm
        onSubmit={onSubmit}
        busy={busy}
        problem={problem}
        submitLabel={t("auth.sendResetLink")}
        busyLabel={t("auth.sending")}
        fields={<EmailField value={email} onValueChange={setEmail} />}
      >
        <Button variant="outline" onClick={() => openAuthDialog("login", email)} disabled={busy}>
          {t("auth.backToLogin")}
        </Button>
      </AccountForm>
    </>
  );
}
