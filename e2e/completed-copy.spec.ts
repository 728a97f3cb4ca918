import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { test } from "./fixtures/app-test";
import { waitForMailTo } from "./fixtures/mailbox";
import { stepHeading, toastRegion } from "./support/form-wizard";
import { clientSigned, createWeek, operatorSigned, putForm, signIn } from "./support/supervisor";

test("an account holder completing a timesheet gets a copy, and the success message names everyone it went to", async ({
  page,
}) => {
  const holder = await signIn(page, "Cora Copy");
  const client = `site-${randomUUID().slice(0, 8)}@buildco-civils.co.uk`;
  const week = await createWeek(page, {
    driverSignedName: "Cora Copy",
    plantNumber: "EX-311",
    submissionEmails: [client],
  });
  await putForm(page, "/api/timesheets", week.timesheetId, {
    ...operatorSigned("Cora Copy"),
    ...clientSigned("Chris Client"),
    signatureDate: "2026-11-21",
    submitViaEmail: true,
  });

  await page.goto(`/timesheet?draftId=${week.timesheetId}`);
  await expect(stepHeading(page, "Driver Signature")).toBeVisible();
  await page
    .getByRole("region", { name: "Rate Driver Performance" })
    .getByRole("button", { name: "Excellent" })
    .click();
  await page.getByRole("button", { name: "Complete & Email Timesheet" }).click();

  await expect(toastRegion(page)).toContainText(`Sent to ${client}, ${holder.email}.`);
  // The account holder's sign-up mail came first: wait for the copy itself.
  const copy = await waitForMailTo(holder.email, /EX-311/);
  expect(copy.attachments.map((attachment) => attachment.contentType)).toContain("application/pdf");
  await waitForMailTo(client);
});
