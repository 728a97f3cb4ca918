import { expect, type Page } from "@playwright/test";
import type { Customer } from "../src/domain/company/customer";
import { companyMessages } from "../src/domain/text/company-messages";
import { messages } from "../src/domain/text/messages";
import { test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { companyDriverPhone, openCompany } from "./support/company";
import { nextStep } from "./support/form-wizard";
import { screenshotBoth } from "./support/supervisor";

/** Where the screens' pictures go, to be looked at after a run. */
const SHOTS = "test-results/order-rule";

/** From the home screen to customer selection, that customer picked. */
async function pickCustomer(phone: Page, customer: Customer): Promise<void> {
  await phone.goto("/");
  await phone.getByRole("link", { name: "Start Timesheet" }).click({ timeout: 20_000 });
  await expect(phone.getByRole("heading", { level: 1, name: "Select Customer" })).toBeVisible();
  await phone.getByRole("combobox", { name: "Customer" }).click();
  await phone.getByRole("option", { name: customer.name }).click();
  await expect(phone.getByRole("combobox", { name: "Customer" })).toContainText(customer.name);
}

test("an admin sets the company's order prefixes; its driver is checked against them and finds the last number filled in", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The office, at a desk.
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "Alex Admin");
  const made = await page.request.post("/api/organisations", { data: { name: "Acme Plant Hire Ltd" } });
  expect(made.status(), await made.text()).toBe(201);
  const companyId = ((await made.json()) as { id: string }).id;

  await openCompany(page);
  const setting = page.getByRole("region", { name: "Order Numbers" });
  await expect(setting.getByText(companyMessages.orderPrefixesCurrent(["P-", "S-", "M-"]))).toBeVisible();
  const prefixes = setting.getByLabel("Order number prefixes");
  await expect(prefixes).toHaveValue("P-, S-, M-");
  // A pattern is not a prefix: refused on the screen, in words, before anything is sent.
  await prefixes.fill("PO-, ^H.*");
  await setting.getByRole("button", { name: "Save Prefixes" }).click();
  await expect(setting.getByRole("alert")).toHaveText(companyMessages.orderPrefixCharacters("^H.*"));
  await expect(prefixes).toHaveAttribute("aria-invalid", "true");
  await prefixes.fill("PO-, hs-");
  await setting.getByRole("button", { name: "Save Prefixes" }).click();
  await expect(setting.getByRole("status")).toHaveText(companyMessages.orderPrefixesSaved(["PO-", "HS-"]));
  await expect(setting.getByText(companyMessages.orderPrefixesCurrent(["PO-", "HS-"]))).toBeVisible();
  await expect(prefixes).toHaveValue("PO-, HS-");
  await setting.scrollIntoViewIfNeeded();
  await screenshotBoth(page, "company-1280", { folder: SHOTS });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotBoth(page, "company-390", { folder: SHOTS });

  // The driver, on a phone: the company has no list of its own yet, so it picks from the samples.
  const phone = await companyDriverPhone(browser, companyId, page);
  const list = (await (await phone.request.get("/api/customers")).json()) as Customer[];
  const customer = list.find((c) => c.requiresOrderValidation);
  if (!customer) throw new Error("The sample customers need one with order validation");
  await pickCustomer(phone, customer);
  const orderNumber = phone.getByLabel("Order Number");
  await expect(orderNumber).toHaveValue("");
  await expect(phone.getByText(messages.orderNumberHint(["PO-", "HS-"]))).toBeVisible();
  await expect(orderNumber).toHaveAttribute("placeholder", "Enter a valid O/no, e.g. PO-12345");

  const validate = phone.getByRole("button", { name: "Validate Order Number" });
  const continueButton = phone.getByRole("button", { name: "Continue to Form" });
  await orderNumber.pressSequentially("p-123");
  await validate.click();
  await expect(phone.getByText("Order number must start with PO- or HS-")).toBeVisible();
  await expect(continueButton).toBeDisabled();
  await screenshotBoth(phone, "refused-390", { folder: SHOTS });

  await orderNumber.clear();
  await orderNumber.pressSequentially("po-123");
  await validate.click();
  await expect(phone.getByText(messages.orderNumberValid)).toBeVisible();
  await screenshotBoth(phone, "accepted-390", { folder: SHOTS });
  await continueButton.click();
  await expect(phone.getByRole("heading", { level: 1, name: "Weekly Timesheet" })).toBeVisible();
  await expect(phone.getByText("Order number: PO-123")).toBeVisible();

  // The first change keeps the form as a draft on the account, with its customer and order number.
  const company = phone.getByLabel("Company you're driving for");
  if ((await company.inputValue()) === "") await company.fill("Acme Plant Hire Ltd");
  await nextStep(phone, "Vehicle Info & Machine Hours");
  await phone.getByLabel("Plant/Registration Number").fill("EX-001");
  const saved = phone.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/timesheets",
  );
  await nextStep(phone, "Weekly Timesheet");
  expect((await saved).status()).toBe(201);
  expect((await saved).request().postDataJSON()).toMatchObject({
    customerId: customer.id,
    orderNumber: "PO-123",
  });

  // Next time, the number this driver last gave the customer is filled in, and validated as any other.
  await pickCustomer(phone, customer);
  await expect(orderNumber).toHaveValue("PO-123");
  await expect(phone.getByText(messages.orderNumberHint(["PO-", "HS-"]))).toBeVisible();
  await validate.click();
  await expect(phone.getByText(messages.orderNumberValid)).toBeVisible();
  await expect(continueButton).toBeEnabled();
  await screenshotBoth(phone, "remembered-390", { folder: SHOTS });
  await phone.setViewportSize({ width: 1280, height: 900 });
  await screenshotBoth(phone, "remembered-1280", { folder: SHOTS });

  // Changing the customer resets the number: another customer was never given one.
  await phone.setViewportSize({ width: 390, height: 844 });
  const other = list.find((c) => c.requiresOrderValidation && c.id !== customer.id);
  if (other) {
    await phone.getByRole("combobox", { name: "Customer" }).click();
    await phone.getByRole("option", { name: other.name }).click();
    await expect(orderNumber).toHaveValue("");
  }
});
