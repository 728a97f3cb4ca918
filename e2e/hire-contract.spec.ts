import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { INVOICE_LINE_COLUMNS } from "../src/domain/company/invoice-lines";
import { messages } from "../src/domain/text/messages";
import { pdfText } from "../src/server/pdf/pdf-text";
import { test } from "./fixtures/app-test";
import { logIn, logInOnClock } from "./fixtures/drivers";
import { waitForMailTo } from "./fixtures/mailbox";
import { answerMachineSafe, choose } from "./support/check-sheet-wizard";
import { createCompany, driverJoinLink, joinByLink, openCompany, phone } from "./support/company";
import { nextStep, rateAndAddress, sign, startFormFromHome } from "./support/form-wizard";
import { dayCard } from "./support/timesheet-wizard";

/**
 * The hire contract through the screens: a check that stands the machine down becomes the week's breakdown, the
 * admin's fix ends it, and the client signs the chargeable hours the PDF and the office then show.
 */

const DESK = { width: 1280, height: 800 };
test.use({ actionTimeout: 30_000 });
const COMPANY = "Contract Plant Hire Ltd";
const CUSTOMER = "Severn Valley Homes";
/** A machine of the fleet a new company starts with. */
const PLANT = "EX-001";

async function submitToOffice(page: Page, noun: "timesheet" | "check sheet") {
  await page.getByRole("button", { name: "Submit to office" }).click();
  await expect(page.getByRole("status").filter({ hasText: messages.sentTitle(noun) })).toContainText(
    messages.sentToOffice(COMPANY),
    { timeout: 20_000 },
  );
}

