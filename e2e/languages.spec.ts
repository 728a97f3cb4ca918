import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { STORAGE_KEYS } from "../src/domain/forms/constants";
import { enableDemoMode, test } from "./fixtures/app-test";
import { logIn, submitLogin } from "./fixtures/drivers";
import { plainCustomer, toastRegion } from "./support/form-wizard";

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
const english = catalog("en-GB");
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
 * The English words of these messages that a reader would meet: the whole message where it is plain text, else
 * each run of words between its placeholders (plural and select messages by their branches' words). Messages the
 * Polish catalog writes the same (names, numbers) are left out: they are not English on a Polish screen.
 */
function englishWords(keys: readonly string[]): string[] {
  const words = new Set<string>();
  for (const key of keys) {
    const message = english(key);
    if (message === polish(key)) continue;
    const text = message.replaceAll("''", "'");
    // What lies between placeholders, and each plural or select branch's words.
    const parts = text
      .replace(/\{\w+\}/g, "¦")
      .replace(/\{\w+, (?:plural|select|number)[^{]*/g, "¦")
      .replace(/\}\s*\w+\s*\{/g, "¦")
      .split(/[¦{}#]/);
    for (const part of parts) {
      const trimmed = part.replace(/^[\s,:;.()'+-]+|[\s,:;.()'+-]+$/g, "");
      if (/\p{L}{3}/u.test(trimmed)) words.add(trimmed);
    }
  }
  return [...words];
}

/** The English words found in what the screen shows: its visible text, and the labels and hints of its controls. */
async function englishOnScreen(page: Page, keys: readonly string[]): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const attributes = [...document.querySelectorAll("[aria-label], [placeholder], [title]")].flatMap(
      (element) => ["aria-label", "placeholder", "title"].map((name) => element.getAttribute(name) ?? ""),
    );
    return [document.body.innerText, ...attributes].join("\n");
  });
  return englishWords(keys).filter((words) =>
    new RegExp(`(^|[^\\p{L}])${words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(shown),
  );
}

async function scrollsSideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** What every step of the timesheet wizard shows around the step itself. */
const WIZARD_FRAME = [
  "form.timesheet.title",
  "wizard.stepOf",
  "wizard.progressLabel",
  "wizard.navLabel",
  "wizard.previous",
  "wizard.next",
  "wizard.home",
  "header.login",
  "header.noAccountNeeded",
];
const DRIVER_STEP = [
  "step.driverCompany",
  "job.title",
  "job.orderNumber",
  "job.noOrderNumber",
  "job.unknownCustomer",
  "field.customerId",
  "driverStep.useLastEntry",
  "driverStep.fillsEmpty",
  "driverStep.remembered",
  "field.weekEnding",
  "weekEnding.hint",
  "weekEnding.notSaturday",
  "weekEnding.useSaturday",
  "field.company",
  "field.siteLocation",
  "field.clientCompany",
  "field.driverSignedName",
];
const VEHICLE_STEP = [
  "step.vehicleHours",
  "qr.title",
  "qr.intro",
  "qr.scan",
  "qr.found",
  "field.machineNumber",
  "field.plantNumber",
  "field.machineHours",
  "field.vanMileage",
];
const QR_DIALOG = [
  "qr.scan",
  "qr.dialogDescription",
  "qr.cameraView",
  "qr.startingCamera",
  "qr.preparing",
  "qr.cameraUnavailable",
  "qr.manualEntry",
  "qr.manualPlaceholder",
  "qr.lookUp",
  "qr.simulate",
  "qr.lookingUp",
  "qr.cameraNotAvailableTitle",
  "qr.cameraNotAvailableDescription",
];
const WEEK_STEP = [
  "step.week",
  "week.intro",
  "week.netHours",
  "week.added",
  "week.standardShift",
  "week.addStandardShift",
  "week.clear",
  "week.enterManually",
  "week.start",
  "week.finish",
  "week.breakMinutes",
  "week.working",
  "week.standing",
  "week.breakdown",
  "week.totalHours",
  "week.breakdownPlaceholder",
  "week.finishNotAfterStart",
  "field.breakdownNotes",
  "field.siteLocation",
];
const SIGNATURE_STEP = [
  "step.driverSignature",
  "field.operatorSignature",
  "field.clientSignature",
  "field.signatureDate",
  "signatureStep.tapToSign",
  "signatureStep.clientRequired",
  "timesheetSignature.clientPlaceholder",
  "timesheet.readyToSubmit",
  "timesheet.completeAndEmail",
  "submitProblem.ratingTitle",
  "submitProblem.ratingDescription",
  "submitProblem.emailTitle",
  "submitProblem.emailDescription",
  "submitProblem.signaturesTitle",
  "submitProblem.signaturesDescription",
  "submitProblem.signaturesAndDateDescription",
];

test.describe("a timesheet on a Polish phone", () => {
  test.use({ locale: "pl-PL", viewport: { width: 360, height: 800 } });

  test("goes from the home page to the signature step without an English word, nothing scrolling sideways at 360 px", async ({
    page,
    request,
  }) => {
    test.slow();
    const customer = await plainCustomer(request);
    await enableDemoMode(page);
    const step = (key: string) => page.getByRole("heading", { level: 2, name: polish(key), exact: true });
    const next = async (key: string) => {
      await page.getByRole("button", { name: polish("wizard.next") }).click();
      await expect(step(key)).toBeVisible();
    };
    const screen = async (keys: readonly string[]) => {
      expect(await englishOnScreen(page, [...WIZARD_FRAME, ...keys])).toEqual([]);
      expect(await scrollsSideways(page)).toBeLessThanOrEqual(0);
    };

    await page.goto("/");
    await page.getByRole("link", { name: polish("home.startTimesheet") }).click();
    await page.getByRole("combobox", { name: polish("customer.label") }).click();
    await page.getByRole("option", { name: customer.name }).click();
    await page.getByRole("button", { name: polish("customer.continue") }).click();
    await expect(page.getByRole("heading", { level: 1, name: polish("form.timesheet.title") })).toBeVisible();
    await expect(step("step.driverCompany")).toBeVisible();

    // Step 1, with the week ending's advice on a Wednesday and the way to its Saturday.
    await page.getByLabel(polish("field.weekEnding")).fill("2025-03-12");
    await expect(page.getByText("Tydzień zwykle kończy się w sobotę; ta data to środa.")).toBeVisible();
    await screen(DRIVER_STEP);
    await page.getByRole("button", { name: "Użyj soboty 15.03.2025" }).click();
    await page.getByLabel(polish("field.company")).fill("Budmax Sp. z o.o.");
    await page.getByLabel(polish("field.siteLocation")).fill("Łódź, ul. Piotrkowska");
    await page.getByLabel(polish("field.clientCompany")).fill("Mostostal Wrocław");
    await page.getByLabel(polish("field.driverSignedName")).fill("Łukasz Wróbel");
    await screen(DRIVER_STEP);

    // Step 2, and the scanner's dialog (no camera here: it says so, and a toast says so too).
    await next("step.vehicleHours");
    await screen(VEHICLE_STEP);
    await page.getByRole("button", { name: polish("qr.scan") }).click();
    const scanner = page.getByRole("dialog", { name: polish("qr.scan") });
    await expect(scanner).toBeVisible();
    await expect(toastRegion(page).getByText(polish("qr.cameraNotAvailableTitle"))).toBeVisible();
    await screen([...QR_DIALOG, ...VEHICLE_STEP]);
    await scanner.getByRole("button", { name: polish("qr.simulate") }).click();
    await expect(scanner).toBeHidden();
    await expect(page.getByText(/^Znaleziono maszynę: /)).toBeVisible();
    await page.getByLabel(polish("field.machineHours")).fill("1234,5");
    await screen(VEHICLE_STEP);

    // Step 3: a standard day, one typed by hand that ends before it starts, and the week's total.
    await next("step.week");
    const monday = page.getByRole("region", { name: "Poniedziałek", exact: true });
    await monday.getByRole("button", { name: "+9 godz." }).click();
    await expect(monday.getByText(`✓ ${polish("week.added")}`)).toBeVisible();
    const tuesday = page.getByRole("region", { name: "Wtorek", exact: true });
    await tuesday.getByText(polish("week.enterManually")).click();
    await tuesday.getByLabel(polish("week.start")).fill("08:00");
    await tuesday.getByLabel(polish("week.finish")).fill("13:00");
    await expect(tuesday.getByText(/Godziny netto/)).toContainText("4,5");
    await expect(page.locator("output")).toHaveText("13,5");
    await tuesday.getByLabel(polish("week.finish")).fill("07:00");
    await expect(tuesday.getByText(polish("week.finishNotAfterStart"))).toBeVisible();
    await screen(WEEK_STEP);
    // For a look at the longer words at 360 px: the top of the step, and a day typed by hand.
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    await page.screenshot({ path: test.info().outputPath("week-step-pl-360.png") });
    await tuesday.screenshot({ path: test.info().outputPath("week-step-pl-360-day.png") });
    await tuesday.getByLabel(polish("week.finish")).fill("16:30");

    // Step 4: what is still missing, in Polish.
    await next("step.driverSignature");
    await expect(page.getByText(polish("submitProblem.ratingTitle"))).toBeVisible();
    await screen(SIGNATURE_STEP);
  });
});
