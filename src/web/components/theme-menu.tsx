import Monitor from "lucide-react/icons/monitor";
import Moon from "lucide-react/icons/moon";
import Sun from "lucide-react/icons/sun";
import type { MessageKey } from "../../domain/text/i18n/translate";
import { useT } from "../lib/i18n";
import { THEME_CHOICES, type ThemeChoice } from "../lib/theme";
import { RadioMenuContent } from "./radio-menu-content";
import { Button } from "./ui/button";
import { DropdownMenu, DropdownMenuTrigger } from "./ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "./ui/tooltip";

export const themeLabels: Record<ThemeChoice, MessageKey> = {
  light: "theme.light",
  dark: "theme.dark",
  system: "theme.system",
};
export const themeIcons: Record<ThemeChoice, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

function isThemeChoice(value: string): value is ThemeChoice {
  return (THEME_CHOICES as readonly string[]).includes(value);
}

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
  const t = useT();
  const themeMenuChoices = THEME_CHOICES.map((option) => ({
    value: option,
    label: t(themeLabels[option]),
    icon: themeIcons[option],
  }));

  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("theme.buttonLabel", { theme: t(themeLabels[choice]) })}
              // Hands over the focus of the stand-in button this one replaces.
              autoFocus={autoFocus}
            >
              <Icon aria-hidden="true" className="size-5" />
            </Button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>{t("theme.label")}</TooltipContent>
      </Tooltip>
      <RadioMenuContent
        label={t("theme.label")}
        value={choice}
        choices={themeMenuChoices}
        onChoose={(value) => {
          if (isThemeChoice(value)) onChoose(value);
        }}
      />
    </DropdownMenu>
  );
}
