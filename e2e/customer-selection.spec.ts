import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { Customer } from "../src/domain/company/customer";
import { messages } from "../src/domain/text/messages";
import { test } from "./fixtures/app-test";

async function customers(request: APIRequestContext): Promise<{ validating: Customer; plain: Customer }> {
  const response = await request.get("/api/customers");
  expect(response.ok()).toBe(true);
  const list = (await response.json()) as Customer[];
  const validating = list.find((c) => c.requiresOrderValidation);
  const plain = list.find((c) => !c.requiresOrderValidation);
  if (!validating || !plain)
    throw new Error("The seeded customers need one with and one without order validation");
  return { validating, plain };
}

async function chooseCustomer(page: Page, customer: Customer) {
  await page.getByRole("combobox", { name: "Customer" }).click();
  await page.getByRole("option", { name: customer.name }).click();
  await expect(page.getByRole("combobox", { name: "Customer" })).toContainText(customer.name);
}

async function openCustomerSelection(page: Page) {
  await page.goto("/");
  await page.getByRole("link", { name: "Start Timesheet" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Select Customer" })).toBeVisible();
}

test("a customer that needs an order number blocks Continue until a valid one is confirmed", async ({
  page,
  request,
}) => {
  const { validating } = await customers(request);
  await openCustomerSelection(page);
  const continueButton = page.getByRole("button", { name: "Continue to Form" });
  await expect(continueButton).toBeDisabled();

  // The list marks customers that need validation, in a way a screen reader hears too.
  await page.getByRole("combobox", { name: "Customer" }).click();
  await expect(
    page.getByRole("option", { name: `${validating.name} (order number required)` }),
  ).toBeVisible();
  await page.getByRole("option", { name: validating.name }).click();

  const orderNumber = page.getByLabel("Order Number");
  await expect(orderNumber).toHaveAttribute("placeholder", /valid O\/no/);
  await expect(continueButton).toBeDisabled();

  await orderNumber.pressSequentially("x-999");
  await page.getByRole("button", { name: "Validate Order Number" }).click();
  await expect(page.getByText(messages.orderNumberInvalid)).toBeVisible();
  await expect(orderNumber).toHaveAttribute("aria-invalid", "true");
  await expect(continueButton).toBeDisabled();

  await orderNumber.clear();
  await orderNumber.pressSequentially("p-123");
  await expect(orderNumber).toHaveValue("P-123");
  // Editing clears the old verdict.
  await expect(page.getByText(messages.orderNumberInvalid)).toBeHidden();

  const confirmed = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().endsWith(`/api/customers/${validating.id}/validate-order`),
  );
  await page.getByRole("button", { name: "Validate Order Number" }).click();
  expect((await confirmed).postDataJSON()).toEqual({ orderNumber: "P-123" });
  await expect(page.getByText(messages.orderNumberValid)).toBeVisible();
  await expect(continueButton).toBeEnabled();

  await continueButton.click();
  await expect(page.getByRole("heading", { level: 1, name: "Weekly Timesheet" })).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname).toBe("/timesheet");
  expect(url.searchParams.get("customerId")).toBe(validating.id);
  expect(url.searchParams.get("orderNumber")).toBe("P-123");
  await expect(page.getByText("Order number: P-123")).toBeVisible();
  await expect(page.getByText(validating.name)).toBeVisible();
});

test("a customer without order validation goes straight on, without an order number", async ({
  page,
  request,
}) => {
  const { plain } = await customers(request);
  await openCustomerSelection(page);
  await chooseCustomer(page, plain);

  await expect(page.getByLabel("Order Number")).toHaveCount(0);
  await page.getByRole("button", { name: "Continue to Form" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Weekly Timesheet" })).toBeVisible();
  const url = new URL(page.url());
  expect(url.searchParams.get("customerId")).toBe(plain.id);
  expect(url.searchParams.has("orderNumber")).toBe(false);
});

test("changing the customer resets the order number and its state", async ({ page, request }) => {
  const { validating, plain } = await customers(request);
  await openCustomerSelection(page);
  await chooseCustomer(page, validating);
  await page.getByLabel("Order Number").fill("S-77");
  await page.getByRole("button", { name: "Validate Order Number" }).click();
  await expect(page.getByText(messages.orderNumberValid)).toBeVisible();

  await chooseCustomer(page, plain);
  await chooseCustomer(page, validating);
  await expect(page.getByLabel("Order Number")).toHaveValue("");
  await expect(page.getByText(messages.orderNumberValid)).toBeHidden();
  await expect(page.getByRole("button", { name: "Continue to Form" })).toBeDisabled();
});

test("a failed check says so and keeps Continue blocked", async ({ page, request }) => {
  const { validating } = await customers(request);
  await page.route("**/validate-order", (route) => route.abort("internetdisconnected"));
  await openCustomerSelection(page);
  await chooseCustomer(page, validating);
  await page.getByLabel("Order Number").fill("M-5");
  await page.getByRole("button", { name: "Validate Order Number" }).click();

  await expect(page.getByText(messages.orderValidationFailed)).toBeVisible();
  await expect(page.getByText(messages.orderNumberValid)).toBeHidden();
  await expect(page.getByRole("button", { name: "Continue to Form" })).toBeDisabled();
});

test("Back returns to the tab the driver started from", async ({ page }) => {
  await page.goto("/?tab=check-sheet");
  await page.getByRole("link", { name: "Start Check Sheet" }).click();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("tab", { name: "Check Sheet" })).toHaveAttribute("aria-selected", "true");
});
