import type { LucideIcon } from "lucide-react";
import LoaderCircle from "lucide-react/icons/loader-circle";
import { type ReactNode, useState } from "react";
import { MAX_EMAIL_LENGTH } from "../../../domain/forms/constants";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { useT } from "../../lib/i18n";
import type { FormProblem } from "./auth-failure";
import { FormAlert } from "./form-alert";
import { PasswordInput } from "./password-input";

/** An account dialog's title and the sentence under it. */
export function AccountDialogHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{children}</DialogDescription>
    </DialogHeader>
  );
}

interface AccountFormProps {
  onSubmit: () => Promise<unknown>;
  busy: boolean;
  problem: FormProblem | null;
  submitLabel: string;
  /** The submit button's label while the request runs. */
  busyLabel: string;
  fields: ReactNode;
  /** The buttons under the submit button. */
  children?: ReactNode;
}

/** An account form: its fields, its one problem, the submit button (spinning while busy), then its other buttons. */
export function AccountForm({
  onSubmit,
  busy,
  problem,
  submitLabel,
  busyLabel,
  fields,
  children,
}: AccountFormProps) {
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {fields}
      <FormAlert problem={problem} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
        {busy ? busyLabel : submitLabel}
      </Button>
      {children}
    </form>
  );
}

interface EmailFieldProps {
  value: string;
  onValueChange: (value: string) => void;
}

/** The account's email address, typed without the phone's capitals and corrections. */
export function EmailField({ value, onValueChange }: EmailFieldProps) {
  const t = useT();
  return (
    <TextField
      label={t("auth.email")}
      type="email"
      inputMode="email"
      value={value}
      onValueChange={onValueChange}
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={MAX_EMAIL_LENGTH}
    />
  );
}

/** A new password as typed twice. */
export function useNewPassword() {
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  return { next, setNext, confirm, setConfirm };
}

/** The two fields of a new password. */
export function NewPasswordFields({ password }: { password: ReturnType<typeof useNewPassword> }) {
  const t = useT();
  return (
    <>
      <PasswordInput
        label={t("auth.newPassword")}
        value={password.next}
        onValueChange={password.setNext}
        autoComplete="new-password"
      />
      <PasswordInput
        label={t("auth.confirmNewPassword")}
        value={password.confirm}
        onValueChange={password.setConfirm}
        autoComplete="new-password"
      />
    </>
  );
}

/** What the server did, in place of the form once it is done. */
export function DoneStatus({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <p role="status" className="flex items-start gap-2 font-semibold">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" />
      {children}
    </p>
  );
}
