import { Monitor, Moon, Sun } from "lucide-react";
import { THEME_CHOICES, type ThemeChoice } from "../lib/theme";
import { RadioMenuContent } from "./radio-menu-content";
import { Button } from "./ui/button";
import { DropdownMenu, DropdownMenuTrigger } from "./ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "./ui/tooltip";

export const themeLabels: Record<ThemeChoice, string> = { light: "Light", dark: "Dark", system: "System" };
export const themeIcons: Record<ThemeChoice, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

function isThemeChoice(value: string): value is ThemeChoice {
  return (THEME_CHOICES as readonly string[]).includes(value);
}

const themeMenuChoices = THEME_CHOICES.map((option) => ({
  value: option,
  label: themeLabels[option],
  icon: themeIcons[option],
}));

export interface ThemeMenuProps {
  choice: ThemeChoice;
  onChoose: (choice: ThemeChoice) => void;
  /** Controlled, so a press on the stand-in button before this code arrived still opens it. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Take the focus the placeholder button had. */
  autoFocus?: boolean;
}

/** The theme button with its menu of light, dark and system. */
export function ThemeMenu({ choice, onChoose, open, onOpenChange, autoFocus }: ThemeMenuProps) {
  const Icon = themeIcons[choice];

  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Theme: ${themeLabels[choice]}`}
              // Hands over the focus of the stand-in button this one replaces.
              autoFocus={autoFocus}
            >
              <Icon aria-hidden="true" className="size-5" />
            </Button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>Theme</TooltipContent>
      </Tooltip>
      <RadioMenuContent
        label="Theme"
        value={choice}
        choices={themeMenuChoices}
        onChoose={(value) => {
          if (isThemeChoice(value)) onChoose(value);
        }}
      />
    </DropdownMenu>
  );
}
