import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import type { Customer } from "../../src/domain/company/customer";

// The steps both wizards share (they are one wizard, on two form specs): their e2e specs use these.

/** The wizard's step title, the h2 under the progress bar. */
export function stepHeading(page: Page, title: string): Locator {
  return page.getByRole("heading", { level: 2, name: title, exact: true });
}

export async function nextStep(page: Page, expectedTitle: string): Promise<void> {
  await page.getByRole("button", { name: "Next Step" }).click();
  await expect(stepHeading(page, expectedTitle)).toBeVisible();
}

/** Draws a zig-zag stroke across the open signature dialog's canvas with the mouse; `height` varies its shape. */
export async function drawSignature(page: Page, dialog: Locator, height = 25): Promise<void> {
  const canvas = dialog.locator("canvas");
  const box = await canvas.boundingBox();
  if (!box) throw new Error("The signature canvas is not visible");
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(box.x + 20 + (i * (box.width - 40)) / 8, y + (i % 2 === 0 ? height : -height), {
      steps: 4,
    });
  }
  await page.mouse.up();
}

/**
 * Types the signer's name, signs in the dialog and saves; the block then shows the signature image. The dialog
 * is titled like the block unless `dialogTitle` says otherwise.
 */
export async function sign(page: Page, block: string, name: string, dialogTitle = block) {
  const region = page.getByRole("region", { name: block, exact: true });
  await region.getByLabel("Print Name").fill(name);
  await region.getByRole("button", { name: /^Sign\b/ }).click();
  const dialog = page.getByRole("dialog", { name: dialogTitle });
  await expect(dialog).toBeVisible();
  await drawSignature(page, dialog);
  await dialog.getByRole("button", { name: "Save Signature" }).click();
  await expect(dialog).toBeHidden();
  await expect(region.getByRole("img")).toHaveAttribute("src", /^data:image\/png;base64,/);
}

/**
 * The toast viewport. Found by its label rather than its role: while a modal dialog is open, everything
 * outside it (the viewport too) is hidden from the accessibility tree, though the toast still shows.
 */
/** The signature step's last part: the client rates the driver "Excellent" and their address is typed. */
export async function rateAndAddress(page: Page, clientEmail: string): Promise<void> {
  await page
    .getByRole("region", { name: "Rate Driver Performance" })
    .getByRole("button", { name: "Excellent" })
    .click();
  await page
    .getByRole("region", { name: "Email Submission" })
    .getByRole("textbox", { name: "Client email" })
    .fill(clientEmail);
}

export function toastRegion(page: Page): Locator {
  // Named in the reader's language, with the key that reaches it at the end: "Notifications (F8)", "Powiadomienia (F8)".
  return page.locator('[role="region"][aria-label$="(F8)"]');
}

/** A seeded customer that needs no order number. */
export async function plainCustomer(request: APIRequestContext): Promise<Customer> {
  const response = await request.get("/api/customers");
  expect(response.ok()).toBe(true);
  const customer = ((await response.json()) as Customer[]).find((c) => !c.requiresOrderValidation);
  if (!customer) throw new Error("The seeded customers need one without order validation");
  return customer;
}

const FORMS = {
  timesheet: { tab: "/", start: "Start Timesheet", title: "Weekly Timesheet" },
  "check-sheet": { tab: "/?tab=check-sheet", start: "Start Check Sheet", title: "Daily Plant Defect Check" },
  "off-hire": { tab: "/?tab=off-hire", start: "Start Off-Hire Note", title: "Off-Hire Note" },
} as const;

/** From a form's home tab through customer selection (a customer without order validation) into its wizard. */
export async function startFormFromHome(
  page: Page,
  form: keyof typeof FORMS,
  customerName: string,
): Promise<void> {
  const { tab, start, title } = FORMS[form];
  await page.goto(tab);
  await page.getByRole("link", { name: start }).click();
  await page.getByRole("combobox", { name: "Customer" }).click();
  await page.getByRole("option", { name: customerName }).click();
  await page.getByRole("button", { name: "Continue to Form" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(stepHeading(page, "Driver & Company Info")).toBeVisible();
}
