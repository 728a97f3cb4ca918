import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { test } from "./fixtures/app-test";
import {
  expectSignedOut,
  loginFromHeader,
  newDriver,
  registerByApi,
  type TestDriver,
} from "./fixtures/drivers";
import { waitForDeviceCopy, waitForOfflineReady } from "./support/offline";
import { completeCheckSheet } from "./support/supervisor";
import { nextStep, startTimesheetFromHome, stepHeading } from "./support/timesheet-wizard";

// Each of these cuts and restores the network around whole flows: longer than a screen check.
test.describe.configure({ timeout: 90_000 });

const keptNote = (page: Page) =>
  page.getByRole("status").filter({ hasText: "Offline — showing what was saved on" });
const refreshedNote = (page: Page) =>
  page.getByRole("status").filter({ hasText: "Offline — last refreshed" });

function header(page: Page) {
  return page.getByRole("banner");
}

function historyCard(page: Page, plantNumber: string) {
  return page.getByRole("article", { name: `Check Sheet ${plantNumber}` });
}

async function openHistory(page: Page): Promise<void> {
  await page.goto("/?tab=history");
  await expect(page.getByRole("heading", { level: 2, name: "Driver History" })).toBeVisible();
}

async function signedInDriver(page: Page): Promise<TestDriver> {
  const driver = newDriver();
  await registerByApi(page.request, driver);
  await page.goto("/");
  await loginFromHeader(page, driver);
  return driver;
}

/** What the device keeps in IndexedDB, counted in the page. */
function deviceCounts(page: Page): Promise<{ forms: number; outbox: number; lists: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const opening = indexedDB.open("plant-sheets");
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const tx = db.transaction(["forms", "outbox", "lists"]);
          const counts = { forms: 0, outbox: 0, lists: 0 };
          for (const name of ["forms", "outbox", "lists"] as const) {
            const request = tx.objectStore(name).count();
            request.onsuccess = () => {
              counts[name] = request.result;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(counts);
          };
        };
      }),
  );
}

