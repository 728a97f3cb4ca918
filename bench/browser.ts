import { type Browser, chromium } from "@playwright/test";
import { chromiumPath } from "../e2e/chromium-path";

/** The flags every browser the bench starts runs with: nothing in the background that would skew a figure. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function requireChromium(): string {
  const path = chromiumPath();
  if (!path) throw new Error("no Chromium found: install it (apt-get install chromium) or set CHROMIUM_PATH");
  return path;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_FLAGS.slice(1) });
}
