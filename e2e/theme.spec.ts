import { expect, type Page } from "@playwright/test";
import { STORAGE_KEYS } from "../src/domain/forms/constants";
import { test } from "./fixtures/app-test";

async function chooseTheme(page: Page, name: "Light" | "Dark" | "System") {
  await page.getByRole("button", { name: /^Theme/ }).click();
  await page.getByRole("menuitemradio", { name }).click();
}

const html = (page: Page) => page.locator("html");

test("dark is kept across a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await expect(html(page)).not.toHaveClass(/\bdark\b/);

  await chooseTheme(page, "Dark");
  await expect(html(page)).toHaveClass(/\bdark\b/);
  expect(await page.evaluate((k) => window.localStorage.getItem(k), STORAGE_KEYS.theme)).toBe("dark");

  await page.reload();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Theme: Dark" })).toBeVisible();
});

test("light wins over a dark phone, and system follows the phone", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  // No choice stored yet: system is the default.
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Theme: System" })).toBeVisible();

  await chooseTheme(page, "Light");
  await page.reload();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);

  await chooseTheme(page, "System");
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
});
