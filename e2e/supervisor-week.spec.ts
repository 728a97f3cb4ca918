import { expect } from "@playwright/test";
import { messages } from "../src/domain/messages";
import { formatSignedAt } from "../src/domain/signatures";
import { test } from "./fixtures/app-test";

// Whole weeks of forms, with light and dark screenshots of each screen on the way.
test.describe.configure({ timeout: 120_000 });

import { waitForMailTo } from "./fixtures/mailbox";
import {
  createWeek,
  openSupervisorTab,
  operatorSigned,
  putForm,
  screenshotBoth,
  setCard,
  signIn,
  signWeek,
} from "./support/supervisor";
import { toastRegion } from "./support/timesheet-wizard";

test("a week goes red, orange, green, is approved, dispatched to two addresses and archived", async ({
  page,
}) => {
  const driver = "Sam Week";
  await signIn(page, driver);
  const week = await createWeek(page, { driverSignedName: driver, plantNumber: "EX-204" });

  // Nothing signed: the set is red.
  await openSupervisorTab(page);
  const card = setCard(page);
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Timesheet + 2 check sheets")).toBeVisible();
  await expect(card.getByText("Red")).toBeVisible();
  await expect(card.getByText("Forms Need Completion")).toBeVisible();
  await expect(card.getByRole("button", { name: "Get Approval" })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Review Set" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Delete" })).toBeVisible();
  await screenshotBoth(page, "supervisor-tab-red");

  // The operator signs the timesheet: partly signed is orange.
  const drawnAt = new Date(Date.now() - 60_000).toISOString();
  await putForm(page, "/api/timesheets", week.timesheetId, {
    ...operatorSigned(driver),
    operatorSignedAt: drawnAt,
  });
  await page.reload();
  await expect(card.getByText("Orange")).toBeVisible();
  await expect(card.getByText("Ready for Supervisor Email Dispatch")).toBeVisible();

  // Every form signed by the operator and the client: green, and Get Approval appears.
  await signWeek(page, week, driver);
  await page.reload();
  await expect(card.getByText("Green")).toBeVisible();
  await expect(card.getByText("Ready for Client/Foreman Approval")).toBeVisible();
  await screenshotBoth(page, "supervisor-tab-green");

  await card.getByRole("button", { name: "Get Approval" }).click();
  await expect(toastRegion(page).getByText(messages.combinedSubmitted)).toBeVisible();
  await expect(card.getByText("Approved - Ready for Email Dispatch")).toBeVisible();

  // Email Dispatch: nothing typed is refused in the dialog; two addresses get the pack.
  await card.getByRole("button", { name: "Email Dispatch" }).click();
  const dialog = page.getByRole("dialog", { name: "Email Dispatch" });
  await dialog.getByRole("button", { name: "Send Forms" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(messages.emailAddressRequired);
  const recipients = ["office@buildco-civils.co.uk", "site.manager@leeds-ring-road.co.uk"];
  await dialog.getByLabel("Recipients").fill(` ${recipients[0]}, ,${recipients[1]} `);
  await dialog.getByLabel("Message (optional)").fill("Week 47 pack attached.");
  await screenshotBoth(page, "email-dispatch-dialog");
  await dialog.getByRole("button", { name: "Send Forms" }).click();
  await expect(toastRegion(page).getByText(messages.formsDispatched(2))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText("Dispatched - Ready for Archive")).toBeVisible();
  for (const address of recipients) {
    const mail = await waitForMailTo(address);
    const pdfs = mail.attachments.filter((a) => a.contentType === "application/pdf");
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]?.content.subarray(0, 5).toString()).toBe("%PDF-");
  }

  // Archive asks first; Cancel changes nothing.
  await card.getByRole("button", { name: "Archive" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Archive Forms" });
  await expect(confirm).toBeVisible();
  await screenshotBoth(page, "archive-dialog");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(card.getByText("Dispatched - Ready for Archive")).toBeVisible();
  await card.getByRole("button", { name: "Archive" }).click();
  await confirm.getByRole("button", { name: "Archive" }).click();
  await expect(toastRegion(page).getByText(messages.formsArchived)).toBeVisible();

  // Archived sets are filed away; View All Sheets shows them.
  await expect(card).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No Draft Sheets" })).toBeVisible();
  await page.getByRole("button", { name: "View All Sheets" }).click();
  await expect(card.getByText("Archived")).toBeVisible();
  for (const [path, id] of [
    ["/api/timesheets", week.timesheetId],
    ...week.checkSheetIds.map((sheetId) => ["/api/check-sheets", sheetId]),
  ] as const) {
    const stored = await page.request.get(`${path}/${id}`);
    expect(((await stored.json()) as { status: string }).status).toBe("archived");
  }

  // The week is now Driver History: the timesheet and both check sheets, each with View Record.
  await page.goto("/?tab=history");
  const rows = page.getByRole("list", { name: "Completed sheets" }).getByRole("article");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Timesheet" }).getByText("21/11/2026")).toBeVisible();
  await expect(rows.filter({ hasText: "17/11/2026" })).toHaveCount(1);
  await screenshotBoth(page, "driver-history");
  await rows.filter({ hasText: "Timesheet" }).getByRole("button", { name: "View Record" }).click();
  await expect(page).toHaveURL(new RegExp(`/completed-form/${week.timesheetId}$`));
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();
  await expect(page.getByText("EX-204")).toBeVisible();
  // Under each signature, when it was drawn; signatures given without a time say so.
  await expect(page.getByText(`Drawn: ${formatSignedAt(drawnAt)}`)).toHaveCount(1);
  await expect(page.getByText("Drawn: Not recorded")).toHaveCount(5);
  // Each form of the set shows the fingerprint its PDF prints: the timesheet's first, then each check sheet's.
  const view = (await (await page.request.get(`/api/completed-forms/${week.timesheetId}`)).json()) as {
    form: { signedContentFingerprint: string };
  };
  const fingerprints = page.getByText(/^[0-9a-f]{64}$/);
  await expect(fingerprints).toHaveCount(3);
  await expect(fingerprints.first()).toHaveText(view.form.signedContentFingerprint);
});
