import { expect, type Page, test } from "@playwright/test";
import { STORAGE_KEYS } from "../src/domain/forms/constants";

const banner = (page: Page) => page.getByRole("region", { name: "Your privacy" });
const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

test("the banner shows on a first visit, cites the GDPR rights and links to the policy in a new tab", async ({
  page,
}) => {
  await page.goto("/");
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText("access, rectification, erasure and data portability");

  const link = banner(page).getByRole("link", { name: /Privacy Policy/ });
  await expect(link).toHaveAttribute("target", "_blank");
  const [policy] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await expect(policy).toHaveURL(/\/privacy-policy$/);
  await expect(policy.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  // The app tab stays where it was.
  await expect(page).toHaveURL(/\/$/);
});

test("Accept stores the flag and date, and the banner stays away after a reload", async ({ page }) => {
  await page.goto("/");
  const before = Date.now();
  await banner(page).getByRole("button", { name: "Accept" }).click();
  await expect(banner(page)).toBeHidden();

  expect(await stored(page, STORAGE_KEYS.privacyAccepted)).toBe("true");
  const date = await stored(page, STORAGE_KEYS.privacyAcceptedDate);
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(Date.parse(date!)).toBeGreaterThanOrEqual(before - 60_000);

  await page.reload();
  await expect(page.getByRole("tab", { name: "Timesheet" })).toBeVisible();
  await expect(banner(page)).toBeHidden();
});

test("Decline stores the rejected flag and explains the consequence in an alert", async ({ page }) => {
  await page.goto("/");
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.accept();
  });

  await banner(page).getByRole("button", { name: "Decline" }).click();
  await expect(banner(page)).toBeHidden();
  expect(dialogs).toEqual([
    "alert: You have chosen not to accept our privacy policy. Some features may be limited.",
  ]);
  expect(await stored(page, STORAGE_KEYS.privacyRejected)).toBe("true");
  expect(await stored(page, STORAGE_KEYS.privacyAccepted)).toBeNull();
});

test("Close hides the banner for now only", async ({ page }) => {
  await page.goto("/");
  await banner(page).getByRole("button", { name: "Close" }).click();
  await expect(banner(page)).toBeHidden();
  expect(await stored(page, STORAGE_KEYS.privacyAccepted)).toBeNull();
  expect(await stored(page, STORAGE_KEYS.privacyRejected)).toBeNull();

  await page.reload();
  await expect(banner(page)).toBeVisible();
});
