import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { companyMessages } from "../src/domain/text/company-messages";
import { test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { openCompany } from "./support/company";

const SHOTS = "/tmp/office-setup";

test("a new company's samples are marked and removed in one tap, and its fleet's QR labels print from the Company screen", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page, "Sam Setup");
  await openCompany(page);
  await page.getByLabel("Company name").fill("Setup Plant Hire Ltd");
  await page.getByRole("button", { name: "Create Company" }).click();

  // The shared samples are marked as such, with the tap that removes them.
  const customers = page.getByRole("list", { name: "Customers drivers pick from" });
  await expect(customers.getByText(companyMessages.sampleBadge, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(companyMessages.samplesNote).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/samples-390.png`, fullPage: true });
  await page.getByRole("button", { name: companyMessages.removeSamples }).first().click();
  await expect(page.getByText(companyMessages.samplesRemoved)).toBeVisible();
  await expect(page.getByText(companyMessages.sampleBadge, { exact: true })).toHaveCount(0);

  // A machine of its own, then its label.
  const tag = randomUUID().slice(0, 6).toUpperCase();
  await page.getByRole("button", { name: "Add Vehicle" }).click();
  const add = page.getByRole("form", { name: "Add Vehicle" });
  await add.getByLabel("QR code on the label").fill(`QR-${tag}`);
  await add.getByLabel("Plant", { exact: true }).fill(`EX-${tag}`);
  await add.getByLabel("Daily check list").selectOption({ label: "Excavator" });
  await add.getByRole("button", { name: "Add to Fleet" }).click();
  await page.getByRole("link", { name: companyMessages.printQrLabels }).click();
  const labels = page.getByRole("list", { name: companyMessages.qrLabelsTitle("Setup Plant Hire Ltd") });
  const label = labels.getByRole("listitem").filter({ hasText: `EX-${tag}` });
  await expect(label).toContainText(`QR-${tag}`);
  await expect(label.getByRole("img", { name: companyMessages.qrLabelAlt(`EX-${tag}`) })).toBeVisible();
  await expect(page.getByRole("button", { name: companyMessages.qrLabelsPrint })).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/labels-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/labels-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${SHOTS}/labels-360.png`, fullPage: true });
});
