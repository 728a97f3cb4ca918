import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { HOURS_COLUMNS } from "../src/domain/company/exports";
import { INVOICE_LINE_COLUMNS } from "../src/domain/company/invoice-lines";
import { emptyHireDays, workedDay } from "../src/domain/hire/day-kinds";
import { english } from "../src/domain/text/i18n/english";
import { ukIsoDate } from "../src/domain/time/uk-time";
import { test } from "./fixtures/app-test";
import { expectNoAxeViolations } from "./support/axe";
import { openCompany } from "./support/company";
import { createWeek, screenshotBoth, signIn, submitWeek, WEEK_ENDING } from "./support/supervisor";

/**
 * A driver who sets up a company and drives for it too: their week ending WEEK_ENDING, with `days` over the five
 * standard shifts, sent and approved by the office. Then the Company screen's exports, for that week ending.
 */
async function approvedWeekToExport(
  page: Page,
  who: { driver: string; company: string; plantNumber: string },
  days: Record<string, unknown> = {},
) {
  await signIn(page, who.driver);
  const made = await page.request.post("/api/organisations", { data: { name: who.company } });
  expect(made.status(), await made.text()).toBe(201);
  const companyId = ((await made.json()) as { id: string }).id;
  const week = await createWeek(page, { driverSignedName: who.driver, plantNumber: who.plantNumber });
  await submitWeek(page, week, who.driver, days);
  const approved = await page.request.post(
    `/api/organisations/${companyId}/review/${week.timesheetId}/approve`,
    { data: { rating: "happy" } },
  );
  expect(approved.status(), await approved.text()).toBe(200);
  await openCompany(page);
  const exports = page.getByRole("region", { name: "Export Approved Weeks" });
  await exports.getByLabel("Week ending from").fill(WEEK_ENDING);
  await exports.getByLabel("Week ending to").fill(WEEK_ENDING);
  return exports;
}

test("an admin downloads the approved week's hours as a CSV from the Company screen", async ({ page }) => {
  test.setTimeout(120_000);
  // The admin drives too: a week of five 9-hour days, sent and approved by the office.
  const exports = await approvedWeekToExport(page, {
    driver: "Siôn Jones",
    company: "Acme Plant Hire Ltd",
    plantNumber: "EX-777",
  });
  await exports.getByLabel("Week ending to").fill("2026-11-01");
  await expect(exports.getByRole("alert")).toHaveText("The end date must not be before the start date");
  await exports.getByLabel("Week ending to").fill(WEEK_ENDING);
  await expectNoAxeViolations(page);
  const download = page.waitForEvent("download");
  await exports.getByRole("link", { name: "Hours (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`plant-sheets-hours-${WEEK_ENDING}-to-${WEEK_ENDING}.csv`);
  const text = await readFile((await file.path())!, "utf8");
  const lines = text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe(HOURS_COLUMNS.join(","));
  // Monday to Friday, 9 net hours each, under the driver's name as typed.
  expect(lines.slice(1)).toHaveLength(5);
  for (const line of lines.slice(1)) {
    expect(line).toContain("Siôn Jones,EX-777");
    expect(line.split(",")).toContain("9");
  }
});

test("an export over the row cap says to narrow the date range, and nothing is downloaded", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Every day of the week and the week's invoice line: eight rows in the workbook, one more than this server's cap
  // (EXPORT_MAX_ROWS in the config).
  const exports = await approvedWeekToExport(
    page,
    { driver: "Gail Grader", company: "Grader Hire Ltd", plantNumber: "GR-200" },
    { saturdayStart: "07:00", saturdayFinish: "12:00", sundayStart: "08:00", sundayFinish: "10:00" },
  );
  let downloaded = false;
  page.on("download", () => {
    downloaded = true;
  });
  await exports.getByRole("link", { name: "Hours, Defects and Invoice Lines (Excel)" }).click();
  await expect(exports.getByRole("alert")).toHaveText(english("apiError.exportTooManyRows", { maxRows: 7 }));
  await expectNoAxeViolations(page);
  await exports.scrollIntoViewIfNeeded();
  await screenshotBoth(page, "export-too-many-rows", {
    folder: "test-results/company-exports",
    fullPage: false,
  });
  expect(downloaded).toBe(false);
});

test("an admin downloads the approved week's invoice lines beside the other exports, the chargeable hours as signed", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Five 9-hour days, Wednesday's afternoon broken down: 40.5 hours charged under the default terms.
  const exports = await approvedWeekToExport(
    page,
    { driver: "Maria Santos", company: "Santos Plant Ltd", plantNumber: "EX-310" },
    {
      hireDays: {
        ...emptyHireDays(),
        ...Object.fromEntries(["monday", "tuesday", "thursday", "friday"].map((day) => [day, workedDay(9)])),
        wednesday: { ...workedDay(4.5), breakdown: 4.5, breakdownReason: "hydraulics" },
      },
    },
  );
  const approvedOn = ukIsoDate(new Date());
  await expect(exports.getByRole("list", { name: "Downloads" }).getByRole("link")).toHaveText([
    "Hours (CSV)",
    "Defects (CSV)",
    "Invoice Lines (CSV)",
    "Hours, Defects and Invoice Lines (Excel)",
  ]);
  // Each link's words fit a narrow phone, wrapping rather than cut off.
  await page.setViewportSize({ width: 360, height: 800 });
  for (const link of await exports.getByRole("link").all()) {
    expect(await link.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
  await expectNoAxeViolations(page);
  await exports.scrollIntoViewIfNeeded();
  await screenshotBoth(page, "export-invoice-lines", {
    folder: "test-results/company-exports",
    fullPage: false,
  });

  const download = page.waitForEvent("download");
  await exports.getByRole("link", { name: "Invoice Lines (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`plant-sheets-invoice-lines-${WEEK_ENDING}-to-${WEEK_ENDING}.csv`);
  const lines = (await readFile((await file.path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe(INVOICE_LINE_COLUMNS.join(","));
  // One line: the customer and machine of the week, 40.5 normal hours, the 4.5 broken down beside them, 45 net.
  expect(lines.slice(1)).toEqual([
    `${WEEK_ENDING},BuildCo Civils,,EX-310,40.5,0,0,0,40.5,4.5,45,1,${approvedOn}`,
  ]);
});
