import { expect, type Page } from "@playwright/test";

/** The Company screen, reached as a driver reaches it: More Options, then Company. */
export async function openCompany(page: Page): Promise<void> {
  await page.goto("/home");
  // The first visit of a run loads the app cold, on a machine shared with other builds: allow it time.
  await page.getByRole("button", { name: "More Options" }).click({ timeout: 20_000 });
  await page.getByRole("menuitemradio", { name: "Company" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Company" })).toBeVisible();
}
