import { STORAGE_KEYS } from "../../domain/forms/constants";
import { localStore } from "./local-store";

export type ThemeChoice = "light" | "dark" | "system";

export const THEME_CHOICES: readonly ThemeChoice[] = ["light", "dark", "system"];

const darkQuery = "(prefers-color-scheme: dark)";

function isThemeChoice(value: string | null): value is ThemeChoice {
  return value === "light" || value === "dark" || value === "system";
}

/** The stored choice; anything missing or unrecognised means system (the design's default). */
export function readThemeChoice(): ThemeChoice {
  const stored = localStore.get(STORAGE_KEYS.theme);
  return isThemeChoice(stored) ? stored : "system";
}

/** Puts the `dark` class (Tailwind's class strategy) and the matching color-scheme on <html>. */
export function applyThemeChoice(choice: ThemeChoice): void {
  const dark = choice === "dark" || (choice === "system" && window.matchMedia(darkQuery).matches);
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  // Native controls (date pickers, scrollbars) follow the page theme instead of the OS one.
  root.style.colorScheme = dark ? "dark" : "light";
}

export function storeThemeChoice(choice: ThemeChoice): void {
  localStore.set(STORAGE_KEYS.theme, choice);
  applyThemeChoice(choice);
}

/** Follows OS theme changes while the choice is system; returns the unsubscribe function. */
export function followSystemTheme(): () => void {
  const media = window.matchMedia(darkQuery);
  const onChange = () => {
    if (readThemeChoice() === "system") applyThemeChoice("system");
  };
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}
