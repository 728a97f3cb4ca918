import { randomUUID } from "node:crypto";
import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { STANDARD_SHIFT } from "../src/domain/hours/hours";
import { messages } from "../src/domain/text/messages";
import { enableDemoMode, test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { e2ePaths } from "./fixtures/e2e-paths";
import { mailsTo, waitForMailTo } from "./fixtures/mailbox";
import { waitForDeviceCopy, waitForOfflineReady } from "./support/offline";
import { expectToStay } from "./support/stays";
import { dayCard, nextStep, sign, startTimesheetFromHome, stepHeading } from "./support/timesheet-wizard";

// Each of these walks a whole form with the network cut and restored: longer than a screen check.
test.describe.configure({ timeout: 90_000 });

function header(page: Page) {
  return page.getByRole("banner");
}

test("installs: a manifest with icons, a service worker served uncached, and a cold start with no network", async ({
  page,
  context,
}) => {
  await page.goto("/");
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  const manifest = await (await page.request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: "Plant Sheets", display: "standalone", start_url: "/" });
  expect(manifest.icons).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sizes: "512x512", purpose: "maskable", type: "image/png" }),
      expect.objectContaining({ sizes: "192x192", purpose: "any", type: "image/png" }),
    ]),
  );
  for (const icon of manifest.icons as { src: string }[]) {
    const png = await page.request.get(icon.src);
    expect(png.headers()["content-type"]).toBe("image/png");
  }
  const worker = await page.request.get("/service-worker.js");
  expect(worker.ok()).toBe(true);
  expect(worker.headers()["cache-control"]).toBe("no-cache");

  await waitForOfflineReady(page);
  await context.setOffline(true);

  // A cold start: a new tab with no network opens the app and every screen's code.
  await page.close();
  const cold = await context.newPage();
  await cold.goto("/");
  await expect(cold.getByRole("link", { name: "Start Timesheet" })).toBeVisible();
  await expect(header(cold).getByText(messages.offline)).toBeVisible();
  await cold.screenshot({ path: "test-results/offline-home.png" });
  await cold.goto("/check-sheet");
  await expect(cold.getByRole("heading", { level: 1 })).toBeVisible();
  await cold.goto("/privacy-policy");
  await expect(cold.getByRole("heading", { level: 1 })).toBeVisible();
  await cold.goto("/no-such-page");
  await expect(cold.getByText("Page Not Found")).toBeVisible();
  await context.setOffline(false);
});

test("an anonymous timesheet signed and submitted offline survives a reload and is emailed once, when back online", async ({
  page,
  context,
}) => {
  const client = `site-office-${randomUUID().slice(0, 8)}@buildco.co.uk`;
  await enableDemoMode(page);
  await startTimesheetFromHome(page, "Severn Valley Homes");
  await waitForOfflineReady(page);
  await context.setOffline(true);
  await expect(header(page).getByText(messages.offline)).toBeVisible();

  await page.getByLabel("Week Ending").fill("2025-03-15");
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  await page.getByLabel("Driver Full Name").fill("Olly Offline");
  // Typed work survives a reload with no network, before anything is submitted.
  await waitForDeviceCopy(page, "Olly Offline");
  await page.reload();
  await expect(page.getByText(messages.formRestored)).toBeVisible();
  await expect(page.getByLabel("Driver Full Name")).toHaveValue("Olly Offline");
  await nextStep(page, "Vehicle Info & Machine Hours");
  // A QR label read with no network: answered from the fleet the app keeps on the device.
  await page.getByRole("button", { name: "Scan QR Code" }).click();
  const scanner = page.getByRole("dialog", { name: "Scan QR Code" });
  await scanner.getByRole("button", { name: "Simulate QR Detection" }).click();
  await expect(scanner).toBeHidden();
  await expect(page.getByLabel("Plant/Registration Number")).toHaveValue(/^(EX-001|DMP-002|RLR-003)$/);
  await nextStep(page, "Weekly Timesheet");
  await dayCard(page, "Monday").getByRole("button", { name: "+9 Hours" }).click();
  await nextStep(page, "Driver Signature");
  await sign(page, "Operator Signature", "Olly Offline");
  await sign(page, "Client Signature", "Chris Client");
  await page.getByLabel("Signature Date").fill("2025-03-15");
  await page
    .getByRole("region", { name: "Rate Driver Performance" })
    .getByRole("button", { name: "Excellent" })
    .click();
  await page.getByRole("textbox", { name: "Client email" }).fill(client);
  await page.getByRole("button", { name: "Complete & Email Timesheet" }).click();

  await expect(page.getByText(messages.savedOnPhone)).toBeVisible();
  await expect(header(page).getByRole("button", { name: messages.waitingToSend(1) })).toBeVisible();
  await page.screenshot({ path: "test-results/offline-saved-on-phone.png" });

  // The tab is reloaded (as after a closed browser) while still offline: the submission is still waiting.
  await page.reload();
  await expect(header(page).getByRole("button", { name: messages.waitingToSend(1) })).toBeVisible();
  // The submitted form is not offered again as one in progress.
  await expect(stepHeading(page, "Driver & Company Info")).toBeVisible();
  await expect(page.getByText(messages.formRestored)).toHaveCount(0);
  await header(page)
    .getByRole("button", { name: messages.waitingToSend(1) })
    .click();
  const list = page.getByRole("list", { name: "Waiting to send" });
  await expect(list.getByText("Timesheet, week ending 15/03/2025")).toBeVisible();
  await expect(list.getByText(messages.outboxWaiting)).toBeVisible();
  await page.screenshot({ path: "test-results/offline-outbox-list.png" });
  await page.keyboard.press("Escape");
  expect(await mailsTo(client)).toBe(0);

  await context.setOffline(false);
  const mail = await waitForMailTo(client);
  expect(mail.attachments.map((a) => a.contentType)).toContain("application/pdf");
  await expect(header(page).getByRole("button", { name: /waiting to send/ })).toHaveCount(0);
  await expect(header(page).getByText(messages.offline)).toHaveCount(0);
  // Exactly one: nothing is sent twice, however the reconnection went.
  await expectToStay(() => mailsTo(client), 1, `emails to ${client}`);
});

