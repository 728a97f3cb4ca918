import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { ChangePasswordRequestSchema } from "../../../domain/api";
import { MAX_PASSWORD_LENGTH } from "../../../domain/constants";
import { messages } from "../../../domain/messages";
import { validateChangePassword } from "../../../domain/password";
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
import { parseRequest } from "../../lib/parse-request";
import { FormAlert } from "./form-alert";
import { PasswordInput } from "./password-input";
import { useAccountSubmit } from "./use-account-submit";

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
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const { busy, problem, submit } = useAccountSubmit("change-password");

  const onSubmit = () =>
    submit(
      parseRequest(validateChangePassword({ current, new: next, confirm }), ChangePasswordRequestSchema, {
        email,
        currentPassword: current,
        newPassword: next,
      }),
      async (request) => {
        await apiRequest("POST", "/api/drivers/change-password", request);
        onDone();
        toast({ title: messages.passwordChanged, variant: "success" });
      },
    );

  return (
    <>
      <DialogHeader>
        <DialogTitle>Change Password</DialogTitle>
        <DialogDescription>
          Enter your current password, then the new one twice. Other devices signed in to this account are
          logged out.
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
        <PasswordInput
          label="Current Password"
          value={current}
          onValueChange={setCurrent}
          autoComplete="current-password"
          maxLength={MAX_PASSWORD_LENGTH}
        />
        <PasswordInput
          label="New Password"
          value={next}
          onValueChange={setNext}
          autoComplete="new-password"
          maxLength={MAX_PASSWORD_LENGTH}
        />
        <PasswordInput
          label="Confirm New Password"
          value={confirm}
          onValueChange={setConfirm}
          autoComplete="new-password"
          maxLength={MAX_PASSWORD_LENGTH}
        />
        <FormAlert problem={problem} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
          {busy ? "Changing Password..." : "Change Password"}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
      </form>
    </>
  );
}
