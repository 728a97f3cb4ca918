import { currentOwner } from "../lib/session-store";
import { CUSTOMERS_URL, ORDER_RULE_URL } from "./cache-names";
import { publishOutboxCounts } from "./offline-status-store";
import { flushOutbox, listOutbox, onOutboxChange, onOutboxLanded, resumeAfterLogin, sendNow } from "./outbox";
import { countOutbox } from "./outbox-schedule";

async function refreshCounts(): Promise<void> {
  try {
    publishOutboxCounts(countOutbox(await listOutbox()));
  } catch (error) {
    console.warn("Could not read the outbox", error);
  }
}

/**
 * A queued write reached the server (now, or long after it was made): every list that shows the account's forms
 * loads afresh, so the driver sees their own work without a reload.
 */
async function refreshLists(): Promise<void> {
  try {
    const [{ appQueryClient }, { refreshAccountForms }] = await Promise.all([
      import("../lib/query-scope"),
      import("../lib/use-account-forms"),
    ]);
    await refreshAccountForms(appQueryClient);
  } catch (error) {
    console.warn("Could not refresh the lists", error);
  }
}

/** The queue changed: the signed-in driver's lists show the saves waiting in it at once, signal or not. */
async function showWaiting(): Promise<void> {
  const owner = currentOwner();
  if (owner === null) return;
  try {
    const [{ appQueryClient }, { showWaitingSaves }] = await Promise.all([
      import("../lib/query-scope"),
      import("../lib/use-account-forms"),
    ]);
    await showWaitingSaves(appQueryClient, owner);
  } catch (error) {
    console.warn("Could not show the saves waiting to send", error);
  }
}

/** With signal, refreshes the customer list, the fleet and the order rule the service worker keeps offline. */
function refreshReferenceData(): void {
  if (!navigator.onLine || !navigator.serviceWorker?.controller) return;
  for (const url of [CUSTOMERS_URL, "/api/vehicles", ORDER_RULE_URL]) {
    void fetch(url, { credentials: "include" }).catch(() => {
      // Kept from the last time; nothing to tell the driver.
    });
  }
}

/**
 * Sends what waits on this device whenever there is a chance: now (the app started), when the browser says
 * the signal is back, and when the app comes back to the foreground; keeps the header's counts current.
 */
export function startOutboxSync(): () => void {
  const hurry = () => {
    void sendNow().catch((error: unknown) => console.warn("Could not send the outbox", error));
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") void flushOutbox();
  };
  const stopListening = onOutboxChange(() => {
    void refreshCounts();
    void showWaiting();
  });
  const stopLanded = onOutboxLanded(() => void refreshLists());
  window.addEventListener("online", hurry);
  document.addEventListener("visibilitychange", onVisible);
  void refreshCounts();
  hurry();
  refreshReferenceData();
  return () => {
    stopListening();
    stopLanded();
    window.removeEventListener("online", hurry);
    document.removeEventListener("visibilitychange", onVisible);
  };
}

/** The driver signed in (again): what waited for them goes out. */
export function sendAfterLogin(driver: string): void {
  void resumeAfterLogin(driver).catch((error: unknown) => console.warn("Could not resume the outbox", error));
}
