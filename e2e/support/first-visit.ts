import type { Page } from "@playwright/test";

/** Holds every request for the app's code back, as a weak signal does; returns the call that lets it through. */
export async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    // The page may have gone on (a link followed) while the request was held.
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** Collects console errors, uncaught errors and any note that prerendered markup was replaced. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.text().startsWith("Prerendered markup replaced")) {
      problems.push(message.text());
    }
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}
