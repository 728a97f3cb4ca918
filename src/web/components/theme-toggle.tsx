import { Monitor, Moon, Sun } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { preloadWhenIdle } from "../lib/preload-when-idle";
import { readThemeChoice, storeThemeChoice, type ThemeChoice } from "../lib/theme";
import { Button } from "./ui/button";

const loadThemeMenu = () => import("./theme-menu");
const ThemeMenu = lazy(async () => ({ default: (await loadThemeMenu()).ThemeMenu }));

const labels: Record<ThemeChoice, string> = { light: "Light", dark: "Dark", system: "System" };
const icons: Record<ThemeChoice, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

/**
 * Light, dark or follow the phone; the choice is remembered on this device. The menu's code (a dropdown with
 * its positioning) is not part of the first screen: a plain button stands in until it has loaded, shortly after
 * the page is idle, and a press before then opens the menu as soon as it arrives.
 */
export function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice);
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const [takeFocus, setTakeFocus] = useState(false);
  const placeholder = useRef<HTMLButtonElement>(null);

  const showMenu = () =>
    loadThemeMenu().then(() => {
      setTakeFocus(document.activeElement === placeholder.current);
      setReady(true);
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: scheduled once, on mount.
  useEffect(() => preloadWhenIdle(showMenu), []);

  const choose = (next: ThemeChoice) => {
    storeThemeChoice(next);
    setChoice(next);
  };
  const Icon = icons[choice];
  const standIn = (
    <Button
      ref={placeholder}
      variant="ghost"
      size="icon"
      aria-label={`Theme: ${labels[choice]}`}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => {
        setOpen(true);
        void showMenu();
      }}
    >
      <Icon aria-hidden="true" className="size-5" />
    </Button>
  );
  if (!ready) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ThemeMenu choice={choice} onChoose={choose} open={open} onOpenChange={setOpen} autoFocus={takeFocus} />
    </Suspense>
  );
}
