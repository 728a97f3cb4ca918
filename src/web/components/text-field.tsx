import { type InputHTMLAttributes, type ReactNode, useId } from "react";
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

/** A labelled input of a form step, with optional suggestions and a hint tied to it for screen readers. */
export function TextField({ label, value, onValueChange, suggestions, hint, ...props }: TextFieldProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const hintId = `${id}-hint`;
  const hasSuggestions = suggestions !== undefined && suggestions.length > 0;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        list={hasSuggestions ? listId : undefined}
        aria-describedby={hint ? hintId : undefined}
        {...props}
      />
      {hasSuggestions ? (
        <datalist id={listId}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      ) : null}
      {hint ? (
        <div id={hintId} className="mt-1.5 text-sm text-slate-700 dark:text-slate-300">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
