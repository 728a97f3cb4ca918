import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { LIST_SHARED_MS } from "../src/web/lib/query-client";
import { acceptPrivacyBanner, test } from "./fixtures/app-test";
import { logIn, logInAgain } from "./fixtures/drivers";
import { waitForOfflineReady } from "./support/offline";
import { completeCheckSheet, createWeek, openSupervisorTab, screenshotBoth } from "./support/supervisor";
import { nextStep, startTimesheetFromHome } from "./support/timesheet-wizard";

// Two devices, or a device losing its signal, through several screens: longer than a screen check.
test.describe.configure({ timeout: 120_000 });

/** The same person's phone beside the desk: a browser of its own (cookies, storage), signed in to the account. */
async function phoneOf(browser: Browser, account: { fullName: string; email: string }): Promise<Page> {
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await acceptPrivacyBanner(context);
  const phone = await context.newPage();
  await logInAgain(phone, account);
  return phone;
}

/** How many times the page has asked the server for the account's timesheets. */
function countListReads(page: Page): () => number {
  let reads = 0;
  page.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === "/api/timesheets") reads += 1;
  });
  return () => reads;
}

/** The app goes to the background and comes back, as when a phone is unlocked or a desk's tab chosen again. */
async function leaveAndComeBack(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const state of ["hidden", "visible"] as const) {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
      Object.defineProperty(document, "hidden", { configurable: true, get: () => state === "hidden" });
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
    }
  });
}

/** Another tab of the home screen, from More Options, without reloading the app. */
async function openTab(page: Page, tab: "Supervisor" | "Driver History"): Promise<void> {
  await page.getByRole("button", { name: "More Options" }).click();
  await page.getByRole("menuitemradio", { name: tab }).click();
  await expect(page.getByRole("heading", { level: 2, name: tab })).toBeVisible();
}

const draftCards = (page: Page) => page.getByRole("list", { name: "Draft sheets" }).getByRole("article");
const refreshedNote = (page: Page) =>
  page.getByRole("status").filter({ hasText: "Offline — last refreshed" });

test("a desk kept open sees what the phone on its account saves: back in the foreground at most once a minute, and on opening a list", async ({
  page: desk,
  browser,
}) => {
  const account = {
    fullName: "Sam Supervisor",
    email: `sam-${randomUUID().slice(0, 8)}@northern-plant.co.uk`,
  };
  await logIn(desk, account.fullName, account.email);
  await createWeek(desk, { driverSignedName: account.fullName, plantNumber: "EX-101" });
  await desk.clock.install();
  const reads = countListReads(desk);
  await openSupervisorTab(desk);
  await expect(draftCards(desk)).toHaveCount(1);
  // Both parts of the screen that show the list have it: the draft link above the tabs, and the tab.
  await expect(desk.getByRole("link", { name: /Continue your timesheet/ })).toBeVisible();
  const atStart = reads();

  // The driver starts a timesheet on the phone: its first Next Step saves it as a draft of the account.
  const phone = await phoneOf(browser, account);
  await startTimesheetFromHome(phone, "Severn Valley Homes");
  await phone.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  const created = phone.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/timesheets",
  );
  await nextStep(phone, "Vehicle Info & Machine Hours");
  expect((await created).status()).toBe(201);

  // The desk back in the foreground within the minute it last read the list: not read again.
  await leaveAndComeBack(desk);
  await expect(draftCards(desk)).toHaveCount(1);
  // A minute on, back in the foreground: read again, and the phone's draft is there.
  await desk.clock.fastForward("01:01");
  await leaveAndComeBack(desk);
  await expect(draftCards(desk)).toHaveCount(2);
  // Read once for the two returns: the first, within the minute, read nothing.
  expect(reads() - atStart).toBe(1);
  // And straight back again: nothing more is read (counted below).
  await leaveAndComeBack(desk);

  // The phone completes a check sheet; a few seconds on, the desk opens Driver History, which reads the list.
  const plant = `EX-${randomUUID().slice(0, 6)}`;
  await completeCheckSheet(phone, account.fullName, plant);
  await desk.clock.fastForward(LIST_SHARED_MS);
  await openTab(desk, "Driver History");
  await expect(desk.getByRole("article", { name: `Check Sheet ${plant}` })).toBeVisible();
  expect(reads() - atStart).toBe(2);
  await phone.context().close();
});

test("offline, a list keeps what it showed and says when it was last refreshed; a refresh without signal empties nothing", async ({
  page,
  context,
}) => {
  await logIn(page, "Olive Offline");
  await createWeek(page, { driverSignedName: "Olive Offline", plantNumber: "EX-404" });
  // The page's clock starts at this moment and runs with the test's until it is moved on.
  await page.clock.install();
  const before = Date.now();
  await openSupervisorTab(page);
  await expect(draftCards(page)).toHaveCount(1);
  const after = Date.now();
  await expect(refreshedNote(page)).toHaveCount(0);
  await waitForOfflineReady(page);

  // The list was read between `before` and `after`: the note names that minute, as dates are shown on site.
  const minutes = await page.evaluate(
    (times) =>
      times.map((time) =>
        new Intl.DateTimeFormat("en-GB", {
          day: "2-digit",
          month: "2-digit",
          year: "numeric",
          hour: "2-digit",
          minute: "2-digit",
        }).format(time),
      ),
    [before, after],
  );
  const lastRefreshed = new RegExp(
    `^(${[...new Set(minutes)].map((minute) => messages.listRefreshedOffline(minute).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|")})$`,
  );

  await context.setOffline(true);
  await expect(refreshedNote(page)).toHaveText(lastRefreshed);
  await expect(draftCards(page)).toHaveCount(1);

  // A minute on, back in the foreground and reopened without signal: the list stays, and so does its time.
  await page.clock.fastForward("01:01");
  await leaveAndComeBack(page);
  await openTab(page, "Driver History");
  await expect(refreshedNote(page)).toHaveText(lastRefreshed);
  await openTab(page, "Supervisor");
  await expect(refreshedNote(page)).toHaveText(lastRefreshed);
  await expect(draftCards(page)).toHaveCount(1);
  await page.setViewportSize({ width: 360, height: 780 });
  await screenshotBoth(page, "supervisor-offline-last-refreshed", { fullPage: false });

  // The signal returns: the list is read again and the note goes.
  await context.setOffline(false);
  await expect(refreshedNote(page)).toHaveCount(0);
  await expect(draftCards(page)).toHaveCount(1);
});
