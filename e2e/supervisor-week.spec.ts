import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { formatSignedAt } from "../src/domain/forms/signatures";
import { english } from "../src/domain/text/i18n/english";
import { messages } from "../src/domain/text/messages";
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
  screenshotPath,
  setCard,
  signIn,
  signWeek,
} from "./support/supervisor";
import { toastRegion } from "./support/timesheet-wizard";

test("a week goes red, orange, green, is approved, dispatched to two addresses and archived", async ({
  page,
}) => {
  const driver = "Sam Week";
  const account = await signIn(page, driver);
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
  const approve = page.getByRole("alertdialog", { name: messages.confirmSendTitle });
  await expect(approve.getByRole("listitem")).toHaveText([account.email]);
  await approve.getByRole("button", { name: "Get Approval" }).click();
  await expect(toastRegion(page).getByText(messages.combinedSubmitted)).toBeVisible();
  await expect(card.getByText("Approved - Ready for Email Dispatch")).toBeVisible();

  // Email Dispatch: nothing typed is refused in the dialog; two addresses get the pack.
  await card.getByRole("button", { name: "Email Dispatch" }).click();
  const dialog = page.getByRole("dialog", { name: "Email Dispatch" });
  await dialog.getByRole("button", { name: "Send Forms" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(messages.emailAddressRequired);
  const recipients = ["office@buildco-civils.co.uk", "site.manager@leeds-ring-road.co.uk"];
  await dialog.getByRole("textbox", { name: "Recipients" }).fill(` ${recipients[0]}, ,${recipients[1]} `);
  await dialog.getByLabel("Message (optional)").fill("Week 47 pack attached.");
  await screenshotBoth(page, "email-dispatch-dialog");
  await dialog.getByRole("button", { name: "Send Forms" }).click();
  // It asks once, listing everyone: the two addresses and the account holder's copy.
  await expect(dialog.getByRole("listitem")).toHaveText([...recipients, account.email]);
  await dialog.getByRole("button", { name: "Send to 3" }).click();
  await expect(
    toastRegion(page).getByText(messages.formsDispatched([...recipients, account.email])),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText("Dispatched - Ready for Archive")).toBeVisible();
  for (const address of recipients) {
    // Other tests mail these addresses too: this week's pack names its plant.
    const mail = await waitForMailTo(address, /^Weekly Pack .* - EX-204 - /);
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
  const rows = page.getByRole("list", { name: "Completed sheets by week" }).getByRole("article");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Timesheet" }).getByText("21/11/2026")).toBeVisible();
  await expect(rows.filter({ hasText: "17/11/2026" })).toHaveCount(1);
  await screenshotBoth(page, "driver-history");
  await rows.filter({ hasText: "Timesheet" }).getByRole("button", { name: "View Record" }).click();
  await expect(page).toHaveURL(new RegExp(`/completed-form/${week.timesheetId}$`));
  await expect(page.getByText("Archived", { exact: true })).toBeVisible();
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

test("the week is on screen before it is sent, each mail says what it is, asks once and copies the supervisor", async ({
  page,
}) => {
  const driver = "Sam Defects";
  const account = await signIn(page, driver);
  // An address of this test's own: the newest mail to it is this week's.
  const client = `office-${randomUUID().slice(0, 8)}@buildco-civils.co.uk`;
  const week = await createWeek(page, {
    driverSignedName: driver,
    plantNumber: "EX-318",
    submissionEmails: [client],
  });
  // Every form signed, and the check sheets submitted the normal way.
  await signWeek(page, week, driver);
  for (const id of week.checkSheetIds)
    await putForm(page, "/api/check-sheets", id, {
      status: "ready_for_approval",
      signatureDate: "2026-11-18",
    });

  // The card: total hours and the defect count in red; the legend says what each light asks for.
  await page.setViewportSize({ width: 390, height: 844 });
  await openSupervisorTab(page);
  const card = setCard(page);
  await expect(card.getByText("Total hours")).toBeVisible();
  await expect(card.locator("dd", { hasText: /^45$/ })).toBeVisible();
  const defects = card.locator("dd[data-defects]");
  await expect(defects).toHaveText("1");
  await expect(defects).toHaveClass(/text-red-700/);
  const legend = page.getByRole("list", { name: "What the lights mean" });
  await expect(legend.getByRole("listitem")).toHaveCount(5);
  await expect(legend).toContainText("Orange: partly signed or submitted.");

  // Orange by the spec's order, and its actions match: Supervisor Email Dispatch, and Get Approval as it is fully signed.
  await expect(card.getByText("Ready for Supervisor Email Dispatch")).toBeVisible();
  await expect(card.getByRole("button", { name: "Supervisor Email Dispatch" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Get Approval" })).toBeVisible();
  await page.screenshot({ path: screenshotPath("supervisor-week-tab-390"), fullPage: true });

  // The collation screen: the week's days with their hours and the defect with its notes.
  await page.getByRole("button", { name: "Supervisor Approval" }).click();
  const entry = page.getByRole("article").filter({ hasText: "EX-318" });
  const days = entry.getByRole("list", { name: "Hours by day" }).getByRole("listitem");
  await expect(days).toHaveCount(7);
  await expect(days.first()).toHaveAccessibleName("Mon 9 hours");
  await expect(days.last()).toHaveAccessibleName("Sun 0 hours");
  const defectList = entry.getByRole("list", { name: "Defects" });
  await expect(defectList).toContainText("Tyres");
  await expect(defectList).toContainText("Nearside rear tyre worn");
  await page.screenshot({ path: screenshotPath("supervisor-week-collation-390"), fullPage: true });

  // Get Approval asks once, listing the client and the account holder; the mail says it is for approval.
  await openSupervisorTab(page);
  await card.getByRole("button", { name: "Get Approval" }).click();
  const approve = page.getByRole("alertdialog", { name: messages.confirmSendTitle });
  await expect(approve).toContainText("for approval, not yet signed");
  await expect(approve.getByRole("listitem")).toHaveText([client, account.email]);
  await approve.getByRole("button", { name: "Cancel" }).click();
  await expect(card.getByText("Ready for Supervisor Email Dispatch")).toBeVisible();
  await card.getByRole("button", { name: "Get Approval" }).click();
  await approve.getByRole("button", { name: "Get Approval" }).click();
  // The pack is rendered before the answer comes: on a shared machine that takes a while.
  await expect(toastRegion(page).getByText(messages.sentForApproval([client, account.email]))).toBeVisible({
    timeout: 30_000,
  });
  const forApproval = await waitForMailTo(client, /EX-318/);
  expect(forApproval.subject).toMatch(/^Weekly Pack for approval - EX-318 - \d\d\/\d\d\/\d{4}$/);
  expect(forApproval.text).toContain(english("mail.pack.forApprovalIntro"));
  expect(forApproval.text).not.toContain("A signed");

  // Email Dispatch copies the account holder, and the success message names everyone.
  await expect(card.getByText("Approved - Ready for Email Dispatch")).toBeVisible();
  await card.getByRole("button", { name: "Email Dispatch" }).click();
  const dialog = page.getByRole("dialog", { name: "Email Dispatch" });
  const other = "accounts@buildco-civils.co.uk";
  await dialog.getByRole("textbox", { name: "Recipients" }).fill(other);
  await dialog.getByLabel("Message (optional)").fill("Week 47, EX-318.");
  await dialog.getByRole("button", { name: "Send Forms" }).click();
  await expect(dialog.getByRole("listitem")).toHaveText([other, account.email]);
  await dialog.getByRole("button", { name: "Send to 2" }).click();
  await expect(toastRegion(page).getByText(messages.formsDispatched([other, account.email]))).toBeVisible({
    timeout: 30_000,
  });
  await expect
    .poll(async () => (await waitForMailTo(account.email)).text ?? "", { timeout: 20_000 })
    .toContain("Week 47, EX-318.");
  expect(
    (await waitForMailTo(other, /EX-318/)).attachments.filter((a) => a.contentType === "application/pdf"),
  ).toHaveLength(1);
});
