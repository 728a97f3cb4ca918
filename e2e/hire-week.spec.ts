import { expect, type Locator, type Page } from "@playwright/test";
import { pdfText } from "../src/server/pdf/pdf-text";
import { test } from "./fixtures/app-test";
import { waitForMailTo } from "./fixtures/mailbox";
import { plainCustomer } from "./support/form-wizard";
import { dayCard, nextStep, sign, startTimesheetFromHome } from "./support/timesheet-wizard";

/** Picks a reason from a day's list: the list is a button that opens its options. */
async function pickReason(page: Page, day: Locator, label: string, reason: string) {
  await day.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: reason }).click();
}

test("a driver gives each day its kind with a tap or by hours, and the client signs the chargeable hours the PDF prints", async ({
  page,
  request,
}) => {
  // A whole week through every step, then the emailed PDF: longer than one screen's budget.
  test.slow();
  const customer = await plainCustomer(request);
  await startTimesheetFromHome(page, customer.name);
  await page.getByLabel("Week Ending").fill("2026-11-21");
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  await page.getByLabel("Company on hire to").fill("Pennine Groundworks Ltd");
  await page.getByLabel("Driver Full Name").fill("Sam Driver");
  await nextStep(page, "Vehicle Info & Machine Hours");
  await page.getByLabel("Plant/Registration Number").fill("EX-042");
  await nextStep(page, "Weekly Timesheet");

  // Monday: +9 Hours is a day worked, one tap.
  const monday = dayCard(page, "Monday");
  await monday.getByRole("button", { name: "+9 Hours" }).click();
  await expect(monday.getByRole("button", { name: "Worked", pressed: true })).toBeVisible();

  // Tuesday: 2 of its 9 hours standing, which needs a reason before anything else.
  const tuesday = dayCard(page, "Tuesday");
  await tuesday.getByRole("button", { name: "+9 Hours" }).click();
  await tuesday.getByText("Hours by kind").click();
  await tuesday.getByLabel("Standing hours").fill("2");
  await expect(tuesday.getByRole("alert")).toHaveText("Choose why the machine was standing.");
  await pickReason(page, tuesday, "Why was it standing?", "Weather");
  await expect(tuesday.getByRole("alert")).toHaveCount(0);
  await expect(tuesday.getByText("Split: Worked 7, Standing 2")).toBeVisible();

  // Wednesday: more hours by kind than the day holds is refused in words, then put right.
  const wednesday = dayCard(page, "Wednesday");
  await wednesday.getByRole("button", { name: "+9 Hours" }).click();
  await wednesday.getByText("Hours by kind").click();
  await wednesday.getByLabel("Breakdown hours").fill("10");
  await expect(wednesday.getByRole("alert").first()).toHaveText(
    "The hours by kind add up to 10 h, but the day's start, finish and break give 9 h.",
  );
  await wednesday.getByLabel("Breakdown hours").fill("4.5");
  await pickReason(page, wednesday, "What broke down?", "Hydraulics");
  await expect(wednesday.getByRole("alert")).toHaveCount(0);

  // Thursday: broken down all day without times, one tap; its reason is left out for now.
  const thursday = dayCard(page, "Thursday");
  await thursday.getByRole("button", { name: "Breakdown", exact: true }).click();
  await expect(thursday.getByRole("button", { name: "Breakdown", pressed: true })).toBeVisible();
  await expect(thursday.getByLabel("Breakdown hours")).toHaveValue("8");

  // Friday: not on hire.
  await dayCard(page, "Friday").getByRole("button", { name: "Not on hire" }).click();
  await nextStep(page, "Driver Signature");

  // The missing reason stops the submit and says which day; the driver goes back and gives it.
  const status = page.getByRole("status").filter({ hasText: /Required|hours by kind|Ready to submit/ });
  await expect(status).toContainText("Thursday: hours by kind");
  await expect(status).toContainText("Choose what broke down.");
  await page.getByRole("button", { name: "Previous" }).click();
  await pickReason(page, dayCard(page, "Thursday"), "What broke down?", "Hydraulics");
  await nextStep(page, "Driver Signature");

  // The client sees what they sign for under the default terms: Monday 9 normal; Tuesday 7 normal and 2 standing;
  // Wednesday 4.5 worked, over its minimum of 8 less 4.5 broken down; Thursday nothing (8 - 8); Friday off hire.
  const charge = page.getByRole("region", { name: "Chargeable hours" });
  const row = (name: string) => charge.getByRole("row", { name: new RegExp(`^${name} `) });
  await expect(row("Monday")).toHaveText(/^Monday\s*Normal\s9$/);
  await expect(row("Tuesday")).toHaveText(/^Tuesday\s*Normal\s7\s·\sStanding\s2$/);
  await expect(row("Wednesday")).toHaveText(/^Wednesday\s*Normal\s4\.5$/);
  await expect(row("Thursday")).toHaveCount(0);
  await expect(row("Week")).toHaveText(
    /^Week\s*Normal\s20\.5\s·\sOvertime\s0\s·\sWeekend\s0\s·\sStanding\s2$/,
  );
  await expect(charge.getByText("Total chargeable")).toBeVisible();
  await expect(charge.locator("output")).toHaveText("22.5");
  await expect(charge.getByText("Breakdown, not charged")).toBeVisible();
  await expect(charge.getByText("Standing time charged")).toBeVisible();

  await sign(page, "Operator Signature", "Sam Driver");
  await sign(page, "Client Signature", "Chris Client");
  await page.getByLabel("Signature Date").fill("2026-11-21");
  await page
    .getByRole("region", { name: "Rate Driver Performance" })
    .getByRole("button", { name: "Excellent" })
    .click();
  const email = page
    .getByRole("region", { name: "Email Submission" })
    .getByRole("textbox", { name: "Client email" });
  await email.fill("hire-week@pennine-groundworks.co.uk");
  await expect(status).toContainText("Ready to submit");
  await page.getByRole("button", { name: "Complete & Email Timesheet" }).click();

  const mail = await waitForMailTo("hire-week@pennine-groundworks.co.uk");
  const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
  const text = (await pdfText(pdf!.content)).replace(/\s+/g, " ");
  for (const expected of [
    "Tuesday 07:00 16:30 30 9.0 7.0 2.0 - - 9.0 Standing: Weather",
    "Wednesday 07:00 16:30 30 9.0 4.5 - 4.5 - 4.5 Breakdown: Hydraulics",
    "Thursday - - - - - - 8.0 - 0.0 Breakdown: Hydraulics",
    "Friday - - - - Not on hire",
    "NORMAL 20.5 OVERTIME 0.0 WEEKEND 0.0 STANDING 2.0 TOTAL CHARGEABLE 22.5",
    "BREAKDOWN, NOT CHARGED 12.5",
  ]) {
    expect(text).toContain(expected);
  }
});
