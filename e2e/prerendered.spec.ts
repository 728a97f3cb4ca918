import { expect, test } from "@playwright/test";
import { STORAGE_KEYS } from "../src/domain/forms/constants";
import { holdAppCode, watchConsole } from "./support/first-visit";

// A first visit: nothing stored, so the page's prerendered markup is what this visitor sees.

for (const [path, heading] of [
  ["/", "Plant Sheets"],
  ["/timesheet", "Weekly Timesheet"],
  ["/check-sheet", "Daily Plant Defect Check"],
  ["/?screen=customer-selection&form=timesheet", "Select Customer"],
  ["/?screen=customer-selection&form=check-sheet", "Select Customer"],
] as const) {
  test(`${path} is on screen before the app's code arrives, and the app takes it over unchanged`, async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const release = await holdAppCode(page);
    await page.goto(path, { waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your privacy" })).toBeVisible();

    release();
    // A tap on the banner's button works whenever it comes: kept until the app runs, or taken by the app.
    await page.getByRole("button", { name: "Accept" }).click();
    await expect(page.getByRole("heading", { name: "Your privacy" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });
}

test("the home's date is today's, not the day the page was built", async ({ page }) => {
  await page.clock.setFixedTime(new Date(2031, 0, 6, 9, 0));
  await page.goto("/");
  await expect(page.locator("header time")).toHaveAttribute("datetime", "2031-01-06");
});

test("a returning visitor never sees the first-visit screen, even before the app has loaded", async ({
  page,
}) => {
  await page.addInitScript(
    ([acceptedKey, themeKey]) => {
      window.localStorage.setItem(acceptedKey, "true");
      window.localStorage.setItem(themeKey, "dark");
    },
    [STORAGE_KEYS.privacyAccepted, STORAGE_KEYS.theme] as const,
  );
  const release = await holdAppCode(page);
  await page.goto("/", { waitUntil: "commit" });
  // The first-visit markup (the banner, the System theme button) stays hidden.
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("heading", { level: 1, name: "Plant Sheets" })).toBeHidden();

  release();
  await expect(page.getByRole("heading", { level: 1, name: "Plant Sheets" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Theme: Dark" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your privacy" })).toBeHidden();
});

test("a screen without prerendered markup is drawn by the app at its own address", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Login (Optional)" })).toBeHidden();
  expect(problems).toEqual([]);
});

test("the app's code is asked for only once the first paint is on the screen", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const { firstPaint, firstAppRequest } = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    firstAppRequest: Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    ),
  }));
  expect(firstAppRequest).toBeGreaterThan(firstPaint);
});
