import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { STORAGE_KEYS } from "../src/domain/forms/constants";
import { type Catalog, createTranslator } from "../src/domain/text/i18n/translate";
import { pdfText } from "../src/server/pdf/pdf-text";
import { enableDemoMode, test } from "./fixtures/app-test";
import { logIn, submitLogin } from "./fixtures/drivers";
import { waitForMailTo } from "./fixtures/mailbox";
import { jpegFile } from "./support/check-sheet-wizard";
import { catalog, catalogFile, englishOnScreen, scrollsSideways } from "./support/english-on-screen";
import { drawSignature, plainCustomer, toastRegion } from "./support/form-wizard";
import { approveWeek, createWeek, signWeek } from "./support/supervisor";

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
  "field.meterStart",
  "field.meterEnd",
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

  test("goes from the home page to the mailed PDFs without an English word, nothing scrolling sideways at 360 px; the client's copy is English, the driver's Polish, with one fingerprint", async ({
    page,
    request,
  }) => {
    test.slow();
    const customer = await plainCustomer(request);
    await enableDemoMode(page);
    // An account, so the driver keeps a copy of their own, in the language the form was filled in.
    const driverEmail = `lukasz-${randomUUID()}@budmax.pl`;
    await logIn(page, "Łukasz Wróbel", driverEmail);
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
    await page.getByLabel(polish("field.meterStart")).fill("1234,5");
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

    // Signed, rated and sent to the client's English address, the client's copy left in English.
    for (const [block, name] of [
      [polish("field.operatorSignature"), "Łukasz Wróbel"],
      [polish("field.clientSignature"), "Chris Client"],
    ] as const) {
      const region = page.getByRole("region", { name: block, exact: true });
      await region.getByLabel(polish("signer.printName")).fill(name);
      await region.getByRole("button", { name: new RegExp(`^${polish("signer.sign")}`) }).click();
      const pad = page.getByRole("dialog");
      await drawSignature(page, pad);
      await pad.getByRole("button", { name: polish("signaturePad.save") }).click();
      await expect(pad).toBeHidden();
    }
    const rating = page.getByRole("region", { name: polish("rating.title") });
    await rating.getByRole("button", { name: polish("rating.happy") }).click();
    const client = `office-${randomUUID()}@buildco.co.uk`;
    const panel = page.getByRole("region", { name: polish("signatureStep.emailSubmission") });
    await panel.getByRole("textbox", { name: polish("recipients.defaultLabel") }).fill(client);
    await expect(panel.getByRole("combobox", { name: polish("documentLanguage.label") })).toHaveText(
      "English",
    );
    await screen(SIGNATURE_STEP);
    await page.getByRole("button", { name: polish("timesheet.completeAndEmail") }).click();
    await expect(
      toastRegion(page).getByText(polish("timesheet.submittedTitle"), { exact: true }),
    ).toBeVisible();

    // By subject: the driver's address also had the account's own mail, and the newest may not be the form's yet.
    const pdfOf = async (address: string, subject: string) => {
      const mail = await waitForMailTo(address, new RegExp(`^${subject} - `));
      const pdf = mail.attachments.find((attachment) => attachment.contentType === "application/pdf");
      return { subject: mail.subject ?? "", text: (await pdfText(pdf!.content)).replace(/\s+/g, " ") };
    };
    const [clientCopy, driverCopy] = [
      await pdfOf(client, "Weekly Timesheet"),
      await pdfOf(driverEmail, polish("form.timesheet.title")),
    ];
    expect(clientCopy.subject).toMatch(/^Weekly Timesheet - /);
    expect(clientCopy.text).toContain("Hours, Monday to Sunday");
    expect(clientCopy.text).toContain("Łukasz Wróbel");
    expect(driverCopy.subject).toMatch(new RegExp(`^${polish("form.timesheet.title")} - `));
    expect(driverCopy.text).toContain(polish("pdf.hoursMondayToSunday"));
    expect(driverCopy.text).not.toContain("Hours, Monday to Sunday");
    const fingerprint = (text: string) => /SHA-256 [^:]*: ([0-9a-f]{64})/.exec(text)?.[1];
    expect(fingerprint(driverCopy.text)).toBeDefined();
    expect(fingerprint(driverCopy.text)).toBe(fingerprint(clientCopy.text));
  });
});

