import { expect } from "@playwright/test";
import { type Catalog, createTranslator } from "../src/domain/text/i18n/translate";
import { enableDemoMode, test } from "./fixtures/app-test";
import { catalogFile, scrollsSideways } from "./support/english-on-screen";
import { plainCustomer, toastRegion } from "./support/form-wizard";
import { waitForOfflineReady } from "./support/offline";

// Polish goes through every screen in languages.spec.ts; each other language at least through the home page, a
// wizard step, a toast, a validation message and the offline notice.
for (const [locale, phone] of [
  ["ro", "ro-RO"],
  ["lt", "lt-LT"],
  ["bg", "bg-BG"],
  ["pt", "pt-PT"],
] as const) {
  test.describe(`a phone set to ${phone}`, () => {
    test.use({ locale: phone, viewport: { width: 360, height: 800 } });

    test("reads the home page, a wizard step, a toast, a validation message and the offline notice in its language", async ({
      page,
      context,
      request,
    }) => {
      test.slow();
      const t = createTranslator(locale, catalogFile(locale) as Catalog).t;
      const customer = await plainCustomer(request);
      await enableDemoMode(page);

      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByText(t("home.worksOfflineTitle"))).toBeVisible();
      expect(await scrollsSideways(page)).toBeLessThanOrEqual(0);

      await page.getByRole("link", { name: t("home.startTimesheet") }).click();
      await page.getByRole("combobox", { name: t("customer.label") }).click();
      await page.getByRole("option", { name: customer.name }).click();
      await page.getByRole("button", { name: t("customer.continue") }).click();
      await expect(page.getByRole("heading", { level: 2, name: t("step.driverCompany") })).toBeVisible();
      expect(await scrollsSideways(page)).toBeLessThanOrEqual(0);

      // The offline notice, while the wizard keeps what is typed.
      await waitForOfflineReady(page);
      await context.setOffline(true);
      await expect(page.getByRole("banner").getByText(t("offline.badge"))).toBeVisible();
      await context.setOffline(false);
      await expect(page.getByRole("banner").getByText(t("offline.badge"))).toHaveCount(0);

      // A toast: the scanner finds no camera here.
      await page.getByRole("button", { name: t("wizard.next") }).click();
      await expect(page.getByRole("heading", { level: 2, name: t("step.vehicleHours") })).toBeVisible();
      await page.getByRole("button", { name: t("qr.scan") }).click();
      await expect(toastRegion(page).getByText(t("qr.cameraNotAvailableTitle"))).toBeVisible();
      const scanner = page.getByRole("dialog", { name: t("qr.scan") });
      await scanner.getByRole("button", { name: t("common.close") }).click();
      await expect(scanner).toBeHidden();

      // A validation message: a day that finishes before it starts.
      await page.getByRole("button", { name: t("wizard.next") }).click();
      await expect(page.getByRole("heading", { level: 2, name: t("step.week") })).toBeVisible();
      const tuesday = page.getByRole("region", { name: t("day.tuesday"), exact: true });
      await tuesday.getByText(t("week.enterManually")).click();
      await tuesday.getByLabel(t("week.start")).fill("08:00");
      await tuesday.getByLabel(t("week.finish")).fill("07:00");
      await expect(tuesday.getByText(t("week.finishNotAfterStart"))).toBeVisible();
      expect(await scrollsSideways(page)).toBeLessThanOrEqual(0);
    });
  });
}
