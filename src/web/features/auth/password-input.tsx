import Eye from "lucide-react/icons/eye";
import EyeOff from "lucide-react/icons/eye-off";
import { type InputHTMLAttributes, useId, useState } from "react";
import { MAX_PASSWORD_LENGTH } from "../../../domain/forms/constants";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { useT } from "../../lib/i18n";

interface PasswordInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id" | "value" | "onChange"> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * A labelled password field with a show/hide switch: typing a password with cold fingers on a small
 * keyboard goes wrong often, and seeing it is the quickest fix.
 */
export function PasswordInput({ label, value, onValueChange, ...props }: PasswordInputProps) {
  const id = useId();
  const t = useT();
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={shown ? "text" : "password"}
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className="pe-12"
          maxLength={MAX_PASSWORD_LENGTH}
          {...props}
        />
        <button
          type="button"
          aria-label={t("auth.showPassword", { label })}
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((current) => !current)}
          className="absolute inset-y-0 end-0 inline-flex w-12 items-center justify-center rounded-e-lg text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>
  );
}