test("an account holder's draft edited offline is saved to the server when the network returns", async ({
  page,
  context,
}) => {
  const fullName = "Nina Network";
  await logIn(page, fullName, `nina-${randomUUID()}@northern-plant.co.uk`);

  await page.goto("/timesheet");
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  const created = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/timesheets",
  );
  await nextStep(page, "Vehicle Info & Machine Hours");
  const { id } = (await (await created).json()) as { id: string };
  await waitForOfflineReady(page);

  await context.setOffline(true);
  await page.getByLabel("Plant/Registration Number").fill("EX-777");
  await nextStep(page, "Weekly Timesheet");
  await expect(header(page).getByRole("button", { name: messages.waitingToSend(1) })).toBeVisible();
  await expect(page.getByText(messages.savedOnPhoneNotice.title).first()).toBeVisible();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: "test-results/offline-draft-dark.png" });
  await page.emulateMedia({ colorScheme: "light" });
  // More typing offline after the save: the device's copy has it even though no save ran since.
  await dayCard(page, "Monday").getByRole("button", { name: "+9 Hours" }).click();
  await waitForDeviceCopy(page, STANDARD_SHIFT.finish);

  // Reopened offline from the drafts link: the device's copy opens, where the driver left it.
  await page.goto(`/timesheet?draftId=${id}`);
  await expect(stepHeading(page, "Weekly Timesheet")).toBeVisible();
  await expect(dayCard(page, "Monday").getByText("✓ Added")).toBeVisible();

  // Sent by the page on the online event, or by the service worker's Background Sync, whichever is first.
  await context.setOffline(false);
  await expect(header(page).getByRole("button", { name: /waiting to send/ })).toHaveCount(0);
  // Both the save queued offline and the unsaved typing after it reach the server.
  await expect
    .poll(async () => {
      const draft = await page.request.get(`/api/timesheets/${id}`);
      const body = (await draft.json()) as { plantNumber: string; mondayStart: string };
      return `${body.plantNumber} ${body.mondayStart}`;
    })
    .toBe("EX-777 07:00");
});

test("a new version waits for the driver's Reload and loses nothing typed", async ({ page }) => {
  await page.goto("/timesheet");
  await waitForOfflineReady(page);
  await page.getByLabel("Driver Full Name").fill("Ursula Update");

  // A new release: the service worker file changes on the server.
  const workerFile = join(e2ePaths.webRoot, "service-worker.js");
  const released = await readFile(workerFile);
  try {
    await appendFile(workerFile, `\n// release ${randomUUID()}\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
    });
    const prompt = page.getByRole("status").filter({ hasText: messages.newVersionReady });
    await expect(prompt).toBeVisible();
    // Nothing was swapped under the form: it is still there, as typed.
    await expect(page.getByLabel("Driver Full Name")).toHaveValue("Ursula Update");
    await page.screenshot({ path: "test-results/offline-update-prompt.png" });

    const oldWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
    await expect(page.getByLabel("Driver Full Name")).toHaveValue("Ursula Update");
    await expect(page.getByText(messages.formRestored)).toBeVisible();
    await expect(page.getByText(messages.newVersionReady)).toHaveCount(0);
    expect(oldWorker).toContain("/service-worker.js");
  } finally {
    await writeFile(workerFile, released);
  }
});
