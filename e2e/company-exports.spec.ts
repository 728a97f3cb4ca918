import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { HOURS_COLUMNS } from "../src/domain/exports";
import { test } from "./fixtures/app-test";
import { expectNoAxeViolations } from "./support/axe";
import { openCompany } from "./support/company";
import { createWeek, putForm, signIn, signWeek, WEEK_ENDING } from "./support/supervisor";

test("an admin downloads the approved week's hours as a CSV from the Company screen", async ({ page }) => {
  test.setTimeout(120_000);
  const driver = "Siôn Jones";
  await signIn(page, driver);
  const made = await page.request.post("/api/organisations", { data: { name: "Acme Plant Hire Ltd" } });
  expect(made.status(), await made.text()).toBe(201);
  const companyId = ((await made.json()) as { id: string }).id;
  // The admin drives too: a week of five 9-hour days, sent and approved by the office.
  const week = await createWeek(page, { driverSignedName: driver, plantNumber: "EX-777" });
  await signWeek(page, week, driver);
  await putForm(page, "/api/timesheets", week.timesheetId, { status: "ready_for_approval" });
  const approved = await page.request.post(
    `/api/organisations/${companyId}/review/${week.timesheetId}/approve`,
    { data: { rating: "happy" } },
  );
  expect(approved.status(), await approved.text()).toBe(200);

  await openCompany(page);
  const exports = page.getByRole("region", { name: "Export Approved Weeks" });
  await exports.getByLabel("Week ending from").fill(WEEK_ENDING);
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
