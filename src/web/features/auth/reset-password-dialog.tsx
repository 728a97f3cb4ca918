import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { ResetPasswordRequestSchema } from "../../../domain/api";
import { MAX_EMAIL_LENGTH } from "../../../domain/constants";
import { messages } from "../../../domain/messages";
import { validateResetRequest } from "../../../domain/password";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { toast } from "../../components/ui/use-toast";
import { apiRequest } from "../../lib/api-client";
import { closeAuthDialog, openAuthDialog } from "../../lib/auth-dialog-store";
import { parseRequest } from "../../lib/parse-request";
import { FormAlert } from "./form-alert";
import { useAccountSubmit } from "./use-account-submit";

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
    return submit(
      parseRequest(validateResetRequest(values), ResetPasswordRequestSchema, values),
      async (request) => {
        await apiRequest("POST", "/api/drivers/reset-password", request);
        closeAuthDialog();
        toast({ title: messages.passwordResetSent, variant: "success" });
      },
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Reset Password</DialogTitle>
        <DialogDescription>
          Enter your account's email address and we will email you a link to set a new password.
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          value={email}
          onValueChange={setEmail}
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={MAX_EMAIL_LENGTH}
        />
        <FormAlert problem={problem} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
          {busy ? "Sending..." : "Send Reset Link"}
        </Button>
        <Button variant="outline" onClick={() => openAuthDialog("login", email)} disabled={busy}>
          Back to Login
        </Button>
      </form>
    </>
  );
}
