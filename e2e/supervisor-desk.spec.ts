import { expect } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { test } from "./fixtures/app-test";
import { expectNoAxeViolations } from "./support/axe";
import {
  createWeek,
  openSupervisorTab,
  screenshotBoth,
  screenshotPath,
  setCard,
  signIn,
  signWeek,
} from "./support/supervisor";

test.describe.configure({ timeout: 120_000 });

test("an office screen shows the sets as a sortable table with the chosen set's week beside it", async ({
  page,
}) => {
  await signIn(page, "Sam Desk");
  const sam = await createWeek(page, { driverSignedName: "Sam Desk", plantNumber: "EX-204" });
  const alex = await createWeek(page, { driverSignedName: "Alex Desk", plantNumber: "DZ-77" });
  await signWeek(page, sam, "Sam Desk");

  await page.setViewportSize({ width: 1280, height: 800 });
  await openSupervisorTab(page);
  const table = page.getByRole("table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText([
    "Driver",
    "Plant",
    "Week",
    "Hours",
    "Defects",
    "Status",
    "Actions",
  ]);
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  // The table uses the screen: no longer a 640 px phone column.
  const tableBox = await table.boundingBox();
  expect(tableBox?.width).toBeGreaterThan(700);

  // Sorting: a click on a header sorts by it and says so; a second click turns the order round.
  const driverHeader = table.getByRole("columnheader", { name: "Driver" });
  await driverHeader.getByRole("button").click();
  await expect(driverHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(rows.first().getByRole("rowheader")).toContainText("Alex Desk");
  await driverHeader.getByRole("button").click();
  await expect(driverHeader).toHaveAttribute("aria-sort", "descending");
  await expect(rows.first().getByRole("rowheader")).toContainText("Sam Desk");
  await expect(table.getByRole("columnheader", { name: "Week" })).toHaveAttribute("aria-sort", "none");

  // Each row: the week's hours, its defects in red, its light and label, and the actions that label allows.
  const samRow = rows.filter({ hasText: "Sam Desk" });
  await expect(samRow.getByRole("cell").nth(2)).toHaveText("45");
  await expect(samRow.locator("td[data-defects]")).toHaveText("1");
  await expect(samRow.locator("td[data-defects]")).toHaveClass(/text-red-700/);
  await expect(samRow.getByText("Ready for Client/Foreman Approval")).toBeVisible();
  await expect(samRow.getByRole("button", { name: "Get Approval" })).toBeVisible();
  await expect(rows.filter({ hasText: "Alex Desk" }).getByText("Forms Need Completion")).toBeVisible();

  // The chosen set's detail sits beside the table: its days, its defects with their notes.
  await rows
    .filter({ hasText: "Alex Desk" })
    .getByRole("button", { name: /^Alex Desk.*show details$/ })
    .click();
  const detail = page.getByRole("region", { name: "Combined Set: Alex Desk, DZ-77" });
  await expect(detail).toBeVisible();
  await samRow.getByRole("button", { name: /^Sam Desk.*show details$/ }).click();
  const samDetail = page.getByRole("region", { name: "Combined Set: Sam Desk, EX-204" });
  await expect(samDetail).toBeVisible();
  await expect(
    samDetail.getByRole("list", { name: "Hours by day" }).getByRole("listitem").first(),
  ).toHaveAccessibleName("Mon 9 hours");
  await expect(samDetail.getByRole("list", { name: "Defects" })).toContainText("Nearside rear tyre worn");
  const detailBox = await samDetail.boundingBox();
  expect(detailBox?.x).toBeGreaterThan((tableBox?.x ?? 0) + (tableBox?.width ?? 0) - 1);
  await expect(samDetail.getByRole("button", { name: "Get Approval" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "supervisor-desk-1280");

  // The collation screen uses the width too: its sets side by side, not one phone column.
  await signWeek(page, alex, "Alex Desk");
  await page.getByRole("button", { name: "Supervisor Approval" }).click();
  const entries = page.getByRole("tabpanel").getByRole("article");
  await expect(entries).toHaveCount(2);
  const [left, right] = [await entries.nth(0).boundingBox(), await entries.nth(1).boundingBox()];
  expect(right?.x).toBeGreaterThan((left?.x ?? 0) + (left?.width ?? 0) - 1);
  expect(right?.y).toBe(left?.y);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath("supervisor-desk-collation-1280"), fullPage: true });
  await openSupervisorTab(page);

  // A row's action is the card's: Get Approval asks once.
  await samRow.getByRole("button", { name: "Get Approval" }).click();
  const approve = page.getByRole("alertdialog", { name: messages.confirmSendTitle });
  await expect(approve).toBeVisible();
  await approve.getByRole("button", { name: "Cancel" }).click();

  // Review Set: on an office screen the week's forms sit beside the sign-off, not behind a tab.
  await samRow.getByRole("button", { name: "Review Set" }).click();
  const summary = page.getByRole("region", { name: "Timesheet Summary" });
  await expect(summary).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("tab", { name: "Forms" })).toHaveCount(0);
  const signer = page.getByRole("region", { name: "Client Representative Signature" });
  const [signerBox, summaryBox] = [await signer.boundingBox(), await summary.boundingBox()];
  expect(summaryBox?.x).toBeGreaterThan((signerBox?.x ?? 0) + (signerBox?.width ?? 0) - 1);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath("supervisor-desk-approval-1280"), fullPage: true });
  await openSupervisorTab(page);

  // Below 1024 px the phone's cards stay.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toHaveCount(0);
  await expect(setCard(page)).toHaveCount(2);
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "supervisor-desk-390");
});