test("the driver's history is readable offline after one visit with signal, and a record opens from it", async ({
  page,
  context,
}) => {
  const driver = await signedInDriver(page);
  const plant = `EX-${randomUUID().slice(0, 6)}`;
  await completeCheckSheet(page, driver.fullName, plant);
  await openHistory(page);
  await expect(historyCard(page, plant)).toBeVisible();
  await expect(refreshedNote(page)).toHaveCount(0);
  await waitForOfflineReady(page);

  await context.setOffline(true);
  await page.reload();
  await expect(header(page).getByText(messages.offline)).toBeVisible();
  await expect(historyCard(page, plant)).toBeVisible();
  await expect(refreshedNote(page)).toBeVisible();
  await page.screenshot({ path: "test-results/offline-history.png" });

  await historyCard(page, plant).getByRole("button", { name: "View Record" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Daily Plant Defect Check" })).toBeVisible();
  await expect(keptNote(page)).toBeVisible();
  await expect(page.getByText(plant)).toBeVisible();
  await expect(page.getByText("Chris Client").first()).toBeVisible();
  await page.screenshot({ path: "test-results/offline-record.png", fullPage: true });
});

test("logging out clears the kept history: the next driver on the same phone never sees it", async ({
  page,
  context,
}) => {
  const first = await signedInDriver(page);
  const plant = `EX-${randomUUID().slice(0, 6)}`;
  await completeCheckSheet(page, first.fullName, plant);
  await openHistory(page);
  await expect(historyCard(page, plant)).toBeVisible();
  // The history keeps the account's three lists on the phone: timesheets, check sheets and off-hire notes.
  await expect.poll(async () => (await deviceCounts(page)).lists).toBe(3);

  await header(page).getByRole("button", { name: "Logout" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Log out?" });
  await confirm.getByRole("button", { name: "Logout" }).click();
  await expectSignedOut(page);
  expect((await deviceCounts(page)).lists).toBe(0);

  const second = newDriver();
  await registerByApi(page.request, second);
  await loginFromHeader(page, second);
  await openHistory(page);
  await expect(page.getByRole("heading", { name: "No Completed Sheets Yet" })).toBeVisible();
  await waitForOfflineReady(page);

  await context.setOffline(true);
  await page.reload();
  await expect(refreshedNote(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Completed Sheets Yet" })).toBeVisible();
  await expect(historyCard(page, plant)).toHaveCount(0);
});

test("logging out with work not sent yet warns, can stay signed in, and keeps it to send after the next sign-in", async ({
  page,
  context,
}) => {
  const driver = await signedInDriver(page);
  await startTimesheetFromHome(page, "Severn Valley Homes");
  const company = `Unsent Plant ${randomUUID().slice(0, 6)}`;
  await page.getByLabel("Company you're driving for").fill(company);
  await waitForOfflineReady(page);
  await context.setOffline(true);
  await nextStep(page, "Vehicle Info & Machine Hours");
  await expect(header(page).getByRole("button", { name: messages.waitingToSend(1) })).toBeVisible();

  await page.getByRole("link", { name: "Home" }).click();
  await header(page).getByRole("button", { name: "Logout" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Log out?" });
  await expect(confirm).toContainText(messages.unsentAtLogout(1));
  await page.screenshot({ path: "test-results/offline-logout-unsent.png" });
  await confirm.getByRole("button", { name: "Stay signed in" }).click();
  await expect(confirm).toBeHidden();
  await expect(header(page).getByText(driver.fullName)).toBeVisible();

  await header(page).getByRole("button", { name: "Logout" }).click();
  await confirm.getByRole("button", { name: "Log out, keep on phone" }).click();
  await expectSignedOut(page);
  // Still on the phone: the waiting save, and the copy of the form it saves.
  await expect(header(page).getByRole("button", { name: messages.waitingToSend(1) })).toBeVisible();
  expect(await deviceCounts(page)).toMatchObject({ outbox: 1, forms: 1 });

  // Signal returns while signed out: it waits for its driver's sign-in rather than being lost.
  await context.setOffline(false);
  await expect(header(page).getByText(messages.offline)).toHaveCount(0);
  await expect(header(page).getByRole("button", { name: messages.waitingToSend(1) })).toBeVisible();
  // Another driver on the same phone: it is not sent as theirs, and it is not theirs to be warned about.
  const other = newDriver();
  await registerByApi(page.request, other);
  await loginFromHeader(page, other);
  await expect(header(page).getByRole("button", { name: messages.waitingToSend(1) })).toBeVisible();
  expect(await (await page.request.get("/api/timesheets")).json()).toEqual([]);
  await header(page).getByRole("button", { name: "Logout" }).click();
  await expect(confirm).toContainText("You will need to log in again");
  await confirm.getByRole("button", { name: "Logout" }).click();
  await expectSignedOut(page);

  await loginFromHeader(page, driver);
  await expect(header(page).getByRole("button", { name: /waiting to send/ })).toHaveCount(0);
  const drafts = (await (await page.request.get("/api/timesheets")).json()) as { company: string }[];
  expect(drafts.map((draft) => draft.company)).toContain(company);
});

test("a timesheet started without an account is still there in the wizard after signing in, and becomes a draft", async ({
  page,
}) => {
  await startTimesheetFromHome(page, "Severn Valley Homes");
  await page.getByLabel("Driver Full Name").fill("Anna Anon");
  await page.getByLabel("Company you're driving for").fill("Anon Plant Hire");
  // Written to the device a moment after typing.
  await waitForDeviceCopy(page, "Anon Plant Hire");

  const driver = newDriver();
  await registerByApi(page.request, driver);
  await page.getByRole("link", { name: "Home" }).click();
  await loginFromHeader(page, driver);

  // Brought back with work the server has not had: saved as the driver's draft straight away.
  const created = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/timesheets",
  );
  await startTimesheetFromHome(page, "Severn Valley Homes");
  await expect(page.getByText(messages.formRestored)).toBeVisible();
  await expect(page.getByLabel("Driver Full Name")).toHaveValue("Anna Anon");
  await expect(page.getByLabel("Company you're driving for")).toHaveValue("Anon Plant Hire");
  expect((await created).status()).toBe(201);
  await nextStep(page, "Vehicle Info & Machine Hours");
  await page.getByLabel("Plant/Registration Number").fill("EX-909");
  await nextStep(page, "Weekly Timesheet");
  await expect
    .poll(async () => {
      const drafts = (await (await page.request.get("/api/timesheets")).json()) as {
        company: string;
        plantNumber: string;
      }[];
      return drafts.map((draft) => `${draft.company} ${draft.plantNumber}`);
    })
    .toEqual(["Anon Plant Hire EX-909"]);
});

test("a draft saved after the server's session ended waits for a login over the wizard, then is sent", async ({
  page,
  context,
}) => {
  const driver = await signedInDriver(page);
  await startTimesheetFromHome(page, "Severn Valley Homes");
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  const created = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/timesheets",
  );
  await nextStep(page, "Vehicle Info & Machine Hours");
  const { id } = (await (await created).json()) as { id: string };

  // The server's session is gone (it ran out, or the cookie was cleared) while the wizard is open.
  await context.clearCookies();
  await page.getByLabel("Plant/Registration Number").fill("EX-401");
  await nextStep(page, "Weekly Timesheet");
  // The save's refusal asks to log in over the wizard, which stays where it was.
  const dialog = page.getByRole("dialog", { name: messages.sessionExpired.title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email").fill(driver.email);
  await dialog.getByLabel("Password", { exact: true }).fill(driver.password);
  await dialog.getByRole("button", { name: messages.logIn, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(stepHeading(page, "Weekly Timesheet")).toBeVisible();
  await expect(header(page).getByRole("button", { name: /waiting to send/ })).toHaveCount(0);
  await expect
    .poll(async () => {
      const draft = await page.request.get(`/api/timesheets/${id}`);
      return ((await draft.json()) as { plantNumber: string }).plantNumber;
    })
    .toBe("EX-401");
});
