import { randomUUID } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import { fixFormLabel, returnedFormTitle } from "../src/domain/forms/sent-back";
import { emptyTimesheet } from "../src/domain/hours/timesheet";
import { companyMessages } from "../src/domain/text/company-messages";
import { english } from "../src/domain/text/i18n/english";
import { addDays } from "../src/domain/time/iso-date";
import { SAMPLE_SIGNATURE } from "../src/test-support/sample-signature";
import { acceptPrivacyBanner, test } from "./fixtures/app-test";
import { logIn, newDriver, registerByApi } from "./fixtures/drivers";
import { expectNoAxeViolations } from "./support/axe";
import { createWeek, screenshotBoth as screenshotBothAt, WEEK_ENDING, type Week } from "./support/supervisor";

test.describe.configure({ timeout: 180_000 });

/** Where the screens' pictures go, to be looked at after a run. */
const SHOTS = "test-results/office-review";
const DESK = { width: 1280, height: 800 };

/** A company made through the API by its admin, who stays signed in on `admin`. */
async function companyOf(admin: APIRequestContext, name: string): Promise<string> {
  await registerByApi(admin, newDriver());
  const made = await admin.post("/api/organisations", { data: { name } });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { id: string }).id;
}

/**
 * The signed-in account of `member` joins the company by a join code the admin makes, as a driver (the only role
 * a join code gives), and the admin then gives it `role`.
 */
async function join(admin: APIRequestContext, companyId: string, member: APIRequestContext, role: string) {
  const code = await admin.post(`/api/organisations/${companyId}/join-codes`, { data: { role: "driver" } });
  expect(code.status(), await code.text()).toBe(201);
  const token = new URL(((await code.json()) as { joinUrl: string }).joinUrl).searchParams.get("token");
  const joined = await member.post("/api/invites/accept", { data: { token } });
  expect(joined.status(), await joined.text()).toBe(200);
  if (role === "driver") return;
  const { accountId } = (await (await member.get("/api/drivers/me")).json()) as { accountId: string };
  const promoted = await admin.put(`/api/organisations/${companyId}/members/${accountId}`, {
    data: { role },
  });
  expect(promoted.status(), await promoted.text()).toBe(204);
}

/** A phone of the driver's own: its own cookies and storage. */
async function driverPhone(browser: Browser): Promise<Page> {
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await acceptPrivacyBanner(context);
  return context.newPage();
}

/** A driver of the company with one week submitted: a timesheet and two daily checks, one with a worn tyre. */
async function submittedWeek(page: Page, driver: string, plantNumber: string): Promise<Week> {
  const week = await createWeek(page, { driverSignedName: driver, plantNumber });
  await submit(page, week);
  return week;
}

