import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures/app-test";
import { nextStep, stepHeading } from "./support/timesheet-wizard";

/** How many timesheets in progress the phone keeps (the app's IndexedDB store of forms). */
function timesheetsKeptOnPhone(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("plant-sheets");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("forms")) return resolve(0);
          const count = db.transaction("forms").objectStore("forms").index("byKind").count("timesheet");
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

test("'Use Last Entry' fills only the empty fields with what was entered last time", async ({ page }) => {
  await page.goto("/timesheet");
  await expect(page.getByRole("button", { name: "Use Last Entry" })).toBeDisabled();
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  await page.getByLabel("Site Location").fill("Leeds Ring Road");
  await page.getByLabel("Company on hire to").fill("Pennine Groundworks Ltd");
  await page.getByLabel("Driver Full Name").fill("Sam Driver");
  await nextStep(page, "Vehicle Info & Machine Hours");
  await page.getByLabel("Machine/Vehicle Type").fill("CAT 320 GC");
  await page.getByLabel("Plant/Registration Number").fill("EX-001");
  await nextStep(page, "Weekly Timesheet");

  // A second timesheet on the same phone: the first one is still kept in progress, so start afresh.
  await expect.poll(() => timesheetsKeptOnPhone(page)).toBe(1);
  await page.goto("/timesheet");
  await page.getByRole("button", { name: "Start a new timesheet instead" }).click();
  await page
    .getByRole("alertdialog", { name: "Discard this timesheet?" })
    .getByRole("button", { name: "Discard and start again" })
    .click();
  await expect(stepHeading(page, "Driver & Company Info")).toBeVisible();
  const company = page.getByLabel("Company you're driving for");
  await expect(company).toHaveValue("");
  // Typed values are offered as suggestions.
  const suggestions = await company.evaluate((input: HTMLInputElement) =>
    Array.from(input.list?.options ?? [], (option) => option.value),
  );
  expect(suggestions).toEqual(["Northern Plant Hire"]);

  await company.fill("Moorside Haulage");
  await page.getByRole("button", { name: "Use Last Entry" }).click();
  await expect(company).toHaveValue("Moorside Haulage");
  await expect(page.getByLabel("Site Location")).toHaveValue("Leeds Ring Road");
  await expect(page.getByLabel("Company on hire to")).toHaveValue("Pennine Groundworks Ltd");
  await expect(page.getByLabel("Driver Full Name")).toHaveValue("Sam Driver");
  await nextStep(page, "Vehicle Info & Machine Hours");
  await expect(page.getByLabel("Machine/Vehicle Type")).toHaveValue("CAT 320 GC");
  await expect(page.getByLabel("Plant/Registration Number")).toHaveValue("EX-001");

  // Leaving the step remembered the new company too, newest first. The reload restores the form where it was.
  await page.goto("/timesheet");
  await expect(stepHeading(page, "Vehicle Info & Machine Hours")).toBeVisible();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(stepHeading(page, "Driver & Company Info")).toBeVisible();
  const remembered = await page
    .getByLabel("Company you're driving for")
    .evaluate((input: HTMLInputElement) => Array.from(input.list?.options ?? [], (option) => option.value));
  expect(remembered).toEqual(["Moorside Haulage", "Northern Plant Hire"]);
});
