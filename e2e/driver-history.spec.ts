import { expect } from "@playwright/test";
import { test } from "./fixtures/app-test";
import {
  approveWeek,
  createWeek,
  dispatchAndArchiveWeek,
  putForm,
  screenshotBoth,
  signIn,
  signWeek,
} from "./support/supervisor";

test.describe.configure({ timeout: 120_000 });

test("history groups a week under one heading, finds a plant or a site, and names each record's status", async ({
  page,
}) => {
  const driver = "Hana History";
  await signIn(page, driver);
  const leeds = await createWeek(page, { driverSignedName: driver, plantNumber: "EX-204" });
  const york = await createWeek(page, { driverSignedName: driver, plantNumber: "DZ-77" });
  await putForm(page, "/api/timesheets", york.timesheetId, { siteLocation: "York Depot" });
  for (const week of [leeds, york]) {
    await signWeek(page, week, driver);
    await approveWeek(page, week);
  }
  await dispatchAndArchiveWeek(page, york, "office@york-civils.co.uk");

  await page.goto("/?tab=history");
  // One heading for the week, not six separate cards: each timesheet first, then its check sheets.
  const weeks = page.getByRole("list", { name: "Completed sheets by week" }).getByRole("region");
  await expect(weeks).toHaveCount(1, { timeout: 20_000 });
  const week = weeks.first();
  await expect(week.getByRole("heading", { name: "Week ending 21/11/2026" })).toBeVisible();
  const rows = week.getByRole("article");
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(0)).toHaveAccessibleName("Timesheet EX-204");
  await expect(rows.nth(1)).toHaveAccessibleName("Check Sheet EX-204");
  await expect(rows.nth(2)).toHaveAccessibleName("Check Sheet EX-204");
  await expect(rows.nth(3)).toHaveAccessibleName("Timesheet DZ-77");
  await expect(rows.filter({ hasText: "EX-204" }).getByText("Approved", { exact: true })).toHaveCount(3);
  await expect(rows.filter({ hasText: "DZ-77" }).getByText("Archived", { exact: true })).toHaveCount(3);
  await screenshotBoth(page, "driver-history-weeks");
  // At a desk a week's six sheets stand three abreast in the office screens' width, not in a phone's column.
  await page.setViewportSize({ width: 1280, height: 800 });
  const tops = new Set<number>();
  for (const row of await rows.all()) tops.add(Math.round((await row.boundingBox())?.y ?? 0));
  expect(tops.size).toBe(2);
  await screenshotBoth(page, "driver-history-weeks-1280");
  await page.setViewportSize({ width: 390, height: 844 });

  // The search finds a plant number in any case, and a site typed on the timesheet keeps its check sheets.
  const search = page.getByRole("searchbox", { name: "Search by plant number or site" });
  await search.fill("dz-77");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "EX-204" })).toHaveCount(0);
  await search.fill("york");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toHaveAccessibleName("Timesheet DZ-77");
  await search.fill("Leeds");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toHaveAccessibleName("Timesheet EX-204");
  await search.fill("Hull");
  await expect(page.getByText('No sheets match "Hull".')).toBeVisible();
  await expect(rows).toHaveCount(0);

  // Each read-only record says what it is: an approved form is Approved, an archived one Archived.
  await page.goto(`/completed-form/${leeds.timesheetId}`);
  await expect(page.getByText("Approved", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Completed", { exact: true })).toHaveCount(0);
  await page.goto(`/completed-form/${york.checkSheetIds[0]}`);
  await expect(page.getByText("Archived", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Completed", { exact: true })).toHaveCount(0);
});
