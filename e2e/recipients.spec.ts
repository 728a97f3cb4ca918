import { expect } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { test } from "./fixtures/app-test";
import { expectNoAxeViolations } from "./support/axe";
import {
  approveWeek,
  createWeek,
  openSupervisorTab,
  screenshotBoth,
  screenshotPath,
  setCard,
  signIn,
  signWeek,
} from "./support/supervisor";

test.describe.configure({ timeout: 120_000 });

test("recipients are a list, one removable row each, and a wrong or repeated address is refused", async ({
  page,
}) => {
  const driver = "Rita Recipients";
  const account = await signIn(page, driver);
  const week = await createWeek(page, { driverSignedName: driver, plantNumber: "EX-512" });
  await signWeek(page, week, driver);
  await approveWeek(page, week);

  await page.setViewportSize({ width: 390, height: 844 });
  await openSupervisorTab(page);
  await setCard(page).getByRole("button", { name: "Email Dispatch" }).click();
  const dialog = page.getByRole("dialog", { name: "Email Dispatch" });
  const field = dialog.getByRole("textbox", { name: "Recipients" });

  // Two long addresses pasted at once become two rows, each whole on a phone.
  const office = "accounts.payable.department@buildco-civils-and-groundworks.co.uk";
  const site = "site.manager.leeds.ring.road@buildco-civils-and-groundworks.co.uk";
  await field.fill(`${office}, ${site}`);
  const rows = dialog.getByRole("list", { name: "Recipients" }).getByRole("listitem");
  await expect(rows).toHaveText([office, site]);
  await expect(field).toHaveValue("");
  const dialogBox = await dialog.boundingBox();
  for (const row of await rows.all()) {
    const box = await row.boundingBox();
    expect(box && dialogBox && box.x + box.width <= dialogBox.x + dialogBox.width).toBe(true);
  }
  const remove = dialog.getByRole("button", { name: `Remove ${site}` });
  const removeBox = await remove.boundingBox();
  expect(removeBox?.width).toBeGreaterThanOrEqual(44);
  expect(removeBox?.height).toBeGreaterThanOrEqual(44);

  // A made-up address is refused and stays to be put right; an address already listed is refused too.
  await field.fill("someone@example.com");
  await field.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText(messages.invalidEmailAddresses(["someone@example.com"]));
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(rows).toHaveCount(2);
  await field.fill(office.toUpperCase());
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText(messages.recipientAlreadyListed(office.toUpperCase()));
  await expect(rows).toHaveCount(2);
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "recipients-dialog-390");

  // Each row goes with its own remove button; what is left is who the pack goes to.
  await remove.click();
  await expect(rows).toHaveText([office]);
  await dialog.getByRole("button", { name: "Send Forms" }).click();
  await expect(
    dialog.getByRole("list", { name: "Recipients of this pack" }).getByRole("listitem"),
  ).toHaveText([office, account.email]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: screenshotPath("recipients-dialog-confirm-1280") });
});
