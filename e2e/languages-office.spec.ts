import { expect, type Page } from "@playwright/test";
import { SAMPLE_SIGNATURE } from "../src/test-support/sample-signature";
import { test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { phone } from "./support/company";
import { catalog, catalogFile, englishOnScreen, scrollsSideways } from "./support/english-on-screen";
import { createWeek } from "./support/supervisor";

const polish = catalog("pl");
/** Where the screens' pictures go, to be looked at after a run. */
const SHOTS = "test-results/languages-office";

/** The messages of the company's screens: none of their English may show on a Polish one. */
const COMPANY_AREAS =
  /^(review|company|members|invite|invites|joinCode|join|createCompany|fleet|vehicle|customers|sample|export|orderRule|webhook|import|qrLabels|workshopLink|companyLanguage|hireTerms)\./;
const COMPANY_KEYS = Object.keys(catalogFile("en-GB")).filter(
  (key) => COMPANY_AREAS.test(key) || key === "common.close",
);

async function inPolishAt360(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  expect.soft(await englishOnScreen(page, COMPANY_KEYS), name).toEqual([]);
  expect.soft(await scrollsSideways(page), name).toBeLessThanOrEqual(0);
}

test.describe("an admin whose phone is set to Polish", () => {
  test.use({ locale: "pl-PL", viewport: { width: 360, height: 800 } });

  test("sets up the company, invites, and reviews a week in Polish, at 360 px without scrolling sideways", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, "Alina Kowalska");
    await page.goto("/home");
    await page.getByRole("button", { name: polish("home.moreOptions") }).click({ timeout: 20_000 });
    await page.getByRole("menuitemradio", { name: polish("home.company") }).click();
    await expect(page.getByRole("heading", { level: 2, name: polish("company.heading") })).toBeVisible();
    await expect(page.getByText(polish("createCompany.notInCompany"))).toBeVisible();
    await inPolishAt360(page, "company-none");

    await page.getByLabel(polish("createCompany.name")).fill("Budmax Sp. z o.o.");
    await page.getByRole("button", { name: polish("createCompany.create") }).click();
    await expect(page.getByRole("heading", { level: 3, name: "Budmax Sp. z o.o." })).toBeVisible();
    const { organisation } = (await (await page.request.get("/api/organisations/mine")).json()) as {
      organisation: { id: string };
    };

    // A driver of the company submits a week: a timesheet and its daily checks.
    const driver = await phone(browser);
    await logIn(driver, "Piotr Nowak");
    const code = await page.request.post(`/api/organisations/${organisation.id}/join-codes`, {
      data: { role: "driver" },
    });
    const token = new URL(((await code.json()) as { joinUrl: string }).joinUrl).searchParams.get("token");
    expect((await driver.request.post("/api/invites/accept", { data: { token } })).status()).toBe(200);
    const week = await createWeek(driver, { driverSignedName: "Piotr Nowak", plantNumber: "KOP-07" });
    expect(
      (
        await driver.request.put(`/api/timesheets/${week.timesheetId}`, {
          data: { status: "ready_for_approval" },
        })
      ).status(),
    ).toBe(200);
    for (const id of week.checkSheetIds) {
      const sent = await driver.request.put(`/api/check-sheets/${id}`, {
        data: {
          status: "ready_for_approval",
          operatorSignature: SAMPLE_SIGNATURE,
          operatorSignedName: "Piotr Nowak",
          clientSignature: SAMPLE_SIGNATURE,
          clientSignedName: "Jan Zieliński",
          signatureDate: "2026-11-21",
        },
      });
      expect(sent.status(), await sent.text()).toBe(200);
    }

    await page.reload();
    await expect(
      page.getByRole("heading", { name: polish("members.heading").replace("{count}", "2") }),
    ).toBeVisible();
    await expect(page.getByText(polish("invites.joinCode"), { exact: true })).toBeVisible();
    await inPolishAt360(page, "company-admin");

    await page.getByRole("link", { name: polish("review.title") }).click();
    await expect(page.getByRole("heading", { level: 1, name: polish("review.title") })).toBeVisible();
    const card = page.getByRole("listitem").filter({ hasText: "Piotr Nowak" });
    await expect(card).toBeVisible();
    await inPolishAt360(page, "review-list");

    await page.getByRole("button", { name: polish("review.filters") }).click();
    await card.getByRole("checkbox").check();
    await expect(page.getByRole("region", { name: polish("review.bulkApproval") })).toBeVisible();
    await inPolishAt360(page, "review-filters-and-selection");

    await card.getByRole("button", { name: new RegExp(`^${polish("review.openWeek")}`) }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: polish("review.historyHeading") })).toBeVisible();
    await dialog.screenshot({ path: `${SHOTS}/review-week.png` });
    expect(await englishOnScreen(page, COMPANY_KEYS)).toEqual([]);
  });
});