/** The catalog keys of the messages a check sheet's photo and signature steps and its sent screen use. */
function keysOfTheseScreens(): string[] {
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
    ...Object.keys(catalogFile("en-GB")).filter((key) => prefixes.some((prefix) => key.startsWith(prefix))),
    "common.cancel",
    "wizard.startNew",
    "wizard.backToHome",
  ];
  return keys;
}

test.describe("a check sheet on a phone set to Polish", () => {
  test.use({ locale: "pl-PL", viewport: { width: 360, height: 800 } });

  test("the photo and signature steps and the sent screen show no English, at 360 px without scrolling sideways", async ({
    page,
    request,
  }) => {
    test.slow();
    const pl = createTranslator("pl", catalogFile("pl") as Catalog).t;
    const keys = keysOfTheseScreens();
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
    expect(await englishOnScreen(page, keys)).toEqual([]);
    expect(await scrollsSideways(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath("photo-dialog-pl-360.png") });
    await dialog.getByRole("button", { name: pl("photoUpload.uploadCount", { count: 2 }) }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(page.getByText("Dołączono 2 zdjęcia")).toBeVisible();
    expect(await englishOnScreen(page, keys)).toEqual([]);
    expect(await scrollsSideways(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath("photo-step-pl-360.png"), fullPage: true });

    // The signature step: both signers, the date, the rating and the address.
    await page.getByRole("button", { name: pl("wizard.next") }).click();
    await expect(page.getByText(pl("wizard.stepOf", { step: 5, total: 5 }))).toBeVisible();
    const awaiting = page.getByRole("region", { name: pl("checkSheet.awaitingTitle") });
    await expect(awaiting).toBeVisible();
    expect(await englishOnScreen(page, keys)).toEqual([]);
    expect(await scrollsSideways(page)).toBeLessThanOrEqual(0);
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
      expect(await englishOnScreen(page, keys)).toEqual([]);
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
    expect(await englishOnScreen(page, keys)).toEqual([]);
    expect(await scrollsSideways(page)).toBeLessThanOrEqual(0);
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
    await expect(sent.getByText(pl("form.noDefects"))).toBeVisible();
    await expect(sent.getByRole("button", { name: pl("wizard.backToHome") })).toBeVisible();
    expect(await englishOnScreen(page, keys)).toEqual([]);
    expect(await scrollsSideways(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath("sent-pl-360.png"), fullPage: true });
  });
});

/** The keys of the read-only record, Driver History and the supervisor's screens, and the shared words they show. */
function recordAndSupervisorKeys(): string[] {
  const prefixes = [
    "completed.",
    "history.",
    "formStatus.",
    "company.state.",
    "supervisor.",
    "light.",
    "status.",
    "collation.",
    "approval.",
    "dispatch.",
    "sentBack.",
  ];
  return [
    ...Object.keys(catalogFile("en-GB")).filter((key) => prefixes.some((prefix) => key.startsWith(prefix))),
    "pdf.noDefectsNoted",
    "pdf.notSigned",
    "pdf.signatureDrawn",
    "pdf.signatures",
    "pdf.signatureDate",
    "pdf.column.day",
    "form.defects",
    "week.totalHours",
    "week.netHours",
    "photoStep.attachedCount",
    "checkValue.defect",
    "account.backToDashboard",
    "home.supervisor",
    "home.driverHistory",
  ];
}

test.describe("a driver's records and the supervisor's screens on a phone set to Polish", () => {
  test.use({ locale: "pl-PL", viewport: { width: 360, height: 800 } });

  test("Driver History, a signed form's record and the supervisor's sets show no English, at 360 px without scrolling sideways", async ({
    page,
  }) => {
    test.slow();
    const pl = createTranslator("pl", catalogFile("pl") as Catalog).t;
    const keys = recordAndSupervisorKeys();
    const screen = async (name: string) => {
      expect(await englishOnScreen(page, keys)).toEqual([]);
      expect(await scrollsSideways(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`${name}-pl-360.png`), fullPage: true });
    };
    // A week approved, a week signed and waiting for approval, and one not signed yet.
    const driver = "Łukasz Wróbel";
    // An address without English words in it: the pack's recipients are shown on screen.
    await logIn(page, driver, `lukasz-${randomUUID().slice(0, 8)}@budmax.pl`);
    const approved = await createWeek(page, { driverSignedName: driver, plantNumber: "KOP-12" });
    await signWeek(page, approved, driver);
    await approveWeek(page, approved);
    const signed = await createWeek(page, { driverSignedName: driver, plantNumber: "WAL-3" });
    await signWeek(page, signed, driver);
    await createWeek(page, { driverSignedName: driver, plantNumber: "ŁAD-7" });

    // Driver History, then the approved timesheet's record, as the driver opens it.
    await page.goto("/?tab=history");
    const weeks = page.getByRole("list", { name: pl("history.byWeek") });
    await expect(
      weeks.getByRole("heading", { name: pl("history.weekEnding", { date: "21.11.2026" }) }),
    ).toBeVisible({
      timeout: 20_000,
    });
    await expect(weeks.getByText(pl("formStatus.approved"), { exact: true }).first()).toBeVisible();
    await screen("driver-history");
    await weeks
      .getByRole("article", { name: `${pl("home.tabTimesheet")} KOP-12` })
      .getByRole("button", { name: pl("history.viewRecord") })
      .click();
    await expect(page.getByRole("heading", { level: 2, name: pl("completed.theWeek") })).toBeVisible();
    await expect(page.getByText(pl("completed.submittedAndEmailed"))).toBeVisible();
    await screen("completed-timesheet");

    // A check sheet's record: its checks, defects and signers.
    await page.goBack();
    await weeks
      .getByRole("article", { name: `${pl("home.tabCheckSheet")} KOP-12` })
      .first()
      .getByRole("button", { name: pl("history.viewRecord") })
      .click();
    await expect(page.getByRole("heading", { level: 2, name: pl("completed.dailyChecks") })).toBeVisible();
    // What the driver typed stays as typed.
    await expect(page.getByText("Nearside rear tyre worn")).toBeVisible();
    await screen("completed-check-sheet");

    // The supervisor's sets, their lights and legend, the collation and the approval dashboard.
    await page.goto("/?tab=supervisor");
    await expect(page.getByRole("heading", { level: 2, name: pl("home.supervisor") })).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      page.getByRole("list", { name: pl("supervisor.draftSheets") }).getByRole("article"),
    ).toHaveCount(3);
    await expect(page.getByText(pl("status.approvedReadyForDispatch"))).toBeVisible();
    await screen("supervisor");
    await page.getByRole("button", { name: pl("supervisor.approvalTitle") }).click();
    await expect(page.getByRole("list", { name: pl("collation.summary") })).toBeVisible();
    await screen("collation");
    await page.goBack();
    await page
      .getByRole("article")
      .filter({ hasText: "WAL-3" })
      .getByRole("button", { name: pl("supervisor.getApproval") })
      .click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("heading", { name: pl("supervisor.confirmSendTitle") })).toBeVisible();
    expect(await englishOnScreen(page, keys)).toEqual([]);
    await confirm.getByRole("button", { name: pl("common.cancel") }).click();
    await page
      .getByRole("article")
      .filter({ hasText: "KOP-12" })
      .getByRole("button", { name: pl("supervisor.reviewSet") })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: pl("approval.title") })).toBeVisible();
    await expect(page.getByText(pl("approval.signaturesRequired"))).toBeVisible();
    await screen("approval-dashboard");
  });
});
