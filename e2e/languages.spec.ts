import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { STORAGE_KEYS } from "../src/domain/forms/constants";
import { type Catalog, createTranslator } from "../src/domain/text/i18n/translate";
import { test } from "./fixtures/app-test";
import { logIn, submitLogin } from "./fixtures/drivers";
import { jpegFile } from "./support/check-sheet-wizard";
import { drawSignature, plainCustomer } from "./support/form-wizard";

/** A language's catalog file, as the app's build reads it. */
function catalogFile(locale: string): Record<string, string> {
  return JSON.parse(
    readFileSync(new URL(`../src/domain/text/catalogs/${locale}.json`, import.meta.url), "utf8"),
  ) as Record<string, string>;
}

/** A language's catalog, read as the app's build reads it. */
function catalog(locale: string): (key: string) => string {
  const messages = catalogFile(locale);
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

/**
 * The words an English message shows, whatever its placeholders and plural branches: each run of text between
 * them of two words or more, or the whole message when it is one word ("Sign", "Clear").
 */
function englishRuns(message: string): string[] {
  if (!/[{}#]/.test(message)) return [message];
  return message
    .split(/[{}#]/)
    .map((run) => run.trim())
    .filter(
      (run) => /\s/.test(run) && /[a-z]{2}/i.test(run) && !/^\w+,\s*(plural|select|number)\b/.test(run),
    );
}

/** Every English word group of the catalog messages a check sheet's photo and signature steps and its sent screen use. */
function englishOfTheseScreens(): string[] {
  const english = catalogFile("en-GB");
  const polishFile = catalogFile("pl");
  const prefixes = [
    "photoStep.",
    "photoUpload.",
    "photo.",
    "rating.",
    "signer.",
    "signature.",
    "signaturePad.",
    "signatureDate.",
    "recipients.",
    "sent.",
    "checkSheet.",
    "checkSignature.",
    "signatureStep.",
  ];
  const keys = [
    ...Object.keys(english).filter((key) => prefixes.some((prefix) => key.startsWith(prefix))),
    "common.cancel",
    "wizard.startNew",
    "wizard.backToHome",
  ];
  const runs = new Set<string>();
  for (const key of keys) {
    const inPolish = polishFile[key] ?? "";
    for (const run of englishRuns(english[key] ?? "")) if (!inPolish.includes(run)) runs.add(run);
  }
  return [...runs];
}

/** The English of `runs` that the page shows or says: its text, and its labels, placeholders and alt texts. */
async function englishOnScreen(page: Page, runs: readonly string[]): Promise<string[]> {
  const said = await page.evaluate(() => {
    const attributes = ["aria-label", "placeholder", "alt", "title"];
    const labels = [...document.querySelectorAll("*")].flatMap((element) =>
      attributes.map((name) => element.getAttribute(name) ?? ""),
    );
    return [document.body.innerText, ...labels].join("\n");
  });
  return runs.filter((run) =>
    /\s/.test(run)
      ? said.includes(run)
      : new RegExp(`(^|[^\\p{L}])${run.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(said),
  );
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("a check sheet on a phone set to Polish", () => {
  test.use({ locale: "pl-PL", viewport: { width: 360, height: 800 } });

  test("the photo and signature steps and the sent screen show no English, at 360 px without scrolling sideways", async ({
    page,
    request,
  }) => {
    test.slow();
    const pl = createTranslator("pl", catalogFile("pl") as Catalog).t;
    const english = englishOfTheseScreens();
    const customer = await plainCustomer(request);

    // From the home page's Check Sheet tab, through the customer, into the wizard, as a driver does.
    await page.goto("/?tab=check-sheet");
    await page.getByRole("link", { name: pl("home.startCheckSheet") }).click();
    await page.getByRole("combobox", { name: pl("customer.label") }).click();
    await page.getByRole("option", { name: customer.name }).click();
    await page.getByRole("button", { name: pl("customer.continue") }).click();
    await expect(page.getByText(pl("wizard.stepOf", { step: 1, total: 5 }))).toBeVisible();
    for (const step of [2, 3, 4]) {
      await page.getByRole("button", { name: pl("wizard.next") }).click();
      await expect(page.getByText(pl("wizard.stepOf", { step, total: 5 }))).toBeVisible();
    }

    // The photo step: its guidelines, the upload dialog, and the count in Polish plurals.
    await expect(page.getByRole("heading", { name: pl("photoStep.guidelinesTitle") })).toBeVisible();
    await expect(page.getByText(pl("photoStep.attachedCount", { count: 0 }))).toBeVisible();
    await page.getByRole("button", { name: pl("photoStep.addPhotos") }).click();
    const dialog = page.getByRole("dialog", { name: pl("photoStep.addPhotos") });
    await dialog
      .getByLabel(pl("photoUpload.chooseFromGallery"))
      .setInputFiles([
        await jpegFile(page, "koparka.jpg", 320, 240, "#225522"),
        await jpegFile(page, "opona.jpg", 240, 320, "#552222"),
      ]);
    await expect(
      dialog.getByRole("button", { name: pl("photoUpload.uploadCount", { count: 2 }) }),
    ).toBeVisible();
    expect(await englishOnScreen(page, english)).toEqual([]);
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath("photo-dialog-pl-360.png") });
    await dialog.getByRole("button", { name: pl("photoUpload.uploadCount", { count: 2 }) }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(page.getByText("Dołączono 2 zdjęcia")).toBeVisible();
    expect(await englishOnScreen(page, english)).toEqual([]);
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath("photo-step-pl-360.png"), fullPage: true });

    // The signature step: both signers, the date, the rating and the address.
    await page.getByRole("button", { name: pl("wizard.next") }).click();
    await expect(page.getByText(pl("wizard.stepOf", { step: 5, total: 5 }))).toBeVisible();
    const awaiting = page.getByRole("region", { name: pl("checkSheet.awaitingTitle") });
    await expect(awaiting).toBeVisible();
    expect(await englishOnScreen(page, english)).toEqual([]);
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath("signature-step-pl-360.png"), fullPage: true });

    for (const [block, name] of [
      [pl("checkSignature.operatorTitle"), "Łukasz Wróbel"],
      [pl("checkSignature.clientTitle"), "Zofia Kowalska"],
    ] as const) {
      const region = page.getByRole("region", { name: block, exact: true });
      await region.getByLabel(pl("signer.printName")).fill(name);
      await region.getByRole("button", { name: new RegExp(`^${pl("signer.sign")}`) }).click();
      const pad = page.getByRole("dialog");
      await expect(pad).toContainText(pl("signaturePad.instructionsNamed", { name }));
      expect(await englishOnScreen(page, english)).toEqual([]);
      await drawSignature(page, pad);
      await pad.getByRole("button", { name: pl("signaturePad.save") }).click();
      await expect(pad).toBeHidden();
      await expect(region.getByRole("img", { name: new RegExp(name) })).toBeVisible();
    }
    await page.getByLabel(pl("checkSignature.date")).fill("2026-11-20");
    await expect(page.getByText(pl("signatureDate.set", { date: "20.11.2026" }))).toBeVisible();
    const ready = page.getByRole("region", { name: pl("checkSheet.readyTitle") });
    await expect(ready).toContainText("Dołączono 2 zdjęcia");
    const rating = page.getByRole("region", { name: pl("rating.title") });
    await rating.getByRole("button", { name: pl("rating.okay") }).click();
    await expect(rating.getByText(pl("rating.hidden"))).toBeVisible();
    const panel = page.getByRole("region", { name: pl("signatureStep.emailSubmission") });
    const address = `biuro.${Date.now()}@pennine-groundworks.co.uk`;
    await panel.getByRole("textbox", { name: pl("recipients.defaultLabel") }).fill(address);
    await expect(panel.getByText(pl("recipients.hint"))).toBeVisible();
    expect(await englishOnScreen(page, english)).toEqual([]);
    await noSidewaysScroll(page);
    await page.screenshot({
      path: test.info().outputPath("signature-step-signed-pl-360.png"),
      fullPage: true,
    });

    // Sent: what went and to whom, in Polish.
    await panel.getByRole("button").last().click();
    const sent = page.getByRole("status").filter({ hasText: pl("sent.title", { form: "check-sheet" }) });
    await expect(sent).toBeVisible();
    await expect(sent.getByRole("listitem")).toHaveText([address]);
    await expect(sent.getByText(pl("sent.summaryHeading"))).toBeVisible();
    await expect(sent.getByText(pl("sent.noDefects"))).toBeVisible();
    await expect(sent.getByRole("button", { name: pl("wizard.backToHome") })).toBeVisible();
    expect(await englishOnScreen(page, english)).toEqual([]);
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath("sent-pl-360.png"), fullPage: true });
  });
});