test("a Wednesday check stands the machine down, the week's timesheet carries its breakdown to Friday's fix, and the client signs the chargeable hours the PDF and the office show", async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  // The office at a desk: the company, and a join code for the driver.
  await page.setViewportSize(DESK);
  await logIn(page, "Olive Office");
  await createCompany(page, COMPANY);
  const joinLink = await driverJoinLink(page, COMPANY);

  // The driver's phone lives on Wednesday 18 November from noon: the check is signed then (the server's clock
  // is today's, and takes a signature made before it).
  const driver = await phone(browser);
  await logInOnClock(
    driver,
    "Dana Driver",
    `dana-${Date.now()}@contract-plant.co.uk`,
    new Date("2026-11-18T12:00:00Z"),
  );
  await joinByLink(driver, joinLink, COMPANY);

  // The check finds the hoses leaking and stands the machine down.
  await startFormFromHome(driver, "check-sheet", CUSTOMER);
  await driver.getByLabel("Check Date").fill("2026-11-18");
  await driver.getByLabel("Company on hire to").fill(CUSTOMER);
  await nextStep(driver, "QR Scanner & Vehicle Info");
  await driver.getByLabel("Plant/Registration Number").fill(PLANT);
  await nextStep(driver, "Daily Safety Check");
  await choose(driver, "Hoses", "Defect");
  await driver.getByLabel("Defects Notes").fill("Hydraulic hose leaking at the boom");
  await answerMachineSafe(driver, "No, stood down");
  await nextStep(driver, "Photo Documentation");
  await nextStep(driver, "Driver Signature");
  await sign(driver, "Driver/Operator Signature", "Dana Driver", "Operator Signature");
  await sign(driver, "Supervisor Signature", "Chris Client");
  await driver.getByLabel("DATE").fill("2026-11-18");
  await submitToOffice(driver, "check sheet");

  // The week's timesheet opens with Wednesday afternoon to Friday as breakdown from that check.
  await startFormFromHome(driver, "timesheet", CUSTOMER);
  await driver.getByLabel("Week Ending").fill("2026-11-21");
  await driver.getByLabel("Company on hire to").fill(CUSTOMER);
  await nextStep(driver, "Vehicle Info & Machine Hours");
  await driver.getByLabel("Plant/Registration Number").fill(PLANT);
  await nextStep(driver, "Weekly Timesheet");
  const fromCheck = "Breakdown from Daily Check 18/11/2026, 12:00, Hoses";
  await expect(dayCard(driver, "Wednesday").getByText(fromCheck)).toBeVisible();
  await expect(dayCard(driver, "Thursday").getByText(fromCheck)).toBeVisible();
  await expect(dayCard(driver, "Friday").getByText(fromCheck)).toBeVisible();
  await expect(dayCard(driver, "Tuesday").getByText(fromCheck)).toHaveCount(0);
  await dayCard(driver, "Friday").getByText("Hours by kind").click();
  await expect(dayCard(driver, "Friday").getByLabel("Breakdown hours")).toHaveValue("9");
  await nextStep(driver, "Driver Signature");

  // The admin marks the machine fixed on Friday at 10:00, from the fleet.
  await openCompany(page);
  const fleet = page.getByRole("region", { name: "Fleet and Defects" });
  const machine = fleet.getByRole("listitem").filter({ hasText: PLANT }).first();
  await expect(machine.getByText("Off hire: stood down")).toBeVisible();
  await machine.getByRole("button", { name: "Mark Fixed" }).click();
  await machine.getByLabel("What was done").fill("Hose replaced by the fitter");
  await machine.getByLabel("Fixed at").fill("2026-11-20T10:00");
  await machine.getByRole("button", { name: "Save Fix" }).click();
  await expect(machine.getByText("Off hire: stood down")).toHaveCount(0);

  // Back on the week, Friday's breakdown ends at 10:00; the driver's +9 Hours fill the rest of each day worked.
  await driver.getByRole("button", { name: "Previous" }).click();
  await dayCard(driver, "Friday").getByText("Hours by kind").click();
  await expect(dayCard(driver, "Friday").getByLabel("Breakdown hours")).toHaveValue("3");
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) {
    await dayCard(driver, day).getByRole("button", { name: "+9 Hours" }).click();
  }
  await expect(dayCard(driver, "Wednesday").getByText("Split: Worked 4.5, Breakdown 4.5")).toBeVisible();
  await expect(
    dayCard(driver, "Thursday").getByRole("button", { name: "Breakdown", pressed: true }),
  ).toBeVisible();
  await expect(dayCard(driver, "Friday").getByText("Split: Worked 6, Breakdown 3")).toBeVisible();
  await nextStep(driver, "Driver Signature");

  // The chargeable hours under the default terms, from the rule in words: Monday and Tuesday 9 worked; Wednesday
  // 4.5 worked, over its 8 h minimum less 4.5 broken down; Thursday none (8 less 9 broken down); Friday 6 worked,
  // over its 7 h minimum less 3. Normal 28.5 in all; 16.5 h of breakdown not charged.
  const charge = driver.getByRole("region", { name: "Chargeable hours" });
  const row = (name: string) => charge.getByRole("row", { name: new RegExp(`^${name} `) });
  await expect(row("Monday")).toHaveText(/^Monday\s*Normal\s9$/);
  await expect(row("Tuesday")).toHaveText(/^Tuesday\s*Normal\s9$/);
  await expect(row("Wednesday")).toHaveText(/^Wednesday\s*Normal\s4\.5$/);
  await expect(row("Thursday")).toHaveCount(0);
  await expect(row("Friday")).toHaveText(/^Friday\s*Normal\s6$/);
  await expect(row("Week")).toHaveText(
    /^Week\s*Normal\s28\.5\s·\sOvertime\s0\s·\sWeekend\s0\s·\sStanding\s0$/,
  );
  await expect(charge.locator("output")).toHaveText("28.5");
  await expect(charge.getByText("Breakdown, not charged").locator("..")).toContainText("16.5");

  await sign(driver, "Operator Signature", "Dana Driver");
  await sign(driver, "Client Signature", "Chris Client");
  await driver.getByLabel("Signature Date").fill("2026-11-21");
  const client = `site-office-${Date.now()}@severn-valley.co.uk`;
  await rateAndAddress(driver, client);
  await submitToOffice(driver, "timesheet");

  // The client's PDF prints the same figures, and where the breakdown came from.
  const mail = await waitForMailTo(client);
  const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
  const text = (await pdfText(pdf!.content)).replace(/\s+/g, " ");
  for (const expected of [
    "Wednesday 07:00 16:30 30 9.0 4.5 - 4.5 - 4.5 Breakdown: Hydraulics Breakdown from Daily Check 18/11/2026, 12:00, Hoses",
    "Thursday 07:00 16:30 30 9.0 - - 9.0 - 0.0",
    "Friday 07:00 16:30 30 9.0 6.0 - 3.0 - 6.0",
    "NORMAL 28.5 OVERTIME 0.0 WEEKEND 0.0 STANDING 0.0 TOTAL CHARGEABLE 28.5",
    "BREAKDOWN, NOT CHARGED 16.5",
  ]) {
    expect(text).toContain(expected);
  }

  // The office's review shows the same chargeable hours and the breakdown beside them.
  await page.goto("/?tab=company");
  await page.getByRole("link", { name: "Office Review" }).click({ timeout: 20_000 });
  const week = page.getByRole("table").locator("tbody tr").filter({ hasText: "Dana Driver" });
  await expect(week).toContainText("28.5");
  await expect(week).toContainText("16.5 h breakdown");

  // The office approves the week, and its invoice lines bill the same hours.
  await week.getByRole("button", { name: /Dana Driver/ }).click();
  const approve = page.getByRole("region", { name: "Opened week" }).getByRole("form", { name: "Approve" });
  await approve.getByText("Excellent").click();
  await approve.getByRole("button", { name: "Approve Week" }).click();
  await expect(week).toContainText("Approved");
  await openCompany(page);
  const exports = page.getByRole("region", { name: "Export Approved Weeks" });
  await exports.getByLabel("Week ending from").fill("2026-11-21");
  await exports.getByLabel("Week ending to").fill("2026-11-21");
  const download = page.waitForEvent("download");
  await exports.getByRole("link", { name: "Invoice Lines (CSV)" }).click();
  const lines = (await readFile((await (await download).path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe(INVOICE_LINE_COLUMNS.join(","));
  // Normal 28.5, no overtime, weekend or standing, 28.5 chargeable, 16.5 broken down, 45 net, one timesheet.
  expect(lines.slice(1)).toEqual([
    expect.stringMatching(
      new RegExp(`^2026-11-21,${CUSTOMER},,${PLANT},28\\.5,0,0,0,28\\.5,16\\.5,45,1,\\d{4}-\\d{2}-\\d{2}$`),
    ),
  ]);
});
