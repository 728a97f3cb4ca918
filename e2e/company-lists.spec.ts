import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { companyMessages } from "../src/domain/text/company-messages";
import { test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { expectNoAxeViolations } from "./support/axe";
import { companyDriverPhone, openCompany } from "./support/company";
import { screenshotBoth } from "./support/supervisor";

/** Where the screens' pictures go, to be looked at after a run. */
const SHOTS = "/tmp/fleet-lists";

/** The customers a driver can choose on the customer selection before a timesheet. */
async function customerChoices(phone: Page): Promise<string[]> {
  await phone.goto("/");
  await phone.getByRole("link", { name: "Start Timesheet" }).click({ timeout: 20_000 });
  await expect(phone.getByRole("heading", { level: 1, name: "Select Customer" })).toBeVisible();
  await phone.getByRole("combobox", { name: "Customer" }).click();
  const options = phone.getByRole("option");
  await expect(options.first()).toBeVisible();
  const names = await options.allTextContents();
  await phone.keyboard.press("Escape");
  return names;
}

test("an admin edits a machine, retires a customer that then leaves a driver's choices, and imports a CSV whose bad row the preview names", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await logIn(page, "Alex Admin");
  const made = await page.request.post("/api/organisations", { data: { name: "Acme Plant Hire Ltd" } });
  expect(made.status(), await made.text()).toBe(201);
  const companyId = ((await made.json()) as { id: string }).id;
  const tag = randomUUID().slice(0, 6).toUpperCase();
  for (const [qrCode, plantNumber] of [
    [`${tag}-EX-1`, `AX-${tag}-1`],
    [`${tag}-EX-2`, `AX-${tag}-2`],
  ]) {
    const added = await page.request.post(`/api/organisations/${companyId}/vehicles`, {
      data: { qrCode, plantNumber, machineNumber: "JCB 86C", checkTemplate: "excavator" },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  for (const name of ["Leeds Ring Road JV", "Bradford Civils"]) {
    const added = await page.request.post(`/api/organisations/${companyId}/customers`, {
      data: { name, requiresOrderValidation: false },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  const phone = await companyDriverPhone(browser, companyId, page);
  expect(await customerChoices(phone)).toEqual(["Bradford Civils", "Leeds Ring Road JV"]);

  // The admin edits a machine: another machine's plant number is refused, saying which; a new one is saved.
  await openCompany(page);
  const fleet = page.getByRole("region", { name: "Fleet and Defects" });
  const vehicles = fleet.getByRole("list", { name: "Vehicles" });
  await expect(vehicles.getByRole("listitem")).toHaveCount(2);
  await vehicles.getByRole("button", { name: `Edit AX-${tag}-1` }).click();
  const edit = fleet.getByRole("form", { name: `Edit AX-${tag}-1` });
  await edit.getByLabel("Plant", { exact: true }).fill(`ax-${tag.toLowerCase()}-2`);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByRole("alert")).toHaveText(
    companyMessages.listClash("fleet", "plantNumber", `ax-${tag.toLowerCase()}-2`, false),
  );
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "fleet-edit-clash", { folder: SHOTS });
  await edit.getByLabel("Plant", { exact: true }).fill(`AX-${tag}-9`);
  await edit.getByLabel("Machine").fill("JCB 86C Midi");
  await edit.getByLabel("Daily check list").selectOption({ label: "Forward tipping dumper" });
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(fleet.getByRole("status").filter({ hasText: "is saved" })).toHaveText(
    companyMessages.vehicleSaved(`AX-${tag}-9`),
  );
  await expect(vehicles.getByText(`AX-${tag}-9 · JCB 86C Midi`)).toBeVisible();
  const scanned = await phone.request.get(`/api/vehicles/qr/${tag}-EX-1`);
  expect(await scanned.json()).toMatchObject({ plantNumber: `AX-${tag}-9`, checkTemplate: "dumper" });

  // The admin retires a customer: it moves to the retired list and leaves the driver's choices.
  const customers = page.getByRole("region", { name: "Customers" });
  await customers
    .getByRole("list", { name: "Customers drivers pick from" })
    .getByRole("button", { name: "Retire Bradford Civils" })
    .click();
  await expect(customers.getByRole("status").first()).toHaveText(
    companyMessages.customerRetired("Bradford Civils", true),
  );
  await expect(customers.getByRole("list", { name: "Retired customers" })).toContainText("Bradford Civils");
  await expect(customers.getByRole("list", { name: "Customers drivers pick from" })).not.toContainText(
    "Bradford Civils",
  );
  expect(await customerChoices(phone)).toEqual(["Leeds Ring Road JV"]);

  // An import from Excel (byte order mark, semicolons, CRLF, a quoted cell): the preview names the bad row.
  await fleet.getByRole("button", { name: "Import from CSV" }).click();
  const importer = fleet.getByRole("group", { name: "Import Vehicles from CSV" });
  const file = [
    "\uFEFFQR code;Plant number;Machine;Description;Check list",
    `${tag}-IMP-1;AX-${tag}-21;Thwaites 9T;"Forward tipping; 9 tonne";dumper`,
    `${tag}-IMP-2;AX-${tag}-22;<script>alert(1)</script>;=HYPERLINK("http://evil.example");`,
    `${tag}-IMP-3;;Bomag BW120;;roller`,
    "",
  ].join("\r\n");
  await importer.getByLabel("CSV file").setInputFiles({
    name: "fleet.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(file, "utf8"),
  });
  await expect(importer.getByRole("status")).toHaveText(companyMessages.importPreviewSummary(2, 1));
  const bad = importer.getByRole("list", { name: "Rows with a problem" }).getByRole("listitem").first();
  await expect(bad).toContainText(`Row 4: ${tag}-IMP-3`);
  await expect(bad).toContainText("Plant number is missing.");
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "fleet-import-preview", { folder: SHOTS });
  // Nothing is added before the admin says so.
  await expect(vehicles.getByRole("listitem")).toHaveCount(2);
  await importer.getByRole("button", { name: "Add 2 Vehicles" }).click();
  await expect(fleet.getByRole("status").filter({ hasText: "Added" })).toHaveText(
    companyMessages.importSaved("fleet", 2),
  );
  await expect(vehicles.getByRole("listitem")).toHaveCount(4);
  // Markup typed into a cell is shown as the text it is.
  await expect(vehicles.getByText(`AX-${tag}-22 · <script>alert(1)</script>`)).toBeVisible();
  await screenshotBoth(page, "fleet-imported", { folder: SHOTS });
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshotBoth(page, "company-lists-1280", { folder: SHOTS });
  await phone.context().close();
});
