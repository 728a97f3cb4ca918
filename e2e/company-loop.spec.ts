import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { HOURS_COLUMNS } from "../src/domain/company/exports";
import {
  fixFormLabel,
  reopenedHeading,
  returnedFormsBanner,
  returnedFormTitle,
  sentBackHeading,
} from "../src/domain/forms/sent-back";
import { messages } from "../src/domain/text/messages";
import { test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { waitForMailTo } from "./fixtures/mailbox";
import { answerMachineSafe, choose } from "./support/check-sheet-wizard";
import { openCompany, phone } from "./support/company";
import { nextStep, sign, startFormFromHome, stepHeading } from "./support/form-wizard";
import { readQrCodeOf } from "./support/qr-image";
import { screenshotBoth } from "./support/supervisor";
import { dayCard } from "./support/timesheet-wizard";
import { webhookReceiver } from "./support/webhook-receiver";

/**
 * A company's week through its screens only: the accounts are made by the sign-up API (the sign-up screens have
 * their own tests), and from there every state is reached by tapping what a driver or the office taps.
 */

const DESK = { width: 1280, height: 800 };

// A tap that cannot happen fails within the minute, not at the end of the whole loop's time.
test.use({ actionTimeout: 30_000 });
const SHOTS = "test-results/company-loop";
const COMPANY = "Loop Plant Hire Ltd";
/** A sample customer of a new company that asks for no order number. */
const CUSTOMER = "Severn Valley Homes";
/** Each driver's week: Dana's ends 21/11/2026, Eric's a week before. */
const WEEKS = {
  dana: {
    ending: "2026-11-21",
    checks: ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"],
  },
  eric: {
    ending: "2026-11-14",
    checks: ["2026-11-09", "2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13"],
  },
};

interface Driver {
  page: Page;
  name: string;
  plant: string;
  email: string;
  week: (typeof WEEKS)["dana"];
}

/** The signature step's finish for a company member: the client's copy by mail, and the week to the office. */
async function submitToOffice(page: Page, noun: "timesheet" | "check sheet", button = "Submit to office") {
  await page.getByRole("button", { name: button }).click();
  const sent = page.getByRole("status").filter({ hasText: messages.sentTitle(noun) });
  await expect(sent)
    .toContainText(messages.sentToOffice(COMPANY), { timeout: 20_000 })
    .catch(async (error) => {
      await page.screenshot({ path: `${SHOTS}/not-submitted.png`, fullPage: true });
      throw error;
    });
  return sent;
}

/** The driver's week on the phone: Monday to Friday at nine hours, signed by the driver and the client. */
async function submitTimesheet(driver: Driver, clientEmail: string): Promise<void> {
  const { page } = driver;
  await startFormFromHome(page, "timesheet", CUSTOMER);
  await page.getByLabel("Week Ending").fill(driver.week.ending);
  await page.getByLabel("Site Location").fill("Leeds Ring Road");
  await page.getByLabel("Company on hire to").fill(CUSTOMER);
  await expect(page.getByLabel("Driver Full Name")).toHaveValue(driver.name);
  await nextStep(page, "Vehicle Info & Machine Hours");
  await page.getByLabel("Machine/Vehicle Type").fill("13T Excavator");
  await page.getByLabel("Plant/Registration Number").fill(driver.plant);
  await nextStep(page, "Weekly Timesheet");
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) {
    await dayCard(page, day).getByRole("button", { name: "+9 Hours" }).click();
  }
  await nextStep(page, "Driver Signature");
  await sign(page, "Operator Signature", driver.name);
  await sign(page, "Client Signature", "Chris Client");
  await page.getByLabel("Signature Date").fill(driver.week.ending);
  await rate(page);
  await page
    .getByRole("region", { name: "Email Submission" })
    .getByRole("textbox", { name: "Client email" })
    .fill(clientEmail);
  const sent = await submitToOffice(page, "timesheet");
  await expect(sent).toContainText(clientEmail);
}

async function rate(page: Page): Promise<void> {
  await page
    .getByRole("region", { name: "Rate Driver Performance" })
    .getByRole("button", { name: "Excellent" })
    .click();
}

