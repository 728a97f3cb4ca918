import { expect, type Page } from "@playwright/test";
import { english } from "../src/domain/text/i18n/english";
import { messages } from "../src/domain/text/messages";
import { test } from "./fixtures/app-test";

// Whole weeks of forms, with light and dark screenshots of each screen on the way.
test.describe.configure({ timeout: 240_000 });

import { waitForMailTo } from "./fixtures/mailbox";
import {
  createWeek,
  openSupervisorTab,
  screenshotBoth,
  setCard,
  signIn,
  signWeek,
} from "./support/supervisor";
import { drawSignature, toastRegion } from "./support/timesheet-wizard";

/** Types the signer's name (Sign stays disabled until then), signs in the dialog and saves. */
async function signOff(page: Page, block: string, nameLabel: string, name: string) {
  const region = page.getByRole("region", { name: block });
  const signButton = region.getByRole("button", { name: /^Sign\b/ });
  await expect(signButton).toBeDisabled();
  await region.getByLabel(nameLabel).fill(name);
  await signButton.click();
  const dialog = page.getByRole("dialog", { name: block });
  await drawSignature(page, dialog);
  await dialog.getByRole("button", { name: "Save Signature" }).click();
  await expect(dialog).toBeHidden();
  await expect(region.getByRole("img")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(region.getByRole("button", { name: "Change Signature" })).toBeEnabled();
}

test("the client and foreman approve a set on the dashboard and it is emailed and completed", async ({
  page,
}) => {
  const driver = "Sam Approval";
  const account = await signIn(page, driver);
  const week = await createWeek(page, {
    driverSignedName: driver,
    plantNumber: "EX-310",
    submissionEmails: ["office@buildco-civils.co.uk"],
  });
  await signWeek(page, week, driver);

  // The Operator Dashboard's Present for Approval opens the collation screen on its ready sets.
  await page.goto("/?tab=forms");
  await page.getByRole("button", { name: "Present for Approval" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Supervisor Approval" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Ready for Approval (1)" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByRole("tab", { name: "Incomplete (0)" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Needs Completion (0)" })).toBeVisible();
  const entry = page.getByRole("list", { name: "Ready for Approval" }).getByRole("article");
  await expect(entry.getByText("EX-310")).toBeVisible();
  await screenshotBoth(page, "collation-ready");
  await entry.getByRole("button", { name: "Get Approval" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Supervisor Approval Dashboard" })).toBeVisible();
  await expect(page.getByText("Ready for Email Dispatch")).toBeVisible();
  const summary = page.getByRole("region", { name: "Set summary" });
  for (const value of [driver, "EX-310", "Northern Plant Hire", "13T Excavator", "Leeds Ring Road"]) {
    await expect(summary.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(summary.getByText("BuildCo Civils", { exact: true })).toBeVisible();

  // The forms: Monday to Friday 9 hours each, 45 in all; Pass / Issue / N/A per item and the notes.
  await page.getByRole("tab", { name: "Forms" }).click();
  const timesheet = page.getByRole("region", { name: "Timesheet Summary" });
  await expect(timesheet.getByText("21/11/2026")).toBeVisible();
  await expect(timesheet.getByRole("row", { name: "Friday 9" })).toBeVisible();
  await expect(timesheet.getByRole("row", { name: "Total (Mon-Fri) 45" })).toBeVisible();
  const first = page.getByRole("region", { name: "Check Sheet Summary - 17/11/2026" });
  await expect(first.getByRole("listitem").filter({ hasText: "Tyres & Wheels" })).toContainText("Issue");
  await expect(first.getByRole("listitem").filter({ hasText: "Steering/Handbrake" })).toContainText("Pass");
  await expect(first.getByRole("listitem").filter({ hasText: "Rams" })).toContainText("N/A");
  await expect(first.getByText("Nearside rear tyre worn")).toBeVisible();
  await expect(first.getByText("0 photos attached")).toBeVisible();
  const second = page.getByRole("region", { name: "Check Sheet Summary - 18/11/2026" });
  await expect(second.getByText("No defects noted")).toHaveCount(0);
  await screenshotBoth(page, "approval-forms");

  // Review Set: both sign, then the rating panel appears; the dispatch waits for each in turn.
  await page.getByRole("tab", { name: "Review Set" }).click();
  const dispatch = page.getByRole("button", { name: "Email to Clients & Complete" });
  await expect(dispatch).toBeDisabled();
  await expect(page.getByText(messages.approvalSignaturesRequired)).toBeVisible();
  await screenshotBoth(page, "approval-review-set");
  await signOff(page, "Client Representative Signature", "Client Representative Name", "Chris Client");
  await expect(page.getByRole("region", { name: "Rate Driver Performance" })).toHaveCount(0);
  await signOff(page, "Foreman Signature", "Foreman Name", "Fran Foreman");
  await expect(page.getByText(messages.approvalRatingRequired)).toBeVisible();
  await page.getByRole("button", { name: "Excellent" }).click();
  await expect(page.getByText("Rating buttons hidden for privacy")).toBeVisible();

  // The driver's address is already there; a second one is added.
  const emails = page.getByRole("region", { name: "Client Emails" });
  await expect(emails.getByText("From Driver")).toBeVisible();
  await expect(emails.getByRole("list", { name: "Recipients" }).getByRole("listitem")).toHaveText([
    "office@buildco-civils.co.uk",
  ]);
  await emails.getByRole("textbox", { name: "Client email" }).fill("foreman@leeds-ring-road.co.uk");
  await emails.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dispatch).toBeEnabled();
  await screenshotBoth(page, "approval-ready");
  await dispatch.click();
  // It asks once, naming everyone the pack goes to: the account holder keeps a copy.
  const everyone = ["office@buildco-civils.co.uk", "foreman@leeds-ring-road.co.uk", account.email];
  const confirm = page.getByRole("alertdialog", { name: messages.confirmSendTitle });
  await expect(confirm.getByRole("listitem")).toHaveText(everyone);
  await confirm.getByRole("button", { name: "Email to Clients & Complete" }).click();
  // The pack is rendered before the answer comes: on a shared machine that takes a while.
  await expect(toastRegion(page).getByText(messages.formsApprovedAndEmailed(everyone))).toBeVisible({
    timeout: 30_000,
  });

  // Each address already had mail (the driver's submission, the account holder's sign-up): wait for the pack's.
  for (const address of everyone) {
    const mail = await waitForMailTo(address, new RegExp(`^${english("mail.pack.approvedSubject")} `));
    expect(mail.attachments.filter((a) => a.contentType === "application/pdf")).toHaveLength(1);
  }

  // Back on the Supervisor tab the set reads completed, and can be archived from there.
  await expect(page.getByRole("heading", { level: 2, name: "Supervisor" })).toBeVisible();
  const card = setCard(page);
  await expect(card.getByText("Completed - Emailed to Client")).toBeVisible();
  await expect(card.getByRole("button", { name: "Archive" })).toBeVisible();

  // The completed view of the timesheet shows the whole pack: both check sheets and the sign-off.
  await page.goto("/?tab=history");
  await page
    .getByRole("article", { name: "Timesheet EX-310" })
    .getByRole("button", { name: "View Record" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Weekly Pack" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Daily checks - 17/11/2026" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Daily checks - 18/11/2026" })).toBeVisible();
  const approvalSection = page.getByRole("heading", { name: "Supervisor approval" }).locator("..");
  await expect(approvalSection.getByRole("img", { name: "Foreman signature of Fran Foreman" })).toBeVisible();
  await expect(approvalSection.getByText("Chris Client")).toBeVisible();
  await screenshotBoth(page, "completed-pack");
});

test("the collation screen sorts drafts and sets missing a form, and continues a draft at its step", async ({
  page,
}) => {
  const driver = "Sam Collation";
  await signIn(page, driver);
  // An unsigned week: both its forms are drafts.
  const week = await createWeek(page, { driverSignedName: driver, plantNumber: "EX-411" });
  // A signed week's timesheet on another plant, with no check sheet: it is missing one.
  const lonely = await createWeek(page, { driverSignedName: driver, plantNumber: "EX-512" });
  await signWeek(page, lonely, driver);
  for (const id of lonely.checkSheetIds) await page.request.delete(`/api/check-sheets/${id}`);

  await page.goto("/?tab=forms");
  await page.getByRole("button", { name: "View Collations" }).click();
  // The collation screen's code loads on first use: allow a shared machine time.
  await expect(page.getByRole("tab", { name: "Ready for Approval (0)" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("tab", { name: "Incomplete (1)" })).toBeVisible();
  await page.getByRole("tab", { name: "Incomplete (1)" }).click();
  await expect(
    page.getByRole("list", { name: "Incomplete" }).getByRole("article").getByText("Missing Check Sheet"),
  ).toBeVisible();
  await screenshotBoth(page, "collation-incomplete");

  await page.getByRole("tab", { name: "Needs Completion (1)" }).click();
  const draft = page.getByRole("list", { name: "Needs Completion" }).getByRole("article");
  await expect(draft.getByText("EX-411")).toBeVisible();
  await expect(draft.getByRole("button", { name: "Continue Check Sheet" })).toBeVisible();
  await screenshotBoth(page, "collation-needs-completion");
  await draft.getByRole("button", { name: "Continue Timesheet" }).click();
  // Monday has a start, so the draft opens at the week.
  await expect(page).toHaveURL(new RegExp(`/timesheet\\?draftId=${week.timesheetId}$`));
  await expect(page.getByRole("heading", { level: 2, name: "Weekly Timesheet" })).toBeVisible();

  await openSupervisorTab(page);
  await expect(setCard(page).getByText("Red")).toBeVisible();
});
