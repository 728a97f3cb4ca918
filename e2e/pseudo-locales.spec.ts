import { expect, type Page } from "@playwright/test";
import { STORAGE_KEYS } from "../src/domain/forms/constants";
import { LOCALE_NAMES } from "../src/domain/text/i18n/locales";
import { SAMPLE_CUSTOMERS, SAMPLE_VEHICLES } from "../src/server/db/seed";
import { test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
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

/** Words of what people typed (names, the company's and the samples' lists): shown as typed, in any language. */
const wordsOf = (...texts: readonly string[]) => texts.flatMap((text) => text.split(/[^A-Za-z]+/));
const SAMPLE_WORDS = wordsOf(
  ...SAMPLE_CUSTOMERS.map((customer) => customer.name),
  ...SAMPLE_VEHICLES.flatMap((vehicle) => [
    vehicle.machineNumber,
    vehicle.plantNumber,
    vehicle.vehicleType ?? "",
    vehicle.description ?? "",
  ]),
);

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

    test("the account's tabs, the company's screen, the office review and the supervisor's screens are drawn from the catalogs", async ({
      page,
    }) => {
      test.slow();
      const email = "pseudo@northern-plant.co.uk".replace("pseudo", `pseudo-${Date.now()}`);
      await logIn(page, "Zed Pseudo", email);
      // The webhook address field shows the form of an address ("https://"), the same in every language, and the
      // company's language is picked from each language under its own name ("English", "Polski").
      const typed = wordsOf(
        "Zed Pseudo",
        email,
        "Pseudo Plant Hire Ltd",
        "https",
        ...Object.values(LOCALE_NAMES),
        ...SAMPLE_WORDS,
      );
      // Before and after the account makes its company: the form that makes one, then the company's lists.
      await page.goto("/?tab=company");
      await expect(page.getByRole("heading", { level: 2 }).first()).toContainText("[");
      await screenIsDrawnFromTheCatalogs(page, typed);
      const made = await page.request.post("/api/organisations", { data: { name: "Pseudo Plant Hire Ltd" } });
      expect(made.status(), await made.text()).toBe(201);
      for (const path of [
        "/?tab=company",
        "/?tab=history",
        "/?tab=supervisor",
        "/?tab=account",
        "/?screen=collation",
        "/office-review",
      ]) {
        await page.goto(path);
        await expect(page.getByRole("heading").first()).toContainText("[");
        // Drawn once every query has answered: each screen's loading line ("Loading weeks...") is gone.
        await expect(page.getByText(/\.\.\.\]/)).toHaveCount(0);
        await screenIsDrawnFromTheCatalogs(page, typed);
      }
    });
  });
}
