import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { applyStandardShift } from "../src/domain/hours/hours";
import { emptyTimesheet } from "../src/domain/hours/timesheet";
import { companyMessages } from "../src/domain/text/company-messages";
import { WEEKDAYS } from "../src/domain/time/days";
import { SAMPLE_SIGNATURE } from "../src/test-support/sample-signature";
import { test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { waitForMailTo } from "./fixtures/mailbox";
import { expectNoAxeViolations } from "./support/axe";
import { openCompany, phone, setConfirmedWorkshop } from "./support/company";
import { readQrCodeOf } from "./support/qr-image";
import { screenshotBoth } from "./support/supervisor";
import { webhookReceiver } from "./support/webhook-receiver";

const DESK = { width: 1280, height: 800 };
const COMPANY = "Acme Plant Hire Ltd";
const WEEK_ENDING = "2026-11-21";
const CHECK_DATES = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"];
const SIGNED = {
  operatorSignature: SAMPLE_SIGNATURE,
  operatorSignedName: "Dana Driver",
  clientSignature: SAMPLE_SIGNATURE,
  clientSignedName: "Chris Client",
};

const pathOf = (link: string) => `${new URL(link).pathname}${new URL(link).search}`;

async function put(page: Page, path: string, data: object): Promise<number> {
  return (await page.request.put(path, { data })).status();
}

test("a company's week: invited by link and QR, a defect alerts the workshop, the office sends back, approves, locks, reopens and exports, and a hire desk takes the signed events", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  let secret = "";
  const receiver = await webhookReceiver(() => secret);

  // The admin sets the company up on an office screen, with the workshop's address and the hire desk's webhook.
  await page.setViewportSize(DESK);
  await logIn(page, "Ada Admin");
  await openCompany(page);
  await page.getByLabel("Company name").fill(COMPANY);
  await page.getByRole("button", { name: "Create Company" }).click();
  await expect(page.getByRole("heading", { level: 3, name: COMPANY })).toBeVisible();
  const companyId = (
    (await (await page.request.get("/api/organisations/mine")).json()) as {
      organisation: { id: string };
    }
  ).organisation.id;
  const workshop = `workshop-${randomUUID().slice(0, 8)}@acme-plant.co.uk`;
  // Someone at the workshop confirms it by the mailed link: only then are alerts mailed there.
  await setConfirmedWorkshop(page, browser, workshop);
  const webhook = page.getByRole("region", { name: "Webhook for Payroll and Hire Desk" });
  await expect(webhook.getByRole("button", { name: "Set Up Webhook" })).toBeEnabled();
  await webhook.getByRole("textbox", { name: "Webhook address" }).fill("http://payroll.example.co.uk/hook");
  await webhook.getByRole("button", { name: "Set Up Webhook" }).click();
  await expect(webhook.getByRole("alert")).toHaveText(/https:\/\//);
  await webhook.getByRole("textbox", { name: "Webhook address" }).fill(receiver.url);
  await webhook.getByRole("button", { name: "Set Up Webhook" }).click();
  await expect(webhook.getByRole("status")).toHaveText(companyMessages.webhookSaved(receiver.url, true));
  secret = await webhook.getByRole("textbox", { name: "Signing secret (shown once)" }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await expect(webhook.getByText(companyMessages.webhookNothingSent)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "company-webhook-secret", { folder: "/tmp/org-screens" });

  // The driver by the QR code shown at the induction; the supervisor by a link mailed to their own address (a
  // join code admits drivers only).
  const join = page.getByRole("region", { name: "Join Code for a Site Induction" });
  await expect(join.getByText(companyMessages.joinCodeIntro)).toBeVisible();
  await expect(join.getByRole("combobox")).toHaveCount(0);
  await join.getByRole("button", { name: "Create Join Code" }).click();
  const qr = page.getByRole("img", { name: `QR code to join ${COMPANY} as a driver` });
  const [joinLink] = await readQrCodeOf(qr);
  await page.getByRole("button", { name: "Done" }).click();
  const dana = await phone(browser);
  await logIn(dana, "Dana Driver");
  await dana.goto(pathOf(joinLink!));
  await dana.getByRole("button", { name: `Join ${COMPANY}` }).click({ timeout: 20_000 });
  await expect(dana.getByRole("status")).toHaveText(`You have joined ${COMPANY} as a driver.`);

  const sam = await phone(browser);
  const samEmail = `sam-${randomUUID().slice(0, 8)}@northern-plant.co.uk`;
  await logIn(sam, "Sam Supervisor", samEmail);
  const invite = page.getByRole("region", { name: "Invite by Email" });
  await invite.getByLabel("Email address").fill(samEmail);
  await invite.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Supervisor" }).click();
  await invite.getByRole("button", { name: "Send Invitation" }).click();
  await expect(invite.getByRole("status")).toHaveText(companyMessages.inviteSent(samEmail));
  const mailed = await waitForMailTo(samEmail, "You have been invited to join a company on Plant Sheets");
  const link = /https?:\/\/\S+\/join\?token=[\w-]+/.exec(mailed.text ?? "")?.[0];
  await sam.goto(pathOf(link!));
  await sam.getByRole("button", { name: `Join ${COMPANY}` }).click({ timeout: 20_000 });
  await expect(sam.getByRole("status")).toHaveText(`You have joined ${COMPANY} as a supervisor.`);

  // Dana's week on EX-001: five days of 9 hours, and a check each day; Wednesday's finds the mirror cracked.
  let timesheet = {
    ...emptyTimesheet(),
    ...SIGNED,
    company: COMPANY,
    clientCompany: "BuildCo Civils",
    siteLocation: "Leeds Ring Road",
    driverSignedName: "Dana Driver",
    plantNumber: "EX-001",
    weekEnding: WEEK_ENDING,
    signatureDate: WEEK_ENDING,
    status: "ready_for_approval",
  };
  for (const day of WEEKDAYS) timesheet = applyStandardShift(timesheet, day);
  const timesheetId = randomUUID();
  expect(
    (await dana.request.post("/api/timesheets", { data: { ...timesheet, id: timesheetId } })).status(),
  ).toBe(201);
  const sheetIds: string[] = [];
  for (const checkDate of CHECK_DATES) {
    const id = randomUUID();
    const cracked = checkDate === "2026-11-18";
    const made = await dana.request.post("/api/check-sheets", {
      data: {
        ...SIGNED,
        id,
        checkDate,
        signatureDate: checkDate,
        driverSignedName: "Dana Driver",
        plantNumber: "EX-001",
        siteLocation: "Leeds Ring Road",
        defectMirrors: !cracked,
        defectsNotes: cracked ? "Nearside mirror cracked" : "No defects noted",
        status: "ready_for_approval",
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    sheetIds.push(id);
  }
  const wednesday = sheetIds[2]!;

  // The workshop is mailed at once, and the hire desk told, signed.
  const alert = await waitForMailTo(workshop, /^Defect reported - EX-001 - 18\/11\/2026$/);
  expect(alert.text).toContain("Notes: Nearside mirror cracked");
  await expect
    .poll(() => receiver.calls.map((call) => call.event), { timeout: 20_000 })
    .toEqual(["defect.reported"]);
  expect(receiver.calls[0]).toMatchObject({
    verified: true,
    body: { event: "defect.reported", data: { checkSheetId: wednesday, plantNumber: "EX-001" } },
  });

  // The supervisor, at a desk, sends Wednesday's check back.
  await sam.setViewportSize(DESK);
  await sam.goto("/?tab=company");
  await sam.getByRole("link", { name: "Office Review" }).click({ timeout: 20_000 });
  const row = sam.locator(`tr[data-timesheet="${timesheetId}"]`);
  await expect(row).toContainText("45");
  await expect(row.locator("[data-defects]")).toHaveText("1");
  await row.getByRole("button", { name: /Dana Driver/ }).click();
  const opened = sam.getByRole("region", { name: "Opened week" });
  await expect(opened.getByRole("list", { name: "Defects" })).toContainText("Nearside mirror cracked");
  const sendBack = opened.getByRole("form", { name: "Send Back" });
  await sendBack.getByLabel("Which form").selectOption({ label: "Check sheet of 18/11/2026" });
  await sendBack.getByLabel("Reason for the driver").fill("Say which mirror and whether it was replaced.");
  await sendBack.getByRole("button", { name: "Send Back to Driver" }).click();
  await expect(sam.getByRole("status").filter({ hasText: "Sent back" })).toBeVisible();

  // Dana reads why, fixes the notes and sends it again.
  const returned = (await (await dana.request.get(`/api/check-sheets/${wednesday}`)).json()) as {
    status: string;
    sentBack: { reason: string };
  };
  expect(returned).toMatchObject({
    status: "draft",
    sentBack: { reason: expect.stringContaining("which mirror") },
  });
  expect(
    await put(dana, `/api/check-sheets/${wednesday}`, {
      defectsNotes: "Nearside mirror cracked; replaced at the depot",
      status: "ready_for_approval",
    }),
  ).toBe(200);

  // The supervisor approves the week with a rating; the hire desk is told.
  await sam.getByRole("button", { name: "Refresh" }).click();
  await row.getByRole("button", { name: /Dana Driver/ }).click();
  const approve = opened.getByRole("form", { name: "Approve" });
  await approve.getByText("Excellent").click();
  await approve.getByRole("button", { name: "Approve Week" }).click();
  await expect(row).toContainText(/Approved \d\d\/\d\d\/\d{4}/);
  await expect
    .poll(() => receiver.calls.map((call) => call.event), { timeout: 20_000 })
    .toEqual(["defect.reported", "set.approved"]);
  expect(receiver.calls[1]).toMatchObject({
    verified: true,
    body: { data: { timesheetId, totalHours: 45, defects: 1, rating: "happy" } },
  });
  // Each delivery came once.
  expect(new Set(receiver.calls.map((call) => call.delivery)).size).toBe(2);

  // Locked: nobody changes the approved week, until an admin reopens it with a reason.
  expect(await put(dana, `/api/timesheets/${timesheetId}`, { fridayBreak: 45 })).toBe(409);
  expect(await put(dana, `/api/check-sheets/${wednesday}`, { defectsNotes: "later" })).toBe(409);
  await page.goto("/office-review");
  const adminRow = page.locator(`tr[data-timesheet="${timesheetId}"]`);
  await adminRow.getByRole("button", { name: /Dana Driver/ }).click({ timeout: 20_000 });
  const reopen = page.getByRole("region", { name: "Opened week" }).getByRole("form", { name: "Reopen" });
  await reopen.getByLabel("Reason for reopening").fill("Friday's break was an hour, not 30 minutes.");
  await reopen.getByRole("button", { name: "Reopen Week" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reopened" })).toBeVisible();
  // Reopened, the week is back with Dana, every form of it: she fixes the break and submits each again.
  expect(
    await put(dana, `/api/timesheets/${timesheetId}`, { fridayBreak: 60, status: "ready_for_approval" }),
  ).toBe(200);
  for (const id of sheetIds) {
    expect(await put(dana, `/api/check-sheets/${id}`, { status: "ready_for_approval" })).toBe(200);
  }
  const again = await sam.request.post(`/api/organisations/${companyId}/review/${timesheetId}/approve`, {
    data: { rating: "happy" },
  });
  expect(again.status(), await again.text()).toBe(200);
  expect(await put(dana, `/api/timesheets/${timesheetId}`, { fridayBreak: 30 })).toBe(409);

  // The exports hold the week's hours exactly: 9 a day, Friday 8.5 after the longer break.
  const range = `from=${WEEK_ENDING}&to=${WEEK_ENDING}`;
  const csv = await page.request.get(`/api/organisations/${companyId}/exports/hours.csv?${range}`);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  const header = lines[0]!.split(",");
  const net = header.indexOf("Net hours");
  const date = header.indexOf("Date");
  const rows = lines.slice(1).map((line) => line.split(","));
  expect(rows.map((cells) => cells[date])).toEqual(CHECK_DATES);
  expect(rows.map((cells) => Number(cells[net]))).toEqual([9, 9, 9, 9, 8.5]);
  const xlsx = await page.request.get(`/api/organisations/${companyId}/exports/workbook.xlsx?${range}`);
  expect(xlsx.status(), (await xlsx.body()).subarray(0, 300).toString()).toBe(200);
  const workbook = new ExcelJS.Workbook();
  const bytes = await xlsx.body();
  await workbook.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const hours = workbook.getWorksheet("Hours")!;
  const netColumn = (hours.getRow(1).values as string[]).indexOf("Net hours");
  const netHours: number[] = [];
  hours.eachRow((sheetRow, number) => {
    if (number > 1) netHours.push(Number(sheetRow.getCell(netColumn).value));
  });
  expect(netHours).toEqual([9, 9, 9, 9, 8.5]);
  expect(workbook.getWorksheet("Defects")!.getRow(2).values).toContain(
    "Nearside mirror cracked; replaced at the depot",
  );

  // The admin sees how the last call went: the second approval's, once the hire desk has it.
  await expect
    .poll(() => receiver.calls.map((call) => call.event), { timeout: 20_000 })
    .toEqual(["defect.reported", "set.approved", "set.approved"]);
  await openCompany(page);
  await expect(
    webhook.getByText(/^Last call: set\.approved of .*: delivered \(answered 204\)\.$/),
  ).toBeVisible();

  receiver.close();
  await dana.context().close();
  await sam.context().close();
});
