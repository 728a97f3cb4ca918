import { randomUUID } from "node:crypto";
import { expect, type Request } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { expectToStay } from "./support/stays";
import { dayCard, nextStep, sign, stepHeading, toastRegion } from "./support/timesheet-wizard";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function isDraftSave(r: Request): boolean {
  const path = new URL(r.url()).pathname;
  return (
    (r.method() === "POST" && path === "/api/timesheets") ||
    (r.method() === "PUT" && path.startsWith("/api/timesheets/"))
  );
}

test("an account holder's draft is created on Next Step, updated after, and reopens at the right step", async ({
  page,
}) => {
  await logIn(page, "Dana Draft");
  await page.goto("/timesheet");
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");

  const created = page.waitForRequest(isDraftSave);
  await nextStep(page, "Vehicle Info & Machine Hours");
  const create = await created;
  expect(create.method()).toBe("POST");
  const { id } = create.postDataJSON() as { id: string };
  expect(id).toMatch(UUID);
  expect(create.postDataJSON()).toMatchObject({ company: "Northern Plant Hire", status: "draft" });
  expect((await create.response())?.status()).toBe(201);

  await page.getByLabel("Plant/Registration Number").fill("EX-001");
  const updated = page.waitForRequest(isDraftSave);
  await nextStep(page, "Weekly Timesheet");
  const update = await updated;
  expect(update.method()).toBe("PUT");
  expect(new URL(update.url()).pathname).toBe(`/api/timesheets/${id}`);
  expect(update.postDataJSON()).toMatchObject({ id, plantNumber: "EX-001" });

  await dayCard(page, "Monday").getByRole("button", { name: "+9 Hours" }).click();
  const mondaySaved = page.waitForResponse((r) => isDraftSave(r.request()));
  await nextStep(page, "Driver Signature");
  await mondaySaved;
  // Going back and forth without changes sends nothing new.
  const saves: string[] = [];
  page.on("request", (r) => {
    if (isDraftSave(r)) saves.push(r.method());
  });
  await page.getByRole("button", { name: "Previous" }).click();
  await nextStep(page, "Driver Signature");
  expect(saves).toEqual([]);

  // Leave and come back: Monday has a start, so the draft opens at the week.
  await page.goto("/");
  await page.goto(`/timesheet?draftId=${id}`);
  await expect(stepHeading(page, "Weekly Timesheet")).toBeVisible();
  await expect(dayCard(page, "Monday").getByText("✓ Added")).toBeVisible();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Plant/Registration Number")).toHaveValue("EX-001");
  await nextStep(page, "Weekly Timesheet");
  await nextStep(page, "Driver Signature");

  // Signed by the operator and saved by hand: it now opens at the signatures.
  await sign(page, "Operator Signature", "Dana Draft");
  const saved = page.waitForRequest(isDraftSave);
  await page.getByRole("button", { name: "Save as Draft" }).click();
  expect((await saved).method()).toBe("PUT");
  await expect(toastRegion(page).getByText(messages.timesheetDraftSaved)).toBeVisible();

  const stored = await page.request.get(`/api/timesheets/${id}`);
  expect(await stored.json()).toMatchObject({
    id,
    status: "draft",
    company: "Northern Plant Hire",
    plantNumber: "EX-001",
    mondayNetHours: 9,
    totalHours: 9,
    operatorSignedName: "Dana Draft",
  });
  await page.goto(`/timesheet?draftId=${id}`);
  await expect(stepHeading(page, "Driver Signature")).toBeVisible();
  await expect(page.getByRole("region", { name: "Operator Signature" }).getByRole("img")).toBeVisible();
});

test("a changed draft is saved every 30 seconds, and an unchanged one is not", async ({ page }) => {
  await logIn(page, "Dana Draft");
  await page.clock.install();
  await page.goto("/timesheet");
  const saves: Request[] = [];
  page.on("request", (r) => {
    if (isDraftSave(r)) saves.push(r);
  });

  // A save the timer started would be on the wire within these real seconds.
  const noSaveBeyond = (count: number) => expectToStay(() => saves.length, count, "draft saves");
  await page.clock.fastForward(30_000);
  await noSaveBeyond(0);

  await page.getByLabel("Site Location").fill("Leeds Ring Road");
  const first = page.waitForRequest(isDraftSave);
  await page.clock.fastForward(30_000);
  expect((await first).method()).toBe("POST");
  await expect(page.getByText("Saving...")).toBeHidden();

  await page.clock.fastForward(30_000);
  await noSaveBeyond(1);

  // The name came filled in from the account: the driver writes it out in full.
  await page.getByLabel("Driver Full Name").fill("Dana Jane Draft");
  const second = page.waitForRequest(isDraftSave);
  await page.clock.fastForward(30_000);
  const update = await second;
  expect(update.method()).toBe("PUT");
  expect(update.postDataJSON()).toMatchObject({
    siteLocation: "Leeds Ring Road",
    driverSignedName: "Dana Jane Draft",
  });
});

test.describe("with the service worker off", () => {
  // A draft is saved through the outbox the service worker shares (Background Sync), and page.route does not see
  // what the service worker sends: the refusal must meet the page's own try.
  test.use({ serviceWorkers: "block" });

  test("a draft that cannot be saved says so", async ({ page }) => {
    await logIn(page, "Dana Draft");
    await page.route("**/api/timesheets", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Database is busy"}' }),
    );
    await page.goto("/timesheet");
    await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
    await nextStep(page, "Vehicle Info & Machine Hours");
    const failed = messages.draftSaveFailed("Database is busy");
    await expect(toastRegion(page).getByText(failed.title)).toBeVisible();
    await expect(toastRegion(page).getByText(failed.description)).toBeVisible();
    // The driver carries on; nothing typed is lost.
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByLabel("Company you're driving for")).toHaveValue("Northern Plant Hire");
  });
});

test("a draft that is not there says so instead of showing an empty form", async ({ page }) => {
  await logIn(page, "Dana Draft");
  await page.goto(`/timesheet?draftId=${randomUUID()}`);
  await expect(page.getByRole("alert")).toContainText("Failed to open draft:");
  await expect(page.getByRole("link", { name: "Start a new timesheet" })).toBeVisible();
});

test("a changed draft is saved when the phone leaves the page", async ({ page }) => {
  await logIn(page, "Dana Draft");
  await page.goto("/timesheet");
  await page.getByLabel("Company on hire to").fill("Pennine Groundworks Ltd");
  const saved = page.waitForRequest(isDraftSave);
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const request = await saved;
  expect(request.method()).toBe("POST");
  expect(request.postDataJSON()).toMatchObject({ clientCompany: "Pennine Groundworks Ltd" });
});
