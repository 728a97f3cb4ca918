import { existsSync } from "node:fs";

const candidates = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];

/** The system Chromium the e2e tests drive; Playwright never downloads its own browser here. */
export function chromiumPath(): string | undefined {
  return candidates.find((path): path is string => Boolean(path) && existsSync(path as string));
}
