import Monitor from "lucide-react/icons/monitor";
import Moon from "lucide-react/icons/moon";
import Sun from "lucide-react/icons/sun";
import { lazy, Suspense, useState } from "react";
import type { MessageKey } from "../../domain/text/i18n/translate";
import { useT } from "../lib/i18n";
import { readThemeChoice, storeThemeChoice, type ThemeChoice } from "../lib/theme";
import { Button } from "./ui/button";
import { useLazyMenu } from "./use-lazy-menu";

const loadThemeMenu = () => import("./theme-menu");
const ThemeMenu = lazy(async () => ({ default: (await loadThemeMenu()).ThemeMenu }));

const labels: Record<ThemeChoice, MessageKey> = {
  light: "theme.light",
  dark: "theme.dark",
  system: "theme.system",
};
const icons: Record<ThemeChoice, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

/** Light, dark or follow the phone; the choice is remembered on this device. */
export function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice);
  const menu = useLazyMenu(loadThemeMenu);
  const t = useT();

  const choose = (next: ThemeChoice) => {
    storeThemeChoice(next);
    setChoice(next);
  };
  const Icon = icons[choice];
  const standIn = (
    <Button
      ref={menu.standInRef}
      variant="ghost"
      size="icon"
      aria-label={t("theme.buttonLabel", { theme: t(labels[choice]) })}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={menu.openFromStandIn}
    >
      <Icon aria-hidden="true" className="size-5" />
    </Button>
  );
  if (!menu.ready) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ThemeMenu
        choice={choice}
        onChoose={choose}
        open={menu.open}
        onOpenChange={menu.setOpen}
        autoFocus={menu.takeFocus}
      />
    </Suspense>
  );
}