async function submit(page: Page, week: Week): Promise<void> {
  const sent = await page.request.put(`/api/timesheets/${week.timesheetId}`, {
    data: { status: "ready_for_approval" },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  // The office approves a whole week only: its check sheets go in too, signed.
  for (const id of week.checkSheetIds) {
    const check = await page.request.put(`/api/check-sheets/${id}`, {
      data: {
        status: "ready_for_approval",
        operatorSignature: SAMPLE_SIGNATURE,
        operatorSignedName: "Operator",
        clientSignature: SAMPLE_SIGNATURE,
        clientSignedName: "Foreman",
        signatureDate: "2026-11-21",
      },
    });
    expect(check.status(), await check.text()).toBe(200);
  }
}

/** The screen in light and dark, from its top: a page scrolled by a tap would catch its sticky header midway. */
async function screenshotBoth(page: Page, name: string, options: { folder: string; fullPage?: boolean }) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotBothAt(page, name, options);
}

async function openReview(page: Page): Promise<void> {
  await page.goto("/?tab=company");
  // The first visit of a run loads the app cold, on a machine shared with other builds: allow it time.
  await page.getByRole("link", { name: "Office Review" }).click({ timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Office Review" })).toBeVisible();
}

test("the office filters, opens a week, sends it back; the driver reads why, resubmits, and the office approves", async ({
  page,
  browser,
  playwright,
}) => {
  const { baseURL } = test.info().project.use;
  const admin = await playwright.request.newContext({ baseURL });
  const companyId = await companyOf(admin, "Acme Plant Hire Ltd");
  await logIn(page, "Sue Supervisor");
  await join(admin, companyId, page.request, "supervisor");

  const dave = await driverPhone(browser);
  await logIn(dave, "Dave Digger");
  await join(admin, companyId, dave.request, "driver");
  const week = await submittedWeek(dave, "Dave Digger", "EX-042");
  const erin = await driverPhone(browser);
  await logIn(erin, "Erin Earthmover");
  await join(admin, companyId, erin.request, "driver");
  await submittedWeek(erin, "Erin Earthmover", "DZ-77");

  // A driver of the company does not see the way to the review.
  await dave.goto("/?tab=company");
  await expect(dave.getByText("Your role: Driver")).toBeVisible({ timeout: 20_000 });
  await expect(dave.getByRole("link", { name: "Office Review" })).toBeHidden();
  // Nor the review itself at its address: the list is the office's (and the server answers a driver 403).
  await dave.goto("/office-review");
  await expect(dave.getByText(companyMessages.reviewOnlySupervisors)).toBeVisible({ timeout: 20_000 });
  expect((await dave.request.get(`/api/organisations/${companyId}/review`)).status()).toBe(403);

  await page.setViewportSize(DESK);
  await openReview(page);
  const table = page.getByRole("table");
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await expect(table.getByRole("columnheader")).toHaveText([
    "Select every week not yet approved",
    "Driver",
    "Plant",
    "Week ending",
    "Hours",
    "Chargeable",
    "Defects",
    "Status",
    "Office",
  ]);
  const daveRow = table.locator(`tr[data-timesheet="${week.timesheetId}"]`);
  await expect(daveRow).toContainText("EX-042");
  await expect(daveRow).toContainText("21/11/2026");
  await expect(daveRow).toContainText("Submitted");
  await expect(daveRow).toContainText("Not approved");
  // One worn tyre on Monday's check: in red.
  await expect(daveRow.locator("[data-defects]")).toHaveText("1");
  await expect(daveRow.locator("[data-defects]")).toHaveClass(/text-red-700/);

  // A filter that matches nothing says so; the driver's whole name, in any case, finds his week.
  const filters = page.getByRole("form", { name: "Filter weeks" });
  await filters.getByLabel("Plant").fill("no such plant");
  await filters.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page.getByText(companyMessages.reviewNothingMatches)).toBeVisible();
  await filters.getByLabel("Plant").fill("");
  await filters.getByLabel("Driver").fill("dave digger");
  await filters.getByLabel("Week ending").fill("2026-11-21");
  // The status filter speaks the company's words, as the rows do.
  await expect(filters.getByLabel("Status").locator("option")).toHaveText([
    "Any status",
    "Submitted",
    "Sent back",
    "Reopened",
    "Approved",
  ]);
  await filters.getByLabel("Status").selectOption({ label: "Submitted" });
  await filters.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(daveRow).toBeVisible();

  // The week opened beside the table: its days, its defect and its forms.
  await daveRow.getByRole("button", { name: /Dave Digger/ }).click();
  const opened = page.getByRole("region", { name: "Opened week" });
  await expect(opened.getByRole("list", { name: "Hours by day" }).getByRole("listitem")).toHaveCount(7);
  await expect(opened.getByRole("list", { name: "Defects" })).toContainText("Nearside rear tyre worn");
  await expect(opened.getByRole("link", { name: "Open Check Sheet of 17/11/2026" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "review-desk-opened", { folder: SHOTS });

  // Everything the PDF shows, in the read-only record, and back.
  await opened.getByRole("link", { name: "Open Timesheet" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Weekly Timesheet" })).toBeVisible();
  await expect(page.getByText("Leeds Ring Road")).toBeVisible();
  await expect(page.getByRole("table")).toContainText("Total hours");
  await screenshotBoth(page, "review-desk-record", { folder: SHOTS });
  await page.getByRole("link", { name: "Back to Office Review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Office Review" })).toBeVisible();

  // Sent back: the reason is required, its limit is shown as it nears, and the week leaves the list at once.
  await table
    .locator(`tr[data-timesheet="${week.timesheetId}"]`)
    .getByRole("button", { name: /Dave Digger/ })
    .click();
  const sendBack = opened.getByRole("form", { name: "Send Back" });
  await sendBack.getByRole("button", { name: "Send Back to Driver" }).click();
  await expect(sendBack.getByRole("alert")).toHaveText(companyMessages.reviewReasonRequired);
  await sendBack.getByLabel("Reason for the driver").fill("x".repeat(420));
  await expect(sendBack.getByText("80 characters left of 500")).toBeVisible();
  const reason = "Friday's hours look wrong: please check the finish time.";
  await sendBack.getByLabel("Reason for the driver").fill(reason);
  await expect(sendBack.getByText(/characters left/)).toBeHidden();
  await sendBack.getByRole("button", { name: "Send Back to Driver" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sent back" })).toHaveText(
    companyMessages.reviewSentBack("Dave Digger, EX-042, week ending 21/11/2026"),
  );
  await expect(page.locator(`tr[data-timesheet="${week.timesheetId}"]`)).toHaveCount(0);
  // The filters stayed as they were across the record and back: nothing else matches them.
  await expect(page.getByText(companyMessages.reviewNothingMatches)).toBeVisible();
  // The week waits on the driver now: found as sent back, and said so on its row.
  await filters.getByLabel("Status").selectOption({ label: "Sent back" });
  await filters.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator(`tr[data-timesheet="${week.timesheetId}"]`)).toContainText("Sent back");
  await filters.getByLabel("Status").selectOption({ label: "Submitted" });
  await filters.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page.getByText(companyMessages.reviewNothingMatches)).toBeVisible();

  // The driver reads why on the home screen and on the form, which opens for editing again.
  await dave.goto("/home");
  const notice = dave.getByRole("note", { name: "Sent back by your company" });
  await expect(notice).toContainText(reason, { timeout: 20_000 });
  // A company member's home lists what came back, each with a way to fix it, and offers none of the personal
  // approval workflow.
  await expect(
    dave.getByRole("button", { name: `${fixFormLabel}: ${returnedFormTitle("timesheet", "21/11/2026")}` }),
  ).toBeVisible();
  await expect(dave.getByRole("button", { name: "View Collations" })).toHaveCount(0);
  await expectNoAxeViolations(dave);
  await screenshotBoth(dave, "driver-home-sent-back", { folder: SHOTS });
  // And on the week's card in the driver's own Supervisor tab.
  await dave.goto("/?tab=supervisor");
  await expect(
    dave.getByRole("article").getByRole("note", { name: "Sent back by your company" }),
  ).toContainText(reason, { timeout: 20_000 });
  await dave.goto("/home");
  await dave.getByRole("link", { name: /Continue your timesheet/ }).click({ timeout: 20_000 });
  await expect(dave.getByRole("note", { name: "Sent back by your company" })).toContainText(reason);
  await expect(dave.getByRole("heading", { level: 1, name: "Weekly Timesheet" })).toBeVisible();
  await screenshotBoth(dave, "driver-form-sent-back", { folder: SHOTS });
  await submit(dave, week);

  // Submitted again, it is back in the list; approved with a rating, the row says so at once.
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(page.getByText("1 week shown")).toBeVisible();
  await filters.getByRole("button", { name: "Clear filters" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(2);
  const again = table.locator(`tr[data-timesheet="${week.timesheetId}"]`);
  await again.getByRole("button", { name: /Dave Digger/ }).click();
  const approve = opened.getByRole("form", { name: "Approve" });
  await approve.getByRole("button", { name: "Approve Week" }).click();
  await expect(approve.getByRole("alert")).toHaveText(companyMessages.reviewRatingRequired);
  await approve.getByText("Excellent").click();
  await approve.getByLabel("Notes (optional)").fill("Corrected, thanks.");
  await approve.getByRole("button", { name: "Approve Week" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Approved:" })).toHaveText(
    companyMessages.reviewApproved("Dave Digger, EX-042, week ending 21/11/2026"),
  );
  await expect(again).toContainText(/Approved \d\d\/\d\d\/\d{4}/);
  await expect(opened.getByRole("form", { name: "Approve" })).toBeHidden();
  await expect(again.getByRole("checkbox")).toBeDisabled();
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "review-desk-approved", { folder: SHOTS });

  // The driver can no longer change the approved week.
  const locked = await dave.request.put(`/api/timesheets/${week.timesheetId}`, {
    data: { machineHours: "1" },
  });
  expect(locked.status()).toBe(409);
  await admin.dispose();
  await dave.context().close();
  await erin.context().close();
});

test("on a phone the weeks are cards; two are approved at once, and one approved meanwhile is named", async ({
  page,
  browser,
  playwright,
}) => {
  const { baseURL } = test.info().project.use;
  const admin = await playwright.request.newContext({ baseURL });
  const companyId = await companyOf(admin, "Rival Haulage Ltd");
  await logIn(page, "Sue Supervisor");
  await join(admin, companyId, page.request, "supervisor");
  const weeks: Week[] = [];
  for (const [name, plant] of [
    ["Finn Fitter", "EX-100"],
    ["Gail Grader", "GR-200"],
    ["Hugo Hauler", "DT-300"],
  ] as const) {
    const phone = await driverPhone(browser);
    await logIn(phone, name);
    await join(admin, companyId, phone.request, "driver");
    weeks.push(await submittedWeek(phone, name, plant));
    await phone.context().close();
  }

  await openReview(page);
  const cards = page.getByRole("list", { name: "Weeks for review" }).getByRole("listitem");
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole("table")).toBeHidden();
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "review-phone-list", { folder: SHOTS });

  // The filters fold away on a phone, behind one button.
  await page.getByRole("button", { name: "Filters", expanded: false }).click();
  const filters = page.getByRole("form", { name: "Filter weeks" });
  await filters.getByLabel("Plant").fill("gr-200");
  await filters.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Gail Grader");
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "review-phone-filtered", { folder: SHOTS });
  await filters.getByRole("button", { name: "Clear filters" }).click();
  await expect(cards).toHaveCount(3);

  // A week opens in a dialog with its days and its decisions.
  await page.getByRole("button", { name: /^Open week of Finn Fitter/ }).click();
  const dialog = page.getByRole("dialog", { name: "Week for review" });
  await expect(dialog.getByRole("list", { name: "Hours by day" })).toBeVisible();
  await expect(dialog.getByRole("form", { name: "Approve" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "review-phone-opened", { folder: SHOTS, fullPage: false });
  await dialog.getByRole("button", { name: "Close" }).click();

  // Two chosen; one rating; one question naming how many.
  await page.getByRole("checkbox", { name: /Finn Fitter/ }).check();
  await page.getByRole("checkbox", { name: /Gail Grader/ }).check();
  const bulk = page.getByRole("region", { name: "Bulk approval" });
  await expect(bulk.getByText("2 weeks selected")).toBeVisible();
  await bulk.getByText("Average").click();
  // Meanwhile another supervisor approves Gail's week.
  const elsewhere = await admin.post(
    `/api/organisations/${companyId}/review/${weeks[1]?.timesheetId}/approve`,
    {
      data: { rating: "happy" },
    },
  );
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  await screenshotBoth(page, "review-phone-selected", { folder: SHOTS });
  await bulk.getByRole("button", { name: "Approve 2 Weeks" }).click();
  const ask = page.getByRole("alertdialog", { name: "Approve 2 weeks?" });
  await expect(ask).toContainText(companyMessages.bulkApproveConfirm(2));
  await ask.getByRole("button", { name: "Approve 2" }).click();
  await expect(bulk.getByRole("status")).toHaveText(companyMessages.bulkApproveResult(1, 1));
  await expect(bulk.getByRole("list", { name: "Weeks not approved" })).toHaveText(
    `Gail Grader, GR-200, week ending 21/11/2026: ${english("apiError.reviewAlreadyApproved")}`,
  );
  const finn = page.locator(`li[data-timesheet="${weeks[0]?.timesheetId}"]`);
  await expect(finn).toContainText(/Approved \d\d\/\d\d\/\d{4}/);
  await expect(page.locator(`li[data-timesheet="${weeks[2]?.timesheetId}"]`)).toContainText("Not approved");
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "review-phone-bulk-done", { folder: SHOTS });

  // One check sheet of a week sent back from the phone: the dialog closes on what came of it; the week stays.
  await page.getByRole("button", { name: /^Open week of Hugo Hauler/ }).click();
  const hugo = page.getByRole("dialog", { name: "Week for review" });
  const sendBack = hugo.getByRole("form", { name: "Send Back" });
  await sendBack.getByLabel("Which form").selectOption({ label: "Check sheet of 17/11/2026" });
  await sendBack.getByLabel("Reason for the driver").fill("Please add a photo of the worn tyre.");
  await sendBack.getByRole("button", { name: "Send Back to Driver" }).click();
  await expect(hugo).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Sent back" })).toHaveText(
    companyMessages.reviewSentBack("Hugo Hauler, DT-300, week ending 21/11/2026"),
  );
  await expect(page.locator(`li[data-timesheet="${weeks[2]?.timesheetId}"]`)).toContainText("Not approved");
  const sheet = await admin.get(`/api/completed-forms/${weeks[2]?.checkSheetIds[0]}`);
  expect(
    ((await sheet.json()) as { form: { status: string; sentBack: { reason: string } } }).form,
  ).toMatchObject({
    status: "draft",
    sentBack: { reason: "Please add a photo of the worn tyre." },
  });

  // The same list on an office screen.
  await page.setViewportSize(DESK);
  await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(3);
  await page.getByRole("checkbox", { name: "Select every week not yet approved" }).check();
  await expect(bulk.getByText("1 week selected")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "review-desk-list", { folder: SHOTS });
  await admin.dispose();
});

test("a long list comes a page at a time: Load More adds the next weeks below those shown", async ({
  page,
  browser,
  playwright,
}) => {
  const { baseURL } = test.info().project.use;
  const admin = await playwright.request.newContext({ baseURL });
  const companyId = await companyOf(admin, "Long Lists Ltd");
  await logIn(page, "Sue Supervisor");
  await join(admin, companyId, page.request, "supervisor");
  const ian = await driverPhone(browser);
  await logIn(ian, "Ian Idle");
  await join(admin, companyId, ian.request, "driver");
  // 27 weeks submitted, one a week back from the newest: a page of 25, then 2 more.
  for (let back = 0; back < 27; back++) {
    const id = randomUUID();
    const made = await ian.request.post("/api/timesheets", {
      data: {
        ...emptyTimesheet(),
        id,
        driverSignedName: "Ian Idle",
        plantNumber: "EX-900",
        weekEnding: addDays(WEEK_ENDING, -7 * back),
        mondayStart: "07:00",
        mondayFinish: "16:30",
        mondayBreak: 30,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    await submit(ian, { timesheetId: id, checkSheetIds: [] });
  }
  await ian.context().close();

  await page.setViewportSize(DESK);
  await openReview(page);
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(25);
  await expect(page.getByText("25 weeks shown, more to load")).toBeVisible();
  await expect(rows.first()).toContainText("21/11/2026");
  await page.getByRole("button", { name: "Load More" }).click();
  await expect(rows).toHaveCount(27);
  await expect(page.getByText("27 weeks shown")).toBeVisible();
  await expect(rows.last()).toContainText(/\d\d\/05\/2026/);
  await expect(page.getByRole("button", { name: "Load More" })).toBeHidden();
  await admin.dispose();
});