/** One day's check of the driver's machine on the phone, a defect found where `defect` says. */
async function submitCheckSheet(driver: Driver, checkDate: string, defect?: string): Promise<void> {
  const { page } = driver;
  await startFormFromHome(page, "check-sheet", CUSTOMER);
  await page.getByLabel("Check Date").fill(checkDate);
  await page.getByLabel("Site Location").fill("Leeds Ring Road");
  await page.getByLabel("Company on hire to").fill(CUSTOMER);
  await nextStep(page, "QR Scanner & Vehicle Info");
  await page.getByLabel("Machine/Vehicle Type").fill("13T Excavator");
  await page.getByLabel("Plant/Registration Number").fill(driver.plant);
  await nextStep(page, "Daily Safety Check");
  await choose(page, "Tyres", defect ? "Defect" : "Pass");
  await choose(page, "Lights", "Pass");
  if (defect) {
    await page.getByLabel("Defects Notes").fill(defect);
    await answerMachineSafe(page, "Yes");
  }
  await nextStep(page, "Photo Documentation");
  await nextStep(page, "Driver Signature");
  await sign(page, "Driver/Operator Signature", driver.name, "Operator Signature");
  await sign(page, "Supervisor Signature", "Chris Client");
  await page.getByLabel("DATE").fill(checkDate);
  await submitToOffice(page, "check sheet");
}

/** Back through the wizard's steps, as the driver taps Previous, to the step of this title. */
async function backTo(page: Page, title: string): Promise<void> {
  await expect(page.getByText(/^Step \d of \d$/)).toBeVisible();
  for (let taps = 0; taps < 5 && !(await stepHeading(page, title).isVisible()); taps++) {
    await page.getByRole("button", { name: "Previous" }).click();
  }
  await expect(stepHeading(page, title)).toBeVisible();
}

/** The home screen's banner of returned forms, and the way into one of them. */
async function openReturnedForm(driver: Driver, banner: string, title: string): Promise<void> {
  const { page } = driver;
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: banner })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: `${fixFormLabel}: ${title}` }).click();
}

