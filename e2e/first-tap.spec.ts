import { expect, test } from "@playwright/test";
import { holdAppCode, watchConsole } from "./support/first-visit";

// A first visit on a weak signal: the prerendered screen is up long before the app's code has arrived, and a
// tap on what it shows must not be lost. The app's code is held back until the test lets it through.

test("Start Timesheet tapped as soon as it is on the screen, before the app's code has arrived, opens customer selection", async ({
  page,
}) => {
  const problems = watchConsole(page);
  const release = await holdAppCode(page);
  await page.goto("/", { waitUntil: "commit" });
  const start = page.getByRole("main").getByText("Start Timesheet", { exact: true });
  await expect(start).toBeVisible();
  await start.click();

  // The wizard's first screen, with the app's code still held back: the server sent it painted.
  await expect(page.getByRole("heading", { level: 1, name: "Select Customer" })).toBeVisible();
  await expect(page.getByText("For your Weekly Timesheet")).toBeVisible();
  await expect(page).toHaveURL(/\/\?screen=customer-selection&form=timesheet$/);
  await expect(page.getByRole("status").filter({ hasText: "Loading customers..." })).toBeVisible();

  // Once the code arrives the same screen works: the customers are listed and one can be chosen.
  release();
  await page.getByRole("combobox", { name: "Customer" }).click();
  await page.getByRole("option").first().click();
  await expect(page.getByRole("button", { name: "Continue to Form" })).toBeEnabled();
  expect(problems).toEqual([]);
});

test("Start Check Sheet tapped before the app has arrived opens customer selection for the check sheet", async ({
  page,
}) => {
  const release = await holdAppCode(page);
  await page.goto("/", { waitUntil: "commit" });
  // The Check Sheet tab, tapped before the app runs, is taken over once it does.
  const tab = page.getByRole("tab", { name: "Check Sheet" });
  await tab.click();
  await expect(tab).toHaveAttribute("aria-busy", "true");
  release();
  await expect(tab).toHaveAttribute("aria-selected", "true");
  await expect(tab).not.toHaveAttribute("aria-busy");
  await page.getByRole("link", { name: "Start Check Sheet" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Select Customer" })).toBeVisible();
  await expect(page.getByText("For your Daily Plant Defect Check")).toBeVisible();
});

test("a button tapped before the app has arrived says it is loading, and acts once the app is there", async ({
  page,
}) => {
  const problems = watchConsole(page);
  const release = await holdAppCode(page);
  await page.goto("/", { waitUntil: "commit" });
  const accept = page.getByRole("button", { name: "Accept" });
  await accept.click();
  // Tapped again while waiting: still one tap, acted on once.
  await accept.click();
  await expect(accept).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("heading", { name: "Your privacy" })).toBeVisible();

  release();
  await expect(page.getByRole("heading", { name: "Your privacy" })).toBeHidden();
  await expect(page.getByRole("tab", { name: "Timesheet" })).toHaveAttribute("aria-selected", "true");
  expect(problems).toEqual([]);
});

test("Back on customer selection, tapped before the app has arrived, returns to the home screen", async ({
  page,
}) => {
  const release = await holdAppCode(page);
  await page.goto("/?screen=customer-selection&form=check-sheet", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1, name: "Select Customer" })).toBeVisible();
  const back = page.getByRole("button", { name: "Back" });
  await back.click();
  await expect(back).toHaveAttribute("aria-busy", "true");
  release();
  await expect(page.getByRole("tab", { name: "Check Sheet" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("link", { name: "Start Check Sheet" })).toBeVisible();
});

test("with the app running, Start Timesheet opens customer selection in the page, without loading it again", async ({
  page,
}) => {
  await page.goto("/");
  const accept = page.getByRole("button", { name: "Accept" });
  await accept.click();
  await expect(accept).toBeHidden();
  await page.evaluate(() => {
    (window as Window & { sameDocument?: boolean }).sameDocument = true;
  });
  await page.getByRole("link", { name: "Start Timesheet" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Select Customer" })).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test.describe("on a phone in Bulgarian", () => {
  test.use({ locale: "bg-BG" });

  test("Accept on the privacy banner, tapped before the app has arrived, is kept once the app draws the page in Bulgarian", async ({
    page,
  }) => {
    const release = await holdAppCode(page);
    await page.goto("/", { waitUntil: "commit" });
    // The page as the server sends it is English; the app draws it anew in Bulgarian, the tapped button with it.
    await page.getByRole("button", { name: "Accept" }).click();
    release();
    const banner = page.locator("section[aria-labelledby=consent-title]");
    await expect(page.locator("html")).toHaveAttribute("lang", "bg");
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("plant-sheets.privacy-accepted")))
      .toBe("true");
    await expect(banner).toHaveCount(0);
  });
});
