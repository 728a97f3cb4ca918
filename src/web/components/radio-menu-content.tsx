import type { LucideIcon } from "lucide-react";
import {
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
} from "./ui/dropdown-menu";

export interface MenuChoice {
  value: string;
  label: string;
  icon: LucideIcon;
}

interface RadioMenuContentProps {
  /** The menu's heading. */
  label: string;
  /** The choice ticked; "" for none. */
  value: string;
  choices: readonly MenuChoice[];
  onChoose: (value: string) => void;
}

/** A menu of one-of-several choices, each with its icon, under its heading; the chosen one ticked. */
export function RadioMenuContent({ label, value, choices, onChoose }: RadioMenuContentProps) {
  return (
    <DropdownMenuContent align="end">
      <DropdownMenuLabel>{label}</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={value} onValueChange={onChoose}>
        {choices.map(({ value: choice, label: choiceLabel, icon: Icon }) => (
          <DropdownMenuRadioItem key={choice} value={choice}>
            <Icon aria-hidden="true" className="size-4" />
            {choiceLabel}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </DropdownMenuContent>
  );
}
