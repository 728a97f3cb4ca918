import { expect, type Page } from "@playwright/test";
import { IDLE_HEADER } from "../src/domain/accounts/session";
import { messages } from "../src/domain/text/messages";
import { test } from "./fixtures/app-test";
import { loginFromHeader, newDriver, registerByApi, type TestDriver } from "./fixtures/drivers";
import { passServerTime } from "./fixtures/server-clock";
import { startTimesheetFromHome, stepHeading } from "./support/timesheet-wizard";

const MINUTE = 60_000;

/** Time passes for the page and for the server alike: the page's timers due in it run once, at its end. */
async function timePasses(page: Page, driver: TestDriver, ms: number): Promise<void> {
  await passServerTime(page, driver.email, ms);
  await page.clock.fastForward(ms);
}

function expiredDialog(page: Page) {
  return page.getByRole("dialog", { name: messages.sessionExpired.title });
}

/**
 * Signed in on the page and on the server. The server is asked as the page's own calls ask, saying how long the
 * page has been idle (`idleMs`), so asking renews nothing that the person did not.
 */
async function expectSessionActive(page: Page, idleMs: number): Promise<void> {
  await expect(expiredDialog(page)).toHaveCount(0);
  const status = await page.evaluate(
    async ([header, idle]) =>
      (await fetch("/api/drivers/me", { headers: { [header]: String(idle) } })).status,
    [IDLE_HEADER, idleMs] as const,
  );
  expect(status).toBe(200);
}

/** A driver at work in a timesheet's first step, signed in from the header; the page's clock under the test's hand. */
async function atWork(page: Page): Promise<TestDriver> {
  const driver = newDriver();
  await registerByApi(page.request, driver);
  await page.clock.install();
  await page.goto("/");
  await loginFromHeader(page, driver);
  await startTimesheetFromHome(page, "Severn Valley Homes");
  return driver;
}

/** Waits for the form's own save (every 30 seconds, when something changed) that `passing` lets run. */
async function savedWhile(page: Page, passing: Promise<void>): Promise<void> {
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith("/api/timesheets") && r.request().method() !== "GET",
  );
  await passing;
  expect((await saved).ok()).toBe(true);
}

test("a session used all along for two hours stays logged in", async ({ page }) => {
  const driver = await atWork(page);
  const site = page.getByLabel("Site Location");
  for (let step = 1; step <= 12; step += 1) {
    // A few words every 10 minutes; the form's save says how long ago they were typed, and the session slides.
    await site.fill(`Leeds Ring Road, visit ${step}`);
    await savedWhile(page, timePasses(page, driver, 10 * MINUTE));
    await expectSessionActive(page, 10 * MINUTE);
  }
  await expect(site).toHaveValue("Leeds Ring Road, visit 12");
});

test("an idle session ends at 30 minutes over its screen, which comes back with what was typed after logging in", async ({
  page,
}, testInfo) => {
  const driver = await atWork(page);
  const url = page.url();
  await page.getByLabel("Site Location").fill("Severn Bridge works");
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  await savedWhile(page, timePasses(page, driver, 30_000));
  // Then nobody touches the page: its own calls say so, and renew nothing.
  await timePasses(page, driver, 29 * MINUTE);
  await expectSessionActive(page, 29 * MINUTE + 30_000);
  await timePasses(page, driver, 2 * MINUTE);

  const dialog = expiredDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(messages.sessionExpired.description);
  await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("session-expired-390.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("session-expired-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });

  // Escape does not close it: the screen behind cannot be worked without a session.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("Email").fill(driver.email);
  await dialog.getByLabel("Password", { exact: true }).fill(driver.password);
  await dialog.getByRole("button", { name: messages.logIn, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectSessionActive(page, 0);
  // The same screen, as it was: no trip to the Operator Dashboard.
  expect(page.url()).toBe(url);
  await expect(stepHeading(page, "Driver & Company Info")).toBeVisible();
  await expect(page.getByLabel("Site Location")).toHaveValue("Severn Bridge works");
  await expect(page.getByLabel("Company you're driving for")).toHaveValue("Northern Plant Hire");

  // Typing goes on, and saves, in the new session.
  await page.getByLabel("Site Location").fill("Severn Bridge works, east side");
  await savedWhile(page, timePasses(page, driver, 30_000));
  const drafts = (await (await page.request.get("/api/timesheets")).json()) as { siteLocation: string }[];
  expect(drafts.map((draft) => draft.siteLocation)).toEqual(["Severn Bridge works, east side"]);
});

test("Log out in the dialog leaves as a logout does", async ({ page }) => {
  const driver = await atWork(page);
  await timePasses(page, driver, 31 * MINUTE);
  const dialog = expiredDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: messages.logOut }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name: "Login (Optional)" })).toBeVisible();
  await expect(page).toHaveURL(/[?&]tab=timesheet/);
});
