import { expect } from "@playwright/test";
import { type Catalog, createTranslator } from "../src/domain/text/i18n/translate";
import { test } from "./fixtures/app-test";
import { catalogFile } from "./support/english-on-screen";

test.describe("reporting a wrong translation", () => {
  test.use({ locale: "pl-PL", viewport: { width: 360, height: 800 } });

  test("a tap on the words opens a mail with the screen, the language, the message's key and both wordings", async ({
    page,
  }) => {
    const t = createTranslator("pl", catalogFile("pl") as Catalog).t;
    // The mail app is not part of the browser: what the page asks to open is kept instead.
    await page.addInitScript(() => {
      window.open = (url) => {
        (window as unknown as { openedMail: string }).openedMail = String(url);
        return null;
      };
    });
    await page.goto("/");
    await page.getByRole("button", { name: t("language.buttonLabel", { language: "Polski" }) }).click();
    await page.getByRole("menuitem", { name: t("language.reportTranslation") }).click();
    const bar = page.getByRole("region", { name: t("language.reportTranslation") });
    await expect(bar.getByText(t("translationReport.pickHint"))).toBeVisible();

    // The tap picks the words: the link under them is not followed.
    await page.getByRole("link", { name: t("home.startTimesheet") }).click();
    await expect(bar).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    const opened = await page.evaluate(() => (window as unknown as { openedMail?: string }).openedMail ?? "");
    const mail = new URL(opened);
    expect(mail.protocol).toBe("mailto:");
    expect(decodeURIComponent(mail.pathname)).toMatch(/^translations@/);
    expect(mail.searchParams.get("subject")).toBe(`${t("translationReport.subject")} (pl)`);
    const body = mail.searchParams.get("body") ?? "";
    expect(body).toContain(`${t("translationReport.screen")}: /`);
    expect(body).toContain(`${t("translationReport.message")}: home.startTimesheet`);
    expect(body).toContain(`${t("translationReport.shown")}: ${t("home.startTimesheet")}`);
    expect(body).toContain(`${t("translationReport.english")}: Start Timesheet`);

    // Chosen again and cancelled, the screen works as before.
    await page.getByRole("button", { name: t("language.buttonLabel", { language: "Polski" }) }).click();
    await page.getByRole("menuitem", { name: t("language.reportTranslation") }).click();
    await bar.getByRole("button", { name: t("common.cancel") }).click();
    await expect(bar).toBeHidden();
    await page.getByRole("link", { name: t("home.startTimesheet") }).click();
    await expect(page).not.toHaveURL(/\/$/);
  });
});
