import { test as base, expect } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { formatDisplayDate } from "../src/domain/time/iso-date";
import { test } from "./fixtures/app-test";
import { nextStep, plainCustomer, startFormFromHome, stepHeading } from "./support/form-wizard";
import { clientSigned, createWeek, operatorSigned, putForm, signIn } from "./support/supervisor";

// A driver's week as they live it: what they do on the phone, and what the phone must never lose or hide.

test("the last keystroke before a reload is kept, and a restored form is thrown away only after asking", async ({
  page,
  request,
}) => {
  const customer = await plainCustomer(request);
  await startFormFromHome(page, "timesheet", customer.name);
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  // Reloaded at once: no time for a delayed write.
  await page.reload();
  await expect(page.getByText(messages.formRestored)).toBeVisible();
  await expect(page.getByLabel("Company you're driving for")).toHaveValue("Northern Plant Hire");

  // Starting afresh asks first, and says what would be lost.
  await page.getByRole("button", { name: "Start a new timesheet instead" }).click();
  const ask = page.getByRole("alertdialog", { name: "Discard this timesheet?" });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText("the details for Northern Plant Hire");
  await ask.getByRole("button", { name: "Keep this timesheet" }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByLabel("Company you're driving for")).toHaveValue("Northern Plant Hire");

  // Carrying on with the form: the notice has done its work.
  await page.getByLabel("Site Location").fill("Leeds Ring Road");
  await expect(page.getByText(messages.formRestored)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Start a new timesheet instead" })).toHaveCount(0);
});

test("discarding a restored check sheet, once confirmed, starts a blank one", async ({ page, request }) => {
  const customer = await plainCustomer(request);
  await startFormFromHome(page, "check-sheet", customer.name);
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  await page.reload();
  await page.getByRole("button", { name: "Start a new check sheet instead" }).click();
  const ask = page.getByRole("alertdialog", { name: "Discard this check sheet?" });
  await expect(ask).toContainText("0 of 14 checks, 0 photos");
  await ask.getByRole("button", { name: "Discard and start again" }).click();
  await expect(page.getByLabel("Company you're driving for")).toHaveValue("");
  await expect(page.getByText(messages.formRestored)).toHaveCount(0);
});

test("the phone's Back button goes to the previous step, and leaving the wizard keeps the form", async ({
  page,
  request,
}) => {
  // Three steps there and back, out of the wizard and in again: longer than one screen's budget.
  test.slow();
  const customer = await plainCustomer(request);
  await startFormFromHome(page, "timesheet", customer.name);
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  await nextStep(page, "Vehicle Info & Machine Hours");
  await page.getByLabel("Plant/Registration Number").fill("EX-042");
  await nextStep(page, "Weekly Timesheet");

  await page.goBack();
  await expect(stepHeading(page, "Vehicle Info & Machine Hours")).toBeVisible();
  await expect(page.getByLabel("Plant/Registration Number")).toHaveValue("EX-042");
  await page.goBack();
  await expect(stepHeading(page, "Driver & Company Info")).toBeVisible();
  await expect(page.getByLabel("Company you're driving for")).toHaveValue("Northern Plant Hire");
  await page.goForward();
  await expect(stepHeading(page, "Vehicle Info & Machine Hours")).toBeVisible();

  // Back past the first step leaves the wizard; coming back finds the form as it was.
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole("button", { name: "Continue to Form" })).toBeVisible();
  await page.goForward();
  await expect(page.getByText(messages.formRestored)).toBeVisible();
  await expect(page.getByLabel("Company you're driving for")).toHaveValue("Northern Plant Hire");
});

test("a signed-in driver's home offers the unfinished timesheet, saved after the lists first loaded", async ({
  page,
  request,
}) => {
  const customer = await plainCustomer(request);
  await signIn(page, "Dana Driver");
  // The home loads the account's lists first: there is nothing to continue yet.
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "Operator Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Continue your timesheet/ })).toHaveCount(0);

  await page.getByRole("button", { name: "Start Timesheet" }).click();
  await page.getByRole("combobox", { name: "Customer" }).click();
  await page.getByRole("option", { name: customer.name }).click();
  await page.getByRole("button", { name: "Continue to Form" }).click();
  await page.getByLabel("Week Ending").fill("2026-11-21");
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  const saved = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/timesheets",
  );
  await nextStep(page, "Vehicle Info & Machine Hours");
  expect((await saved).status()).toBe(201);

  // Home again inside the app, no reload: the list knows the draft now.
  await page.getByRole("link", { name: "Home" }).click();
  const resume = page.getByRole("link", {
    name: `Continue your timesheet for week ending ${formatDisplayDate("2026-11-21")}`,
  });
  await expect(resume).toBeVisible();
  await resume.click();
  await expect(page.getByLabel("Plant/Registration Number")).toBeVisible();
  await expect(page).toHaveURL(/draftId=/);
});

test("a timesheet that can no longer be changed opens as its record, saying why", async ({ page }) => {
  await signIn(page, "Rita Roller");
  const week = await createWeek(page, { driverSignedName: "Rita Roller", plantNumber: "RL-7" });
  await putForm(page, "/api/timesheets", week.timesheetId, {
    ...operatorSigned("Rita Roller"),
    ...clientSigned("Chris Client"),
  });
  // Completed in one step, as the wizard would: from now on it cannot be changed.
  const stored = (await (await page.request.get(`/api/timesheets/${week.timesheetId}`)).json()) as object;
  const completed = await page.request.post("/api/timesheets/one-step-completion", {
    data: {
      timesheetData: {
        ...stored,
        ...operatorSigned("Rita Roller"),
        ...clientSigned("Chris Client"),
        signatureDate: "2026-11-21",
        submitViaEmail: true,
        submissionEmails: ["site.office@buildco.co.uk"],
      },
      supervisorRating: "happy",
      supervisorNotes: "",
    },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  await page.goto(`/timesheet?draftId=${week.timesheetId}`);
  await expect(page).toHaveURL(/\/completed-form\/.*locked=1/);
  await expect(page.getByText(messages.formLockedRecord("timesheet"))).toBeVisible();
  await expect(page.getByText(/Failed to open draft/)).toHaveCount(0);
});

test("site fields say how much room is left as their limit nears", async ({ page, request }) => {
  const customer = await plainCustomer(request);
  await startFormFromHome(page, "timesheet", customer.name);
  const site = page.getByLabel("Site Location");
  await site.fill("x".repeat(150));
  await expect(page.getByText(/of 200 characters/)).toHaveCount(0);
  await site.fill("x".repeat(190));
  await expect(page.getByText(messages.characterLimit(190, 200))).toBeVisible();
  await site.fill("x".repeat(200));
  await expect(page.getByText(messages.characterLimit(200, 200))).toBeVisible();
});

test("a wizard opened without a customer offers a thumb-sized way to choose one", async ({ page }) => {
  await page.goto("/timesheet");
  await expect(stepHeading(page, "Driver & Company Info")).toBeVisible({ timeout: 15_000 });
  const choose = page.getByRole("link", { name: "Choose a customer" });
  await expect(choose).toBeVisible({ timeout: 15_000 });
  const box = await choose.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
});

base("the consent banner's privacy link is large enough for a thumb", async ({ page }) => {
  await page.goto("/");
  const link = page.getByRole("link", { name: /Read our Privacy Policy/ });
  await expect(link).toBeVisible();
  expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(44);
});
