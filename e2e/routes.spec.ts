import { expect } from "@playwright/test";
import { test } from "./fixtures/app-test";

test("an unknown path shows the 404 page", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("tab", { name: "Timesheet" })).toBeVisible();
});

test("the wizard routes open their page with a way back", async ({ page }) => {
  await page.goto("/timesheet");
  await expect(page.getByRole("heading", { level: 1, name: "Weekly Timesheet" })).toBeVisible();
  await page.getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("tab", { name: "Timesheet" })).toHaveAttribute("aria-selected", "true");

  await page.goto("/check-sheet?orderNumber=S-42");
  await expect(page.getByRole("heading", { level: 1, name: "Daily Plant Defect Check" })).toBeVisible();
  await expect(page.getByText("Order number: S-42")).toBeVisible();
  await page.getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("tab", { name: "Check Sheet" })).toHaveAttribute("aria-selected", "true");
});

test("the privacy policy names the GDPR rights", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  for (const right of [
    "Right of access",
    "Right to rectification",
    "Right to erasure",
    "Right to data portability",
  ]) {
    await expect(page.getByText(right)).toBeVisible();
  }
});

test("a completed form shows its loading state, then that it is not available", async ({ page }) => {
  // Hold the lookup back so the loading state can be seen; it is released once that has been checked.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/completed-forms/**", async (route) => {
    await held;
    await route.continue();
  });

  await page.goto("/completed-form/form-123");
  await expect(page.getByText("Loading completed form...")).toBeVisible();
  release();
  await expect(page.getByRole("heading", { name: "Not available" })).toBeVisible();
  await expect(page.getByText("Loading completed form...")).toBeHidden();

  const back = page.getByRole("link", { name: "Back to Dashboard" });
  await expect(back).toHaveAttribute("href", "/home");
  await back.click();
  await expect(page).toHaveURL(/\/home$/);
});

test("a screen whose code cannot be downloaded shows the router error", async ({ page }) => {
  // Offline after the first load: the screen's chunk never arrives.
  await page.route(/\/assets\/privacy-policy-page-[^/]*\.js$/, (route) =>
    route.abort("internetdisconnected"),
  );
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Router Error" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
});

test("no screen's first load breaks the content security policy", async ({ page }) => {
  // The browser reports a refused eval, inline script or source as an event, even when the code catches it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  for (const [path, heading] of [
    ["/", "Plant Sheets"],
    ["/timesheet", "Weekly Timesheet"],
    ["/check-sheet", "Daily Plant Defect Check"],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    // What loads once the screen is up (the outbox, the service worker) is in the check too.
    await page.waitForLoadState("networkidle");
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
  }
});
