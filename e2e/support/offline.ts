import { expect, type Page } from "@playwright/test";

/** The service worker has installed and controls this page: from now on the app opens without a network. */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every form copy the app keeps on this phone (IndexedDB), as JSON; "" before the app has made its store. */
async function deviceCopies(page: Page): Promise<string> {
  return page.evaluate(async () => {
    // Opening a database that does not exist yet would make an empty one the app then fails to upgrade.
    if (!(await indexedDB.databases()).some((info) => info.name === "plant-sheets")) return "";
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("plant-sheets");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains("forms")) return "";
      const forms = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction("forms").objectStore("forms").getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return JSON.stringify(forms);
    } finally {
      db.close();
    }
  });
}

/**
 * Waits until the phone's copy of the form in progress (written a moment after each change) holds `text`, so
 * that a reload or a new page load cannot cut the write short.
 */
export async function waitForDeviceCopy(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => deviceCopies(page), { message: `the phone's copy of the form holds ${text}` })
    .toContain(text);
}
