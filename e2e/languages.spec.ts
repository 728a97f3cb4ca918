import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { STORAGE_KEYS } from "../src/domain/forms/constants";
import { test } from "./fixtures/app-test";
import { logIn, submitLogin } from "./fixtures/drivers";

/** A language's catalog, read as the app's build reads it. */
function catalog(locale: string): (key: string) => string {
  const messages = JSON.parse(
    readFileSync(new URL(`../src/domain/text/catalogs/${locale}.json`, import.meta.url), "utf8"),
  ) as Record<string, string>;
  return (key) => {
    const message = messages[key];
    if (message === undefined) throw new Error(`${locale} has no ${key}`);
    return message;
  };
}
const polish = catalog("pl");
const romanian = catalog("ro");
const header = (page: Page) => page.getByRole("banner");

async function chooseLanguage(page: Page, current: RegExp, name: string): Promise<void> {
  await header(page).getByRole("button", { name: current }).click();
  await page.getByRole("menuitemradio", { name }).click();
}

test.describe("on a phone set to Polish", () => {
  test.use({ locale: "pl-PL" });

  test("the first visit is in Polish, one tap changes the language, and the choice is kept", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
    await expect(header(page).getByRole("button", { name: polish("header.login") })).toBeVisible();
    await expect(header(page).getByRole("button", { name: "Język: Polski" })).toBeVisible();

    await chooseLanguage(page, /^Język/, "Română");
    await expect(page.locator("html")).toHaveAttribute("lang", "ro");
    await expect(header(page).getByRole("button", { name: romanian("header.login") })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.language)).toBe("ro");

    await page.reload();
    await expect(header(page).getByRole("button", { name: romanian("header.login") })).toBeVisible();
    await expect(header(page).getByRole("button", { name: "Limbă: Română" })).toBeVisible();
  });
});

test("a language chosen signed in is kept on the account, and a phone that never chose one takes it at login", async ({
  page,
  browser,
}) => {
  const email = `driver-${randomUUID()}@northern-plant.co.uk`;
  await logIn(page, "Łukasz Wróbel", email);
  await page.goto("/");
  await chooseLanguage(page, /^Language/, "Polski");
  await expect(header(page).getByText(polish("header.sessionActive"))).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/drivers/me")).json()) as { language: string }).language,
    )
    .toBe("pl");

  // Another phone, in English, that never chose a language: the login brings the account's.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: "en-GB" });
  const phone = await other.newPage();
  await phone.goto("/");
  await header(phone).getByRole("button", { name: "Login (Optional)" }).click();
  await submitLogin(phone, email, "gravel-pit-42");
  await expect(header(phone).getByText(polish("header.sessionActive"))).toBeVisible();
  await expect(phone.locator("html")).toHaveAttribute("lang", "pl");
  await other.close();
});

for (const pseudo of ["en-XA", "ar-XB"] as const) {
  test(`in the ${pseudo} pseudo-locale the header is drawn from the catalog, at 360 px without scrolling sideways`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      STORAGE_KEYS.language,
      pseudo,
    ] as const);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("dir", pseudo === "ar-XB" ? "rtl" : "ltr");
    await expect(header(page).getByRole("button", { name: /Ĺööĝ/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
