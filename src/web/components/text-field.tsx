import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { useT } from "../lib/i18n";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "id"> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Remembered values offered as the driver types (a datalist, so any text is still allowed). */
  suggestions?: readonly string[];
  /** Advice or a problem under the field, read out with it. */
  hint?: ReactNode;
}

/** How near its limit a field starts saying how much room is left. */
const LIMIT_WARNING_CHARACTERS = 20;

/**
 * A labelled input of a form step, with optional suggestions and a hint tied to it for screen readers. A field
 * with a length limit says so as the limit nears, instead of stopping silently.
 */
export function TextField({ label, value, onValueChange, suggestions, hint, ...props }: TextFieldProps) {
  const t = useT();
  const id = useId();
  const listId = `${id}-suggestions`;
  const hintId = `${id}-hint`;
  const limitId = `${id}-limit`;
  const { maxLength } = props;
  const nearLimit =
    typeof maxLength === "number" && maxLength > LIMIT_WARNING_CHARACTERS * 2
      ? value.length >= maxLength - LIMIT_WARNING_CHARACTERS
      : false;
  const describedBy = [hint ? hintId : null, nearLimit ? limitId : null].filter(Boolean).join(" ");
  const hasSuggestions = suggestions !== undefined && suggestions.length > 0;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        list={hasSuggestions ? listId : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hasSuggestions ? (
        <datalist id={listId}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      ) : null}
      <p
        id={limitId}
        aria-live="polite"
        className={nearLimit ? "mt-1 text-sm font-medium text-amber-900 dark:text-amber-200" : "sr-only"}
      >
        {nearLimit && maxLength !== undefined
          ? value.length >= maxLength
            ? t("field.limitReached", { limit: String(maxLength) })
            : t("field.limitNear", {
                used: String(value.length),
                limit: String(maxLength),
                left: maxLength - value.length,
              })
          : null}
      </p>
      {hint ? (
        <div id={hintId} className="mt-1.5 text-sm text-slate-700 dark:text-slate-300">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
