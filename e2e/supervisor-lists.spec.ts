import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { test } from "./fixtures/app-test";

// Whole weeks of forms, with light and dark screenshots of each screen on the way.
test.describe.configure({ timeout: 120_000 });

import { createWeek, openSupervisorTab, screenshotBoth, setCard, signIn } from "./support/supervisor";
import { toastRegion } from "./support/timesheet-wizard";

test("a new account sees the empty Supervisor tab, Driver History and collation screen", async ({ page }) => {
  await signIn(page, "Sam Empty");
  await openSupervisorTab(page);
  await expect(page.getByRole("heading", { name: "No Draft Sheets" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Clear All Drafts" })).toBeDisabled();
  await screenshotBoth(page, "supervisor-tab-empty");

  await page.goto("/?tab=history");
  await expect(page.getByRole("heading", { name: "No Completed Sheets Yet" })).toBeVisible();
  await screenshotBoth(page, "driver-history-empty");
  await page.getByRole("button", { name: "Create Your First Sheet" }).click();
  await expect(page.getByRole("heading", { name: "Operator Dashboard" })).toBeVisible();

  await page.getByRole("button", { name: "View Collations" }).click();
  for (const tab of ["Ready for Approval (0)", "Incomplete (0)", "Needs Completion (0)"]) {
    await expect(page.getByRole("tab", { name: tab })).toBeVisible();
  }
  await expect(page.getByText("No sets are ready for approval yet.", { exact: false })).toBeVisible();
  await screenshotBoth(page, "collation-empty");
});

test("logged out, the supervisor screens ask for a login", async ({ page }) => {
  await page.goto("/?tab=supervisor");
  await expect(page.getByRole("heading", { name: "Login Required" })).toBeVisible();
  await page.goto("/?screen=collation");
  await expect(page.getByRole("heading", { name: "Login Required" })).toBeVisible();
});

test("deleting a set asks first, and Clear All Drafts deletes every draft", async ({ page }) => {
  const driver = "Sam Delete";
  await signIn(page, driver);
  await createWeek(page, { driverSignedName: driver, plantNumber: "EX-601" });
  // A check sheet of another plant stays on its own.
  const lone = await page.request.post("/api/check-sheets", {
    data: { id: randomUUID(), checkDate: "2026-11-19", driverSignedName: driver, plantNumber: "EX-999" },
  });
  expect(lone.status()).toBe(201);

  await openSupervisorTab(page);
  const cards = page.getByRole("list", { name: "Draft sheets" }).getByRole("article");
  await expect(cards).toHaveCount(2);
  const single = cards.filter({ has: page.getByRole("heading", { name: "Check Sheet" }) });
  await expect(single.getByText("Needs Completion")).toBeVisible();
  await expect(single.getByRole("button", { name: "Continue Check Sheet" })).toBeVisible();

  // Delete asks; Cancel keeps the set.
  await setCard(page).getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Forms" });
  await expect(confirm).toContainText("This cannot be undone.");
  await screenshotBoth(page, "delete-dialog");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(cards).toHaveCount(2);
  await setCard(page).getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toastRegion(page).getByText(messages.formsDeleted)).toBeVisible();
  await expect(cards).toHaveCount(1);
  expect(((await (await page.request.get("/api/timesheets")).json()) as unknown[]).length).toBe(0);

  // Two more drafts, then Clear All Drafts: asks, then every draft is gone.
  await createWeek(page, { driverSignedName: driver, plantNumber: "EX-602" });
  await page.reload();
  await expect(cards).toHaveCount(2);
  await page.getByRole("button", { name: "Clear All Drafts" }).click();
  const clear = page.getByRole("alertdialog", { name: "Clear All Drafts" });
  await expect(clear).toContainText("Delete all 4 drafts?");
  await clear.getByRole("button", { name: "Cancel" }).click();
  await expect(cards).toHaveCount(2);
  await page.getByRole("button", { name: "Clear All Drafts" }).click();
  await clear.getByRole("button", { name: "Clear All Drafts" }).click();
  await expect(toastRegion(page).getByText(messages.draftsCleared(4))).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Draft Sheets" })).toBeVisible();
  expect(((await (await page.request.get("/api/check-sheets")).json()) as unknown[]).length).toBe(0);
});
