import { expect, type Page } from "@playwright/test";
import { STORAGE_KEYS } from "../src/domain/forms/constants";
import { test } from "./fixtures/app-test";
import { expectNoAxeViolations } from "./support/axe";
import { scrollsSideways } from "./support/english-on-screen";
import { plainCustomer } from "./support/form-wizard";

/**
 * Words of plain ASCII letters on a screen drawn in a pseudo-locale, where every catalog message is accented: each
 * is a word written into a component rather than taken from the catalogs. What the screen shows and what it says
 * to a screen reader (labels, placeholders, titles, alt texts) are both read.
 */
async function unaccentedWords(page: Page, allowed: readonly string[] = []): Promise<string[]> {
  const said = await page.evaluate(() => {
    const attributes = [...document.querySelectorAll("[aria-label], [placeholder], [title], [alt]")].flatMap(
      (element) =>
        ["aria-label", "placeholder", "title", "alt"].map((name) => element.getAttribute(name) ?? ""),
    );
    return [document.body.innerText, ...attributes].join("\n");
  });
  const words = said.match(/(?<![\p{L}])[A-Za-z]{3,}(?![\p{L}])/gu) ?? [];
  return [...new Set(words)].filter((word) => !allowed.includes(word));
}

/** Today's weekday and month as Intl writes them for the pseudo-locales (British English): words, not the app's. */
const TODAY = new Intl.DateTimeFormat("en-GB", { weekday: "long", month: "long" })
  .formatToParts(new Date())
  .filter((part) => part.type === "weekday" || part.type === "month")
  .map((part) => part.value);

const STORAGE_KEY_WORDS = Object.values(STORAGE_KEYS).flatMap((key) => key.split(/[^A-Za-z]+/));

async function screenIsDrawnFromTheCatalogs(page: Page, allowed: readonly string[] = []): Promise<void> {
  expect(await unaccentedWords(page, [...TODAY, ...allowed])).toEqual([]);
  expect(await scrollsSideways(page)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
}

for (const pseudo of ["en-XA", "ar-XB"] as const) {
  test.describe(`in the ${pseudo} pseudo-locale at 360 px`, () => {
    test.use({ viewport: { width: 360, height: 740 } });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        STORAGE_KEYS.language,
        pseudo,
      ] as const);
    });

    test("the home page, the privacy policy and the 404 page are drawn from the catalogs", async ({
      page,
    }) => {
      for (const path of ["/", "/privacy-policy", "/no-such-page"]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("dir", pseudo === "ar-XB" ? "rtl" : "ltr");
        await expect(page.getByRole("heading").first()).toContainText("[");
        // The privacy policy names what it keeps on the phone by the storage keys' own names.
        await screenIsDrawnFromTheCatalogs(page, STORAGE_KEY_WORDS);
      }
    });

    test("customer selection and every step of both wizards are drawn from the catalogs", async ({
      page,
      request,
    }) => {
      test.slow();
      const customer = await plainCustomer(request);
      await page.goto("/?screen=customer-selection&form=timesheet");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("[");
      await screenIsDrawnFromTheCatalogs(page);
      for (const [form, steps] of [
        ["/timesheet", 4],
        ["/check-sheet", 5],
      ] as const) {
        await page.goto(form);
        for (let step = 1; step <= steps; step++) {
          await expect(page.getByRole("heading", { level: 2 }).first()).toContainText("[");
          // The customer's name is what the office typed, not a word of the app.
          await screenIsDrawnFromTheCatalogs(page, customer.name.split(/\s+/));
          if (step < steps) await page.getByRole("navigation").getByRole("button").last().click();
        }
      }
    });
  });
}
