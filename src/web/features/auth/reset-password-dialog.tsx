import { useState } from "react";
import { validateResetRequest } from "../../../domain/accounts/password";
import { ResetPasswordRequestSchema } from "../../../domain/api/api";
import { messages } from "../../../domain/text/messages";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { closeAuthDialog, openAuthDialog } from "../../lib/auth-dialog-store";
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

  const onSubmit = () => {
    const values = { email };
    return submit(parseRequest(validateResetRequest(values), ResetPasswordRequestSchema, values), (request) =>
      postThenConfirm("/api/drivers/reset-password", request, closeAuthDialog, messages.passwordResetSent),
    );
  };

  return (
    <>
      <AccountDialogHeader title="Reset Password">
        Enter your account's email address and we will email you a link to set a new password.
      </AccountDialogHeader>
      <AccountForm
        onSubmit={onSubmit}
        busy={busy}
        problem={problem}
        submitLabel="Send Reset Link"
        busyLabel="Sending..."
        fields={<EmailField value={email} onValueChange={setEmail} />}
      >
        <Button variant="outline" onClick={() => openAuthDialog("login", email)} disabled={busy}>
          Back to Login
        </Button>
      </AccountForm>
    </>
  );
}
