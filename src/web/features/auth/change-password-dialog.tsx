import { useState } from "react";
import { validateChangePassword } from "../../../domain/accounts/password";
import { ChangePasswordRequestSchema } from "../../../domain/api/api";
import { messages } from "../../../domain/text/messages";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
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

  const onSubmit = () =>
    submit(
      parseRequest(
        validateChangePassword({ current, new: password.next, confirm: password.confirm }),
        ChangePasswordRequestSchema,
        {
          email,
          currentPassword: current,
          newPassword: password.next,
        },
      ),
      (request) => postThenConfirm("/api/drivers/change-password", request, onDone, messages.passwordChanged),
    );

  return (
    <>
      <AccountDialogHeader title="Change Password">
        Enter your current password, then the new one twice. Other devices signed in to this account are
        logged out.
      </AccountDialogHeader>
      <AccountForm
        onSubmit={onSubmit}
        busy={busy}
        problem={problem}
        submitLabel="Change Password"
        busyLabel="Changing Password..."
        fields={
          <>
            <PasswordInput
              label="Current Password"
              value={current}
              onValueChange={setCurrent}
              autoComplete="current-password"
            />
            <NewPasswordFields password={password} />
          </>
        }
      >
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
      </AccountForm>
    </>
  );
}
