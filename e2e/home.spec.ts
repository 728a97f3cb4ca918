import { expect } from "@playwright/test";
import { test } from "./fixtures/app-test";

test("home shows the product, today's date and both form tabs", async ({ page }) => {
  await page.goto("/");

  await expect(page.getByRole("heading", { level: 1, name: "Plant Sheets" })).toBeVisible();
  // The date is the device's local day, shown the en-GB way.
  const today = await page.evaluate(() => {
    const now = new Date();
    const iso = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
    const text = now.toLocaleDateString("en-GB", {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    });
    return { iso, text };
  });
  const date = page.locator("header time");
  await expect(date).toHaveAttribute("datetime", today.iso);
  await expect(date).toHaveText(today.text);

  await expect(page.getByText("Works offline.")).toBeVisible();

  const timesheetTab = page.getByRole("tab", { name: "Timesheet" });
  const checkSheetTab = page.getByRole("tab", { name: "Check Sheet" });
  await expect(timesheetTab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("link", { name: "Start Timesheet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Check Sheet" })).toBeHidden();

  await checkSheetTab.click();
  await expect(checkSheetTab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("link", { name: "Start Check Sheet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Timesheet" })).toBeHidden();
  // The tab is in the address, so a reload (or Back from customer selection) keeps it.
  await expect(page).toHaveURL(/[?&]tab=check-sheet/);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Check Sheet" })).toHaveAttribute("aria-selected", "true");
});

test("the logo and favicon are served as static SVG files", async ({ request }) => {
  for (const path of ["/logo.svg", "/favicon.svg"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain("image/svg+xml");
  }
});

test("Start Check Sheet opens customer selection for the check sheet", async ({ page }) => {
  await page.goto("/?tab=check-sheet");
  await page.getByRole("link", { name: "Start Check Sheet" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Select Customer" })).toBeVisible();
  await expect(page.getByText("For your Daily Plant Defect Check")).toBeVisible();
});

test("/home shows the home screen", async ({ page }) => {
  await page.goto("/home");
  await expect(page.getByRole("tab", { name: "Timesheet" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Check Sheet" })).toBeVisible();
});
