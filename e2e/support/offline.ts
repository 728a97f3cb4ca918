import type { Page } from "@playwright/test";

/** The service worker has installed and controls this page: from now on the app opens without a network. */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
