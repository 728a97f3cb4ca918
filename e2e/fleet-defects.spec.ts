import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { companyMessages } from "../src/domain/text/company-messages";
import { SAMPLE_SIGNATURE } from "../src/test-support/sample-signature";
import { test } from "./fixtures/app-test";
import { logIn, newDriver, registerByApi } from "./fixtures/drivers";
import { waitForMailTo } from "./fixtures/mailbox";
import { expectNoAxeViolations } from "./support/axe";
import { openCompany, phone, workshopLinkPathTo } from "./support/company";
import { screenshotBoth } from "./support/supervisor";

/** Where the screens' pictures go, to be looked at after a run. */
const SHOTS = "/tmp/org-screens";

test("a driver's defect mails the workshop once someone there confirms it, the fleet shows the machine until an admin marks it fixed, and the company's own machines and customers replace the shared lists", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await logIn(page, "Alex Admin");
  const made = await page.request.post("/api/organisations", { data: { name: "Acme Plant Hire Ltd" } });
  expect(made.status(), await made.text()).toBe(201);
  const companyId = ((await made.json()) as { id: string }).id;

  // The admin sets where alerts go, on the Company screen: the address is mailed a link, and gets nothing else
  // until someone there confirms.
  await openCompany(page);
  const fleet = page.getByRole("region", { name: "Fleet and Defects" });
  await expect(fleet.getByRole("list", { name: "Vehicles" }).getByRole("listitem").first()).toBeVisible();
  await expect(fleet.getByText(companyMessages.workshopNone)).toBeVisible();
  const workshop = `workshop-${randomUUID().slice(0, 8)}@acme-plant.co.uk`;
  await fleet.getByRole("textbox", { name: "Workshop email for defect alerts" }).fill("not an address");
  await fleet.getByRole("button", { name: "Save Workshop Email" }).click();
  await expect(fleet.getByRole("alert")).toHaveText("Please enter a valid email address.");
  await fleet.getByRole("textbox", { name: "Workshop email for defect alerts" }).fill(workshop);
  await fleet.getByRole("button", { name: "Save Workshop Email" }).click();
  await expect(fleet.getByRole("status")).toHaveText(
    companyMessages.workshopSaved({ email: workshop, confirmedAt: null, linkSentAt: null }),
  );
  await expect(fleet.getByText(`Waiting for confirmation: a link was sent to ${workshop} on`)).toBeVisible();
  const firstLink = await workshopLinkPathTo(workshop);
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "workshop-waiting", { folder: SHOTS });

  // Sent again: only the newest link works.
  await fleet.getByRole("button", { name: "Send the Link Again" }).click();
  await expect(fleet.getByRole("status")).toHaveText(companyMessages.workshopLinkResent(workshop));
  await expect.poll(() => workshopLinkPathTo(workshop)).not.toBe(firstLink);
  const newestLink = await workshopLinkPathTo(workshop);

  // Someone at the workshop, without an account, opens the links in a browser of their own.
  const workshopPage = await phone(browser);
  await workshopPage.goto(firstLink);
  await expect(workshopPage.getByRole("alert")).toHaveText(companyMessages.workshopLinkInvalid);
  await workshopPage.goto(newestLink);
  await expect(workshopPage.getByRole("heading", { level: 2, name: "Acme Plant Hire Ltd" })).toBeVisible();
  await expect(
    workshopPage.getByText(companyMessages.workshopLinkAsk("Acme Plant Hire Ltd", workshop)),
  ).toBeVisible();
  await expectNoAxeViolations(workshopPage);
  await screenshotBoth(workshopPage, "workshop-confirm", { folder: SHOTS });
  // Opening the page (as a mail scanner would) confirmed nothing.
  await page.reload();
  await expect(fleet.getByText(`Waiting for confirmation: a link was sent to ${workshop} on`)).toBeVisible();
  await workshopPage.getByRole("button", { name: "Confirm" }).click();
  await expect(workshopPage.getByRole("status")).toHaveText(
    companyMessages.workshopLinkDone("Acme Plant Hire Ltd", workshop),
  );
  await screenshotBoth(workshopPage, "workshop-confirmed", { folder: SHOTS });
  await workshopPage.context().close();
  await page.reload();
  await expect(fleet.getByText(companyMessages.workshopConfirmed(workshop))).toBeVisible();
  await expect(fleet.getByRole("button", { name: "Send the Link Again" })).toHaveCount(0);
  await screenshotBoth(page, "workshop-confirmed-company", { folder: SHOTS });

  // A driver of the company sends a check sheet with a cut tyre on EX-001.
  const code = await page.request.post(`/api/organisations/${companyId}/join-codes`, {
    data: { role: "driver" },
  });
  const token = new URL(((await code.json()) as { joinUrl: string }).joinUrl).searchParams.get("token");
  await registerByApi(request, newDriver());
  expect((await request.post("/api/invites/accept", { data: { token } })).status()).toBe(200);
  const sheet = await request.post("/api/check-sheets", {
    data: {
      id: randomUUID(),
      checkDate: "2026-11-24",
      driverSignedName: "Łukasz Wróbel",
      plantNumber: "ex-001",
      siteLocation: "Leeds Ring Road",
      defectTyres: false,
      defectsNotes: "Nearside rear tyre cut",
      operatorSignature: SAMPLE_SIGNATURE,
      operatorSignedName: "Łukasz Wróbel",
      clientSignature: SAMPLE_SIGNATURE,
      clientSignedName: "Chris Client",
      signatureDate: "2026-11-24",
      status: "ready_for_approval",
    },
  });
  expect(sheet.status(), await sheet.text()).toBe(201);
  const alert = await waitForMailTo(workshop, /^Defect reported - EX-001 - 24\/11\/2026$/);
  expect(alert.text).toContain("Reported by: Łukasz Wróbel, at Leeds Ring Road");
  expect(alert.text).toContain("Notes: Nearside rear tyre cut");

  // The fleet shows it first, with the report; the admin marks it fixed, saying how.
  await page.reload();
  const vehicle = fleet.getByRole("list", { name: "Vehicles" }).getByRole("listitem").first();
  await expect(vehicle.getByText("EX-001")).toBeVisible();
  await expect(vehicle.getByText("Defect reported")).toBeVisible();
  await expect(vehicle.getByText("Nearside rear tyre cut")).toBeVisible();
  await expect(vehicle.getByText("24/11/2026 · Łukasz Wróbel")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "fleet-defect-reported", { folder: SHOTS });
  await vehicle.getByRole("button", { name: "Mark Fixed" }).click();
  await vehicle.getByRole("button", { name: "Save Fix" }).click();
  await expect(vehicle.getByRole("alert")).toHaveText(companyMessages.fixNoteRequired);
  await vehicle.getByRole("textbox", { name: "What was done" }).fill("New tyre fitted");
  await vehicle.getByRole("button", { name: "Save Fix" }).click();
  const fixedVehicle = fleet.getByRole("listitem").filter({ hasText: "New tyre fitted" }).first();
  await expect(fixedVehicle.getByText("OK", { exact: true })).toBeVisible();
  await expect(fixedVehicle.getByText(/Fixed .* by Alex Admin: New tyre fitted/)).toBeVisible();
  await screenshotBoth(page, "fleet-defect-fixed", { folder: SHOTS });

  // The company's own machine: its drivers then see the company's fleet alone.
  await fleet.getByRole("button", { name: "Add Vehicle" }).click();
  const form = fleet.getByRole("form", { name: "Add Vehicle" });
  await form.getByRole("button", { name: "Add to Fleet" }).click();
  await expect(form.getByRole("alert")).toHaveText("Please enter the code on the machine's QR label.");
  const label = `ACME-${randomUUID().slice(0, 8)}`;
  await form.getByLabel("QR code on the label").fill(label);
  await form.getByLabel("Plant", { exact: true }).fill("AX-9");
  await form.getByLabel("Machine").fill("JCB 86C");
  await form.getByLabel("Daily check list").selectOption({ label: "Excavator" });
  await form.getByRole("button", { name: "Add to Fleet" }).click();
  await expect(form.getByRole("status")).toHaveText(companyMessages.vehicleAdded("AX-9"));
  await expect(fleet.getByRole("list", { name: "Vehicles" }).getByRole("listitem")).toHaveCount(1);
  await expect(fleet.getByRole("list", { name: "Vehicles" })).toContainText("AX-9");
  await expectNoAxeViolations(page);
  const seen = (await (await request.get("/api/vehicles")).json()) as Array<{ qrCode: string }>;
  expect(seen.map((vehicle) => vehicle.qrCode)).toEqual([label]);

  // And its own customers: its drivers then pick from those alone.
  const customers = page.getByRole("region", { name: "Customers" });
  const addCustomer = customers.getByRole("form", { name: "Add Customer" });
  await addCustomer.getByRole("button", { name: "Add Customer" }).click();
  await expect(addCustomer.getByRole("alert")).toHaveText("Please enter the customer's name.");
  await addCustomer.getByLabel("Customer name").fill("Leeds Ring Road JV");
  await addCustomer.getByLabel("Check the order number drivers enter").check();
  await addCustomer.getByRole("button", { name: "Add Customer" }).click();
  await expect(addCustomer.getByRole("status")).toHaveText(
    companyMessages.customerAdded("Leeds Ring Road JV"),
  );
  const listed = customers.getByRole("list", { name: "Customers drivers pick from" }).getByRole("listitem");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("Leeds Ring Road JV");
  await expectNoAxeViolations(page);
  const picked = (await (await request.get("/api/customers")).json()) as Array<{ name: string }>;
  expect(picked.map((customer) => customer.name)).toEqual(["Leeds Ring Road JV"]);
});
