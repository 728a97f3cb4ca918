import { expect } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { pdfText } from "../src/server/pdf/pdf-text";
import { enableDemoMode, test } from "./fixtures/app-test";
import { waitForMailTo } from "./fixtures/mailbox";
import { plainCustomer } from "./support/form-wizard";
import {
  dayCard,
  dayNetHours,
  nextStep,
  sign,
  startTimesheetFromHome,
  stepHeading,
  toastRegion,
  totalHours,
} from "./support/timesheet-wizard";

test("an anonymous driver fills the whole week, signs, rates, and submits it in one step", async ({
  page,
  request,
}) => {
  // A whole week through every step, then the emailed PDF: longer than one screen's budget.
  test.slow();
  const customer = await plainCustomer(request);
  const timesheetCalls: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/api/timesheets") && path !== "/api/timesheets/one-step-completion") {
      timesheetCalls.push(`${r.method()} ${path}`);
    }
  });

  await enableDemoMode(page);
  await startTimesheetFromHome(page, customer.name);
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Form progress" })).toHaveAttribute(
    "aria-valuenow",
    "25",
  );
  await expect(page.getByText(customer.name)).toBeVisible();
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();

  // Step 1: a Monday is advised against, never refused; one tap picks that week's Saturday.
  await page.getByLabel("Week Ending").fill("2025-03-10");
  await expect(page.getByText(messages.weekEndingNotSaturday("Monday"))).toBeVisible();
  await page.getByRole("button", { name: "Use Saturday 15/03/2025" }).click();
  await expect(page.getByLabel("Week Ending")).toHaveValue("2025-03-15");
  await expect(page.getByText(messages.weekEndingNotSaturday("Monday"))).toBeHidden();
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  await page.getByLabel("Site Location").fill("Leeds Ring Road");
  await page.getByLabel("Company on hire to").fill("Pennine Groundworks Ltd");
  await page.getByLabel("Driver Full Name").fill("Sam Driver");
  await nextStep(page, "Vehicle Info & Machine Hours");
  await expect(page.getByText("Step 2 of 4")).toBeVisible();
  await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);

  // Step 2: the QR demo mode looks a sample code up and fills the machine and plant number.
  const lookup = page.waitForResponse((r) => r.url().includes("/api/vehicles/qr/PLANT-"));
  await page.getByRole("button", { name: "Scan QR Code" }).click();
  const scanner = page.getByRole("dialog", { name: "Scan QR Code" });
  await expect(scanner).toBeVisible();
  await scanner.getByRole("button", { name: "Simulate QR Detection" }).click();
  const vehicle = (await (await lookup).json()) as { machineNumber: string; plantNumber: string };
  await expect(scanner).toBeHidden();
  await expect(page.getByLabel("Machine/Vehicle Type")).toHaveValue(vehicle.machineNumber);
  await expect(page.getByLabel("Plant/Registration Number")).toHaveValue(vehicle.plantNumber);
  // A new timesheet takes the hour meter at the week's start and end; one going backwards is named at once.
  await page.getByLabel("Hour Meter (Start of Week)").fill("1234.5");
  await page.getByLabel("Hour Meter (End of Week)").fill("1200");
  await expect(page.getByRole("alert").filter({ hasText: "cannot go backwards" })).toBeVisible();
  await page.getByLabel("Hour Meter (End of Week)").fill("1260.8");
  await expect(page.getByText("The meter ran 26.3 h this week.")).toBeVisible();
  await page.getByLabel("Van Mileage (Start)").fill("56010");
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Driver Full Name")).toHaveValue("Sam Driver");
  await nextStep(page, "Vehicle Info & Machine Hours");
  await expect(page.getByLabel("Hour Meter (Start of Week)")).toHaveValue("1234.5");
  await nextStep(page, "Weekly Timesheet");

  // Step 3: '+9 Hours' is 07:00 to 16:30 with 30 minutes off, 9 net hours.
  const monday = dayCard(page, "Monday");
  await monday.getByRole("button", { name: "+9 Hours" }).click();
  await expect(monday.getByText("✓ Added")).toBeVisible();
  await expect(monday.getByRole("button", { name: "+9 Hours" })).toHaveCount(0);
  await expect(dayNetHours(page, "Monday")).toHaveText("Net hours 9");
  await expect(totalHours(page)).toHaveText("9");
  await monday.getByText("Enter times manually").click();
  await expect(monday.getByLabel("Start")).toHaveValue("07:00");
  await expect(monday.getByLabel("Finish")).toHaveValue("16:30");
  await expect(monday.getByLabel("Break (min)")).toHaveValue("30");

  // A manual day: 08:00 to 17:00 with a 45 minute break is 8.25 hours, shown to one decimal.
  const tuesday = dayCard(page, "Tuesday");
  await tuesday.getByText("Enter times manually").click();
  await tuesday.getByLabel("Start").fill("08:00");
  await tuesday.getByLabel("Finish").fill("17:00");
  await expect(dayNetHours(page, "Tuesday")).toHaveText("Net hours 8.5");
  await tuesday.getByLabel("Break (min)").fill("45");
  await expect(dayNetHours(page, "Tuesday")).toHaveText("Net hours 8.3");
  await expect(totalHours(page)).toHaveText("17.3");
  await tuesday.getByLabel("Site Location").fill("Leeds depot");

  // Finish before start counts nothing and says why.
  const wednesday = dayCard(page, "Wednesday");
  await wednesday.getByText("Enter times manually").click();
  await wednesday.getByLabel("Start").fill("17:00");
  await wednesday.getByLabel("Finish").fill("08:00");
  await expect(wednesday.getByText(messages.finishNotAfterStart)).toBeVisible();
  await expect(dayNetHours(page, "Wednesday")).toHaveText("Net hours 0");
  await expect(totalHours(page)).toHaveText("17.3");
  await wednesday.getByRole("button", { name: "Clear" }).click();
  await expect(wednesday.getByText(messages.finishNotAfterStart)).toBeHidden();

  // Clear empties the day; adding it again brings the 9 hours back.
  await monday.getByRole("button", { name: "Clear" }).click();
  await expect(monday.getByRole("button", { name: "+9 Hours" })).toBeVisible();
  await expect(totalHours(page)).toHaveText("8.3");
  await monday.getByRole("button", { name: "+9 Hours" }).click();
  await dayCard(page, "Friday").getByRole("button", { name: "+9 Hours" }).click();
  await expect(totalHours(page)).toHaveText("26.3");
  await page.getByLabel("Breakdown reason").fill("Hydraulic hose split Thursday, 2 hours standing");
  await nextStep(page, "Driver Signature");
  await expect(page.getByRole("progressbar", { name: "Form progress" })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  await expect(page.getByRole("button", { name: "Next Step" })).toHaveCount(0);
  // Saving drafts is for account holders only.
  await expect(page.getByRole("button", { name: "Save as Draft" })).toHaveCount(0);

  // Step 4: the submit button stays disabled, saying what is missing, until everything is there.
  const submit = page.getByRole("button", { name: "Complete & Email Timesheet" });
  const status = page.getByRole("status").filter({ hasText: /Required|Invalid|Ready to submit/ });
  await expect(submit).toBeDisabled();
  await expect(status).toContainText(messages.supervisorRatingRequired.title);
  await expect(status).toContainText(messages.supervisorRatingRequired.description);

  await expect(
    page.getByRole("region", { name: "Client Signature" }).getByText("Type the name first, then sign."),
  ).toBeVisible();
  // The operator's printed name starts as the driver's name from step 1.
  const operator = page.getByRole("region", { name: "Operator Signature" });
  await expect(operator.getByLabel("Print Name")).toHaveValue("Sam Driver");
  await sign(page, "Operator Signature", "Sam Driver");
  await sign(page, "Client Signature", "Chris Client");
  await page.getByLabel("Signature Date").fill("2025-03-15");
  await expect(page.getByText("Date set: 15/03/2025")).toBeVisible();
  await expect(submit).toBeDisabled();

  // The rating turns email on with one empty row; the buttons are hidden for privacy.
  const rating = page.getByRole("region", { name: "Rate Driver Performance" });
  await rating.getByRole("button", { name: "Excellent" }).click();
  await expect(rating.getByText("Rating buttons hidden for privacy")).toBeVisible();
  await expect(rating.getByText("Rating submitted confidentially")).toBeVisible();
  await expect(rating.getByRole("button")).toHaveCount(0);
  const emailPanel = page.getByRole("region", { name: "Email Submission" });
  const first = emailPanel.getByRole("textbox", { name: "Client email" });
  await expect(first).toHaveValue("");
  await expect(first).toHaveAttribute("type", "email");
  // Nothing added yet: nothing to remove.
  await expect(emailPanel.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await expect(status).toContainText(messages.submissionEmailRequired.title);
  await expect(status).toContainText(messages.submissionEmailRequired.description);
  await expect(submit).toBeDisabled();

  // A made-up domain gets a red border and blocks the submit, naming the address.
  const validBorder = await first.evaluate((el) => getComputedStyle(el).borderColor);
  await first.fill("office@example.com");
  await expect(first).toHaveAttribute("aria-invalid", "true");
  expect(await first.evaluate((el) => getComputedStyle(el).borderColor)).not.toBe(validBorder);
  await expect(status).toContainText(messages.invalidEmailNotice(["office@example.com"]).description);
  await expect(emailPanel.getByText(messages.invalidEmailAddresses(["office@example.com"]))).toBeVisible();
  await expect(submit).toBeDisabled();
  await first.fill("office@pennine-groundworks.co.uk");
  await expect(first).toHaveAttribute("aria-invalid", "false");

  // Enter adds the address as a row of its own with a labelled remove button; a second is added and removed.
  await first.press("Enter");
  const added = emailPanel.getByRole("list", { name: "Recipients" }).getByRole("listitem");
  await expect(added).toHaveText(["office@pennine-groundworks.co.uk"]);
  await expect(first).toHaveValue("");
  await first.fill("site@pennine-groundworks.co.uk");
  await emailPanel.getByRole("button", { name: "Add", exact: true }).click();
  await expect(added).toHaveText(["office@pennine-groundworks.co.uk", "site@pennine-groundworks.co.uk"]);
  await expect(emailPanel.getByRole("button", { name: /^Remove/ })).toHaveCount(2);
  await emailPanel.getByRole("button", { name: "Remove site@pennine-groundworks.co.uk" }).click();
  await expect(added).toHaveText(["office@pennine-groundworks.co.uk"]);

  // Taking away a signature blocks the submit again.
  await page.getByRole("region", { name: "Client Signature" }).getByRole("button", { name: "Clear" }).click();
  await expect(status).toContainText(messages.signaturesRequired.description);
  await expect(submit).toBeDisabled();
  await sign(page, "Client Signature", "Chris Client");

  await expect(status).toContainText("Ready to submit");
  await expect(submit).toBeEnabled();
  const sent = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().endsWith("/api/timesheets/one-step-completion"),
  );
  await submit.click();
  const body = (await sent).postDataJSON() as {
    timesheetData: Record<string, unknown>;
    supervisorRating: string;
  };
  expect(body.supervisorRating).toBe("happy");
  expect(body.timesheetData).toMatchObject({
    customerId: customer.id,
    weekEnding: "2025-03-15",
    company: "Northern Plant Hire",
    driverSignedName: "Sam Driver",
    machineNumber: vehicle.machineNumber,
    plantNumber: vehicle.plantNumber,
    mondayNetHours: 9,
    tuesdayNetHours: 8.3,
    tuesdayBreak: 45,
    fridayNetHours: 9,
    totalHours: 26.3,
    operatorSignedName: "Sam Driver",
    clientSignedName: "Chris Client",
    signatureDate: "2025-03-15",
    submitViaEmail: true,
    submissionEmails: ["office@pennine-groundworks.co.uk"],
  });

  const success = messages.timesheetOneStepSucceeded;
  await expect(toastRegion(page).getByText(success.title)).toBeVisible();
  await expect(toastRegion(page).getByText(success.description)).toBeVisible();
  // What was sent and to whom stays on screen; from there a new timesheet starts blank, at step 1, for the same
  // customer.
  const sentView = page.getByRole("status").filter({ hasText: messages.sentTitle("timesheet") });
  await expect(sentView.getByRole("listitem")).toHaveText(["office@pennine-groundworks.co.uk"]);
  await expect(sentView).toContainText("Sam Driver");
  await expect(sentView).toContainText("26.3");
  await sentView.getByRole("button", { name: messages.sentAnother("timesheet") }).click();
  await expect(stepHeading(page, "Driver & Company Info")).toBeVisible();
  await expect(page.getByLabel("Driver Full Name")).toHaveValue("");
  await expect(page.getByText("Step 1 of 4")).toBeInViewport();
  await expect(page.getByText(customer.name)).toBeVisible();
  // Nothing was saved as a draft for a driver without an account.
  expect(timesheetCalls).toEqual([]);

  // The client receives the signed timesheet as a PDF that holds the week.
  const mail = await waitForMailTo("office@pennine-groundworks.co.uk");
  const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
  expect(pdf, "a PDF attachment").toBeDefined();
  const text = await pdfText(pdf!.content);
  for (const expected of ["Sam Driver", "Chris Client", vehicle.plantNumber, "Northern Plant Hire", "26.3"]) {
    expect(text).toContain(expected);
  }
  expect(text).toMatch(/Monday[^\n]*07:00[^\n]*16:30[^\n]*30[^\n]*9(\.0)?\b/);
  expect(text).toMatch(/Tuesday[^\n]*45[^\n]*8\.3/);
});