/** The office's list of weeks, from the Company screen. */
async function openReview(page: Page): Promise<void> {
  await page.goto("/?tab=company");
  await page.getByRole("link", { name: "Office Review" }).click({ timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Office Review" })).toBeVisible();
}

const weekRow = (page: Page, driver: Driver) =>
  page.getByRole("table").locator("tbody tr").filter({ hasText: driver.name });

/** Opens a driver's week beside the list. */
async function openWeek(page: Page, driver: Driver) {
  await weekRow(page, driver)
    .getByRole("button", { name: new RegExp(driver.name) })
    .click();
  return page.getByRole("region", { name: "Opened week" });
}

async function sendBack(page: Page, driver: Driver, which: string, reason: string): Promise<void> {
  const form = (await openWeek(page, driver)).getByRole("form", { name: "Send Back" });
  await form.getByLabel("Which form").selectOption({ label: which });
  await form.getByLabel("Reason for the driver").fill(reason);
  await form.getByRole("button", { name: "Send Back to Driver" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sent back" })).toBeVisible();
}

async function approve(page: Page, driver: Driver) {
  const form = (await openWeek(page, driver)).getByRole("form", { name: "Approve" });
  await form.getByText("Excellent").click();
  await form.getByRole("button", { name: "Approve Week" }).click();
  return form;
}

/** The hours CSV of one week ending, downloaded from the Company screen: each row's driver and net hours. */
async function exportedHours(page: Page, weekEnding: string): Promise<string[][]> {
  await openCompany(page);
  const exports = page.getByRole("region", { name: "Export Approved Weeks" });
  await exports.getByLabel("Week ending from").fill(weekEnding);
  await exports.getByLabel("Week ending to").fill(weekEnding);
  const download = page.waitForEvent("download");
  await exports.getByRole("link", { name: "Hours (CSV)" }).click();
  const lines = (await readFile((await (await download).path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));
  const [header, ...rows] = lines;
  expect(header).toEqual([...HOURS_COLUMNS]);
  const driver = HOURS_COLUMNS.indexOf("Driver");
  const net = HOURS_COLUMNS.indexOf("Net hours");
  return rows.map((cells) => [cells[driver]!, cells[net]!]);
}

test("a company's week through the screens: two drivers submit, the office sends back, the drivers fix, the office approves, reopens and approves again", async ({
  page,
  browser,
}) => {
  // Twelve forms signed on phones and the office's whole week: 4 min on a quiet machine, far more on a busy one.
  test.setTimeout(900_000);
  let secret = "";
  const receiver = await webhookReceiver(() => secret);

  // The admin sets the company up at a desk, with the hire desk's webhook, and shows the induction's QR code.
  await page.setViewportSize(DESK);
  await logIn(page, "Olive Office");
  await openCompany(page);
  await page.getByLabel("Company name").fill(COMPANY);
  await page.getByRole("button", { name: "Create Company" }).click();
  await expect(page.getByRole("heading", { level: 3, name: COMPANY })).toBeVisible();
  const webhook = page.getByRole("region", { name: "Webhook for Payroll and Hire Desk" });
  await webhook.getByRole("textbox", { name: "Webhook address" }).fill(receiver.url);
  await webhook.getByRole("button", { name: "Set Up Webhook" }).click();
  secret = await webhook.getByRole("textbox", { name: "Signing secret (shown once)" }).inputValue();
  const join = page.getByRole("region", { name: "Join Code for a Site Induction" });
  await join.getByRole("button", { name: "Create Join Code" }).click();
  const [joinLink] = await readQrCodeOf(
    page.getByRole("img", { name: `QR code to join ${COMPANY} as a driver` }),
  );
  await page.getByRole("button", { name: "Done" }).click();

  const drivers: Driver[] = [];
  for (const [name, plant, week] of [
    ["Dana Driver", "EX-101", WEEKS.dana],
    ["Eric Earthmover", "DZ-202", WEEKS.eric],
  ] as const) {
    const driverPage = await phone(browser);
    const email = `${name.split(" ")[0]!.toLowerCase()}-${Date.now()}@loop-plant.co.uk`;
    await logIn(driverPage, name, email);
    const url = new URL(joinLink!);
    await driverPage.goto(`${url.pathname}${url.search}`);
    await driverPage.getByRole("button", { name: `Join ${COMPANY}` }).click({ timeout: 20_000 });
    await expect(driverPage.getByRole("status")).toHaveText(`You have joined ${COMPANY} as a driver.`);
    drivers.push({ page: driverPage, name, plant, email, week });
  }
  const [dana, eric] = drivers as [Driver, Driver];

  // Each driver's week on the phone: the timesheet, then a check each day; Dana's Wednesday finds a worn tyre.
  for (const driver of drivers) {
    await submitTimesheet(driver, `site-office-${Date.now()}@pennine-groundworks.co.uk`);
    await screenshotBoth(driver.page, `phone-timesheet-sent-${driver.plant}`, { folder: SHOTS });
    for (const date of driver.week.checks) {
      await submitCheckSheet(
        driver,
        date,
        driver === dana && date === "2026-11-18" ? "Tyre worn" : undefined,
      );
    }
  }

  // The office sees both weeks in, submitted, and sends Dana's timesheet and Wednesday's check back.
  await openReview(page);
  await expect(weekRow(page, dana)).toContainText("Submitted");
  await expect(weekRow(page, dana)).toContainText("45");
  await expect(weekRow(page, dana).locator("[data-defects]")).toHaveText("1");
  await expect(weekRow(page, eric)).toContainText("Submitted");
  await screenshotBoth(page, "desk-review-submitted", { folder: SHOTS });
  await sendBack(page, dana, "The timesheet", "Friday's finish time: you left at 15:30.");
  await sendBack(page, dana, "Check sheet of 18/11/2026", "Say which tyre, and whether it was changed.");
  await expect(weekRow(page, dana)).toContainText("Sent back");

  // Dana is told by mail and on her home screen, and fixes the timesheet first.
  const mailed = await waitForMailTo(dana.email, "Your company sent forms back to you on Plant Sheets");
  expect(mailed.text).toMatch(/Friday's finish time|Say which tyre/);
  await openReturnedForm(dana, returnedFormsBanner(2, 0), returnedFormTitle("timesheet", "21/11/2026"));
  await expect(dana.page.getByRole("note", { name: sentBackHeading })).toContainText("Friday's finish time");
  await screenshotBoth(dana.page, "phone-timesheet-sent-back", { folder: SHOTS });
  // A returned form opens where it was finished, at its signatures: the week is a step back.
  await backTo(dana.page, "Weekly Timesheet");
  const friday = dayCard(dana.page, "Friday");
  await friday.getByText("Enter times manually").click();
  await friday.getByLabel("Finish").fill("15:30");
  await nextStep(dana.page, "Driver Signature");
  await rate(dana.page);
  await submitToOffice(dana.page, "timesheet");

  // The office cannot approve while Wednesday's check is still with Dana, and is told which form holds it up.
  await page.getByRole("button", { name: "Refresh" }).click();
  const refused = await approve(page, dana);
  await expect(refused.getByRole("alert")).toContainText("18/11/2026");

  // Dana fixes the check.
  await openReturnedForm(dana, returnedFormsBanner(1, 0), returnedFormTitle("check-sheet", "18/11/2026"));
  await expect(dana.page.getByRole("note", { name: sentBackHeading })).toContainText("Say which tyre");
  await backTo(dana.page, "Daily Safety Check");
  await dana.page.getByLabel("Defects Notes").fill("Nearside rear tyre worn; changed at the depot");
  await nextStep(dana.page, "Photo Documentation");
  await nextStep(dana.page, "Driver Signature");
  await submitToOffice(dana.page, "check sheet");

  // Now whole, both weeks are approved.
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(weekRow(page, dana)).toContainText("Resubmitted");
  await approve(page, dana);
  await expect(weekRow(page, dana)).toContainText(/Approved \d\d\/\d\d\/\d{4}/);
  await approve(page, eric);
  await expect(weekRow(page, eric)).toContainText(/Approved \d\d\/\d\d\/\d{4}/);

  // The admin reopens Eric's timesheet: his Friday break was an hour.
  const reopen = (await openWeek(page, eric)).getByRole("form", { name: "Reopen" });
  await reopen.getByLabel("Which form").selectOption({ label: "The timesheet" });
  await reopen.getByLabel("Reason for reopening").fill("Friday's break was an hour, not 30 minutes.");
  await reopen.getByRole("button", { name: "Reopen Week" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reopened" })).toBeVisible();
  await screenshotBoth(page, "desk-review-reopened", { folder: SHOTS });

  await openReturnedForm(eric, returnedFormsBanner(0, 1), returnedFormTitle("timesheet", "14/11/2026"));
  await expect(eric.page.getByRole("note", { name: reopenedHeading })).toContainText("Friday's break");
  await screenshotBoth(eric.page, "phone-timesheet-reopened", { folder: SHOTS });
  await backTo(eric.page, "Weekly Timesheet");
  const ericFriday = dayCard(eric.page, "Friday");
  await ericFriday.getByText("Enter times manually").click();
  await ericFriday.getByLabel("Break (min)").fill("60");
  await nextStep(eric.page, "Driver Signature");
  await rate(eric.page);
  await submitToOffice(eric.page, "timesheet");
  await page.getByRole("button", { name: "Refresh" }).click();
  await approve(page, eric);
  await expect(weekRow(page, eric)).toContainText(/Approved \d\d\/\d\d\/\d{4}/);
  await screenshotBoth(page, "desk-review-approved", { folder: SHOTS });

  // The week as the desk now reads it: Friday's hours as fixed, and its history, every step in order.
  const ericsWeek = await openWeek(page, eric);
  await expect(ericsWeek.getByRole("list", { name: "Hours by day" }).getByRole("listitem").nth(4)).toHaveText(
    /^Fri\s*8\.5$/,
  );
  await expect(ericsWeek).toContainText(
    new RegExp(
      [
        "Submitted the timesheet of the week ending 14/11/2026 \\(Eric Earthmover\\)",
        "Approved the timesheet of the week ending 14/11/2026 by Olive Office",
        "Reopened the timesheet of the week ending 14/11/2026 by Olive Office. Why: Friday's break was an hour",
        "Resubmitted the timesheet of the week ending 14/11/2026 \\(Eric Earthmover\\) \\(Changed: Friday Break",
        "Approved the timesheet of the week ending 14/11/2026 by Olive Office",
      ].join(".*"),
    ),
  );

  // The exports hold the final hours: Dana left at 15:30 on Friday, Eric took an hour's break.
  expect(await exportedHours(page, WEEKS.dana.ending)).toEqual(
    ["9", "9", "9", "9", "8"].map((hours) => [dana.name, hours]),
  );
  expect(await exportedHours(page, WEEKS.eric.ending)).toEqual(
    ["9", "9", "9", "9", "8.5"].map((hours) => [eric.name, hours]),
  );
  await screenshotBoth(page, "desk-company", { folder: SHOTS });

  // The hire desk was told of each approval, signed: Dana's once, Eric's before and after the reopening.
  const approvals = () => receiver.calls.filter((call) => call.event === "set.approved");
  await expect.poll(() => approvals().length, { timeout: 20_000 }).toBe(3);
  expect(approvals().every((call) => call.verified)).toBe(true);
  // Each driver's calls in the order of the approvals; the two drivers' first calls may cross.
  const told = (driver: Driver) =>
    approvals()
      .filter((call) => call.body.data.driverName === driver.name)
      .map((call) => call.body.data.totalHours);
  expect(told(dana)).toEqual([44]);
  expect(told(eric)).toEqual([45, 44.5]);
  receiver.close();
  for (const driver of drivers) await driver.page.context().close();
});
