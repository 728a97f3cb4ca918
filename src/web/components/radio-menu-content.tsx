import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import {
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
} from "./ui/dropdown-menu";

export interface MenuChoice {
  value: string;
  label: string;
  icon?: LucideIcon;
  /** The choice's language, when it is named in its own (a language menu). */
  lang?: string;
}

interface RadioMenuContentProps {
  /** The menu's heading. */
  label: string;
  /** The choice ticked; "" for none. */
  value: string;
  choices: readonly MenuChoice[];
  onChoose: (value: string) => void;
  /** Items after the choices, below a line. */
  footer?: ReactNode;
}

/** A menu of one-of-several choices, each with its icon, under its heading; the chosen one ticked. */
export function RadioMenuContent({ label, value, choices, onChoose, footer }: RadioMenuContentProps) {
  return (
    <DropdownMenuContent align="end">
      <DropdownMenuLabel>{label}</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={value} onValueChange={onChoose}>
        {choices.map(({ value: choice, label: choiceLabel, icon: Icon, lang }) => (
          <DropdownMenuRadioItem key={choice} value={choice} lang={lang}>
            {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
            {choiceLabel}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
      {footer ? (
        <>
          <DropdownMenuSeparator />
          {footer}
        </>
      ) : null}
    </DropdownMenuContent>
  );
}
