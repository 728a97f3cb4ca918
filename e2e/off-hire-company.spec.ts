import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { pdfImages } from "../src/server/pdf/pdf-images";
import { test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { mailsTo, waitForMailTo } from "./fixtures/mailbox";
import { jpegFile, pickPhotos } from "./support/check-sheet-wizard";
import { createCompany, driverJoinLink, joinByLink, phone, setConfirmedWorkshop } from "./support/company";
import { nextStep, rateAndAddress, sign, startFormFromHome, toastRegion } from "./support/form-wizard";
import { waitForOfflineReady } from "./support/offline";
import { expectToStay } from "./support/stays";
import { dayCard } from "./support/timesheet-wizard";

/**
 * The end of a company's hire through the screens: the driver's off-hire note, finished without signal, reaches the
 * client, the hire desk the admin picked and the workshop once each with its photo, and the office finds it beside
 * the week it ends.
 */

const DESK = { width: 1280, height: 800 };
test.use({ actionTimeout: 30_000 });
const COMPANY = "Ending Plant Hire Ltd";
const CUSTOMER = "Severn Valley Homes";
const DRIVER = "Owen Offhire";
/** A machine of the fleet a new company starts with. */
const PLANT = "EX-001";

async function signAndRate(
  page: Page,
  operatorBlock: string,
  clientBlock: string,
  date: string,
  client: string,
) {
  await sign(page, operatorBlock, DRIVER);
  await sign(page, clientBlock, "Chris Client");
  await page.getByLabel("Signature Date").fill(date);
  await rateAndAddress(page, client);
}

test("a company driver's off-hire note finished without signal reaches the client, the hire desk and the workshop once with its photo, and the office finds it beside the week it ends", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // The office at a desk: the company, its workshop address, its hire desk and a join code.
  await page.setViewportSize(DESK);
  const hireDesk = `hugo-${randomUUID().slice(0, 8)}@ending-plant.co.uk`;
  await logIn(page, "Hugo Hiredesk", hireDesk);
  await createCompany(page, COMPANY);
  const workshop = `workshop-${randomUUID().slice(0, 8)}@ending-plant.co.uk`;
  await setConfirmedWorkshop(page, browser, workshop);
  const desk = page.getByRole("region", { name: "Hire Desk" });
  await desk.getByRole("combobox", { name: "Off-hire notes go to" }).click();
  await page.getByRole("option", { name: `Hugo Hiredesk (${hireDesk})` }).click();
  await expect(toastRegion(page).getByText("Off-hire notes now go to Hugo Hiredesk.")).toBeVisible();
  const joinLink = await driverJoinLink(page, COMPANY);

  const driver = await phone(browser);
  await logIn(driver, DRIVER);
  await joinByLink(driver, joinLink, COMPANY);

  // The week's timesheet, to the office.
  await startFormFromHome(driver, "timesheet", CUSTOMER);
  await driver.getByLabel("Week Ending").fill("2026-11-21");
  await driver.getByLabel("Company on hire to").fill(CUSTOMER);
  await nextStep(driver, "Vehicle Info & Machine Hours");
  await driver.getByLabel("Plant/Registration Number").fill(PLANT);
  await nextStep(driver, "Weekly Timesheet");
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) {
    await dayCard(driver, day).getByRole("button", { name: "+9 Hours" }).click();
  }
  await nextStep(driver, "Driver Signature");
  const client = `site-office-${randomUUID().slice(0, 8)}@severn-valley.co.uk`;
  await signAndRate(driver, "Operator Signature", "Client Signature", "2026-11-20", client);
  await driver.getByRole("button", { name: "Submit to office" }).click();
  await expect(driver.getByRole("status").filter({ hasText: messages.sentTitle("timesheet") })).toContainText(
    messages.sentToOffice(COMPANY),
    { timeout: 20_000 },
  );

  // Friday afternoon the hire ends; the site has no signal from the photo on.
  await startFormFromHome(driver, "off-hire", CUSTOMER);
  await waitForOfflineReady(driver);
  await driver.getByLabel("Driver Full Name").fill(DRIVER);
  await driver.getByLabel("Off-Hire Date").fill("2026-11-20");
  await driver.getByLabel("Time Off Hire").fill("16:30");
  await nextStep(driver, "QR Scanner & Vehicle Info");
  await driver.getByLabel("Plant/Registration Number").fill(PLANT);
  await nextStep(driver, "Meter, Fuel & Condition");
  await driver.getByLabel("Hour Meter Reading").fill("1245");
  await driver.getByLabel("Collection Reference").fill("COL-2211");
  await nextStep(driver, "Photo Documentation");
  await driver.context().setOffline(true);
  const dialog = await pickPhotos(driver, [await jpegFile(driver, "left-side.jpg", 640, 480, "#4a5d23")]);
  await dialog.getByRole("button", { name: "Upload 1 photo" }).click();
  await expect(dialog).toBeHidden();
  await nextStep(driver, "Driver Signature");
  const offHireClient = `foreman-${randomUUID().slice(0, 8)}@severn-valley.co.uk`;
  await signAndRate(driver, "Operator Signature", "Client / Foreman Signature", "2026-11-20", offHireClient);
  await driver.getByRole("button", { name: "Complete & Email Off-Hire Note" }).click();
  await expect(driver.getByText(messages.savedOnPhone)).toBeVisible();
  expect(await mailsTo(offHireClient)).toBe(0);

  // Signal again: the client, the hire desk and the workshop each get the note once, its photo painted in the PDF.
  await driver.context().setOffline(false);
  const subject = "Off-Hire Note - EX-001 - 20/11/2026";
  for (const to of [offHireClient, hireDesk, workshop]) {
    const mail = await waitForMailTo(to, subject);
    const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
    if (!pdf) throw new Error(`The email to ${to} has no PDF`);
    // Both signatures and the photo.
    expect((await pdfImages(new Uint8Array(pdf.content))).flat()).toHaveLength(3);
  }
  await expectToStay(() => mailsTo(offHireClient), 1, `emails to ${offHireClient}`);
  // Each had one mail before (the account's sign-up, the workshop's confirmation link), then the note: nothing twice.
  await expectToStay(() => mailsTo(hireDesk), 2, `emails to ${hireDesk}`);
  await expectToStay(() => mailsTo(workshop), 2, `emails to ${workshop}`);

  // The office finds the note beside the week it ends, and opens it.
  await page.goto("/?tab=company");
  await page.getByRole("link", { name: "Office Review" }).click({ timeout: 20_000 });
  const week = page.getByRole("table").locator("tbody tr").filter({ hasText: DRIVER });
  await expect(week).toContainText("Off hire 20/11/2026, 16:30");
  await week.getByRole("button", { name: new RegExp(DRIVER) }).click();
  await page.screenshot({ path: "test-results/off-hire-in-review.png" });
  await page
    .getByRole("region", { name: "Opened week" })
    .getByRole("link", { name: "Open Off-Hire Note of 20/11/2026" })
    .click();
  await expect(page.getByRole("heading", { name: "Off-Hire Note", level: 1 })).toBeVisible();
  await expect(page.getByText("COL-2211")).toBeVisible();
});
