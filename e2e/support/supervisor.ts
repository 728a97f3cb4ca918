import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { applyStandardShift } from "../../src/domain/hours/hours";
import { emptyTimesheet } from "../../src/domain/hours/timesheet";
import { WEEKDAYS } from "../../src/domain/time/days";
import { SAMPLE_SIGNATURE } from "../../src/test-support/sample-signature";
import { logIn } from "../fixtures/drivers";

export interface SignedInDriver {
  fullName: string;
  email: string;
}

/** A new driver account, signed in on this page: the server's cookie and the app's stored session. */
export async function signIn(page: Page, fullName = "Sam Supervisor"): Promise<SignedInDriver> {
  const email = `sam-${randomUUID().slice(0, 8)}@northern-plant.co.uk`;
  await logIn(page, fullName, email);
  return { fullName, email };
}

export interface Week {
  timesheetId: string;
  checkSheetIds: string[];
}

export const WEEK_ENDING = "2026-11-21";
const CHECK_DATES = ["2026-11-17", "2026-11-18"];

/**
 * One driver's week made through the API, as the wizards would save it: a timesheet of five standard
 * shifts and two check sheets in the same week, none signed yet.
 */
export async function createWeek(
  page: Page,
  header: { driverSignedName: string; plantNumber: string; submissionEmails?: string[] },
): Promise<Week> {
  let timesheet = {
    ...emptyTimesheet(),
    company: "Northern Plant Hire",
    siteLocation: "Leeds Ring Road",
    clientCompany: "BuildCo Civils",
    machineNumber: "13T Excavator",
    weekEnding: WEEK_ENDING,
    ...header,
    submissionEmails: header.submissionEmails ?? [],
  };
  for (const day of WEEKDAYS) timesheet = applyStandardShift(timesheet, day);
  const timesheetId = randomUUID();
  const created = await page.request.post("/api/timesheets", { data: { ...timesheet, id: timesheetId } });
  expect(created.status(), await created.text()).toBe(201);

  const checkSheetIds: string[] = [];
  for (const [index, checkDate] of CHECK_DATES.entries()) {
    const id = randomUUID();
    const sheet = await page.request.post("/api/check-sheets", {
      data: {
        id,
        checkDate,
        driverSignedName: header.driverSignedName,
        plantNumber: header.plantNumber,
        machineNumber: "13T Excavator",
        company: "Northern Plant Hire",
        defectSteering: true,
        // The first day finds a worn tyre; the second passes it.
        defectTyres: index !== 0,
        defectLights: true,
        defectsNotes: index === 0 ? "Nearside rear tyre worn" : "No defects noted",
      },
    });
    expect(sheet.status(), await sheet.text()).toBe(201);
    checkSheetIds.push(id);
  }
  return { timesheetId, checkSheetIds };
}

export async function putForm(page: Page, path: string, id: string, data: Record<string, unknown>) {
  const response = await page.request.put(`${path}/${id}`, { data });
  expect(response.status(), await response.text()).toBe(200);
}

/** The operator's signature and printed name on a form. */
export const operatorSigned = (name: string) => ({
  operatorSignature: SAMPLE_SIGNATURE,
  operatorSignedName: name,
});

/** The client's signature and printed name on a form. */
export const clientSigned = (name: string) => ({ clientSignature: SAMPLE_SIGNATURE, clientSignedName: name });

/** Every form of the week signed by the operator and the client. */
export async function signWeek(page: Page, week: Week, driver: string): Promise<void> {
  const signed = { ...operatorSigned(driver), ...clientSigned("Chris Client") };
  await putForm(page, "/api/timesheets", week.timesheetId, signed);
  for (const id of week.checkSheetIds) await putForm(page, "/api/check-sheets", id, signed);
}

/**
 * Every form of the week signed, dated and sent to the company's office, `timesheet` over its timesheet: a
 * company's week is approved only once each of its forms is submitted.
 */
export async function submitWeek(
  page: Page,
  week: Week,
  driver: string,
  timesheet: Record<string, unknown> = {},
): Promise<void> {
  const signed = { ...operatorSigned(driver), ...clientSigned("Chris Client"), status: "ready_for_approval" };
  await putForm(page, "/api/timesheets", week.timesheetId, { ...signed, ...timesheet });
  for (const [index, id] of week.checkSheetIds.entries()) {
    await putForm(page, "/api/check-sheets", id, { ...signed, signatureDate: CHECK_DATES[index] });
  }
}

export async function openSupervisorTab(page: Page): Promise<void> {
  await page.goto("/?tab=supervisor");
  // The first visit of a run loads the app cold, on a machine shared with other builds: allow it time.
  await expect(page.getByRole("heading", { level: 2, name: "Supervisor" })).toBeVisible({ timeout: 20_000 });
}

export function setCard(page: Page): Locator {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Combined Set" }) });
}

export function screenshotPath(name: string, folder = "dist/screenshots"): string {
  return `${folder}/${name}.png`;
}

/**
 * The screen in light, then in dark: the whole page, or only what the window shows (a full-screen dialog).
 * Colour transitions are run to their end, so a picture never catches a button halfway to its dark colour.
 */
export async function screenshotBoth(
  page: Page,
  name: string,
  { folder, fullPage = true }: { folder?: string; fullPage?: boolean } = {},
): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({
      path: screenshotPath(`${name}-${colorScheme}`, folder),
      fullPage,
      animations: "disabled",
    });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** Get Approval on a signed week, through the API as the Supervisor tab sends it: every form becomes approved. */
export async function approveWeek(page: Page, week: Week): Promise<void> {
  const timesheet = await (await page.request.get(`/api/timesheets/${week.timesheetId}`)).json();
  const checkSheets = [];
  for (const id of week.checkSheetIds)
    checkSheets.push(await (await page.request.get(`/api/check-sheets/${id}`)).json());
  const approved = await page.request.post("/api/combined-submission", {
    data: { combinedId: `combined-${week.timesheetId}`, timesheet, checkSheets },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

/** An approved week emailed to one address, then archived: every form ends archived. */
export async function dispatchAndArchiveWeek(page: Page, week: Week, address: string): Promise<void> {
  const sent = await page.request.post("/api/supervisor/email-dispatch", {
    data: { combinedId: `combined-${week.timesheetId}`, emailAddresses: [address], message: "" },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await putForm(page, "/api/timesheets", week.timesheetId, { status: "archived" });
  for (const id of week.checkSheetIds) await putForm(page, "/api/check-sheets", id, { status: "archived" });
}

/** A check sheet completed for the signed-in driver through the API, as the wizard's one step would. */
export async function completeCheckSheet(page: Page, driverName: string, plantNumber: string): Promise<void> {
  const response = await page.request.post("/api/one-step-completion/check-sheet", {
    data: {
      checkSheetData: {
        id: randomUUID(),
        checkDate: "2026-11-18",
        plantNumber,
        machineNumber: "13T Excavator",
        company: "Northern Plant Hire",
        ...operatorSigned(driverName),
        ...clientSigned("Chris Client"),
        signatureDate: "2026-11-18",
        submissionEmails: ["site-office@buildco.co.uk"],
      },
      supervisorRating: "happy",
      supervisorNotes: "",
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}
