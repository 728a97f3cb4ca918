import { expect, type Page } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { localIsoDate } from "../src/domain/time/iso-date";
import { test } from "./fixtures/app-test";
import { drawSignature, nextStep, sign, toastRegion } from "./support/timesheet-wizard";

async function openSignatureStep(page: Page): Promise<void> {
  await page.goto("/check-sheet");
  await page.getByLabel("Driver Full Name").fill("Dave Digger");
  await nextStep(page, "QR Scanner & Vehicle Info");
  await nextStep(page, "Daily Safety Check");
  await nextStep(page, "Photo Documentation");
  await nextStep(page, "Driver Signature");
}

test("Sign needs the name first, and Clear All stays disabled while name and signature are empty", async ({
  page,
}) => {
  await openSignatureStep(page);
  const client = page.getByRole("region", { name: "Client/Supervisor Signature", exact: true });
  const signButton = client.getByRole("button", { name: /^Sign\b/ });
  const clearAll = client.getByRole("button", { name: "Clear All" });
  await expect(client.getByText("Client signature required")).toBeVisible();
  await expect(client.getByLabel("Print Name")).toHaveAttribute(
    "placeholder",
    "Client or supervisor's full name",
  );
  await expect(signButton).toBeDisabled();
  await expect(clearAll).toBeDisabled();

  await client.getByLabel("Print Name").fill("Chris Client");
  await expect(signButton).toBeEnabled();
  await expect(clearAll).toBeEnabled();
  // A name of spaces is no name.
  await client.getByLabel("Print Name").fill("   ");
  await expect(signButton).toBeDisabled();
  await expect(clearAll).toBeDisabled();

  await client.getByLabel("Print Name").fill("Chris Client");
  await signButton.click();
  const dialog = page.getByRole("dialog", { name: "Client/Supervisor Signature" });
  const save = dialog.getByRole("button", { name: "Save Signature" });
  await expect(save).toBeDisabled();
  await drawSignature(page, dialog);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(
    client.getByRole("img", { name: "Client/Supervisor Signature of Chris Client" }),
  ).toBeVisible();

  // Signed: Clear All is on even with the name taken away, and clears both.
  await client.getByLabel("Print Name").fill("");
  await expect(clearAll).toBeEnabled();
  await expect(client.getByRole("button", { name: "Change Signature" })).toBeDisabled();
  await clearAll.click();
  await expect(client.getByRole("img")).toHaveCount(0);
  await expect(client.getByLabel("Print Name")).toHaveValue("");
  await expect(clearAll).toBeDisabled();
  await expect(signButton).toBeDisabled();

  // The operator's block starts with the driver's name, so it can be signed straight away.
  const operator = page.getByRole("region", { name: "Driver/Operator Signature", exact: true });
  await expect(operator.getByLabel("Print Name")).toHaveAttribute("placeholder", "Type your full name here");
  await expect(operator.getByLabel("Print Name")).toHaveValue("Dave Digger");
  await expect(operator.getByRole("button", { name: /^Sign\b/ })).toBeEnabled();
  await operator.getByRole("button", { name: "Clear All" }).click();
  await expect(operator.getByLabel("Print Name")).toHaveValue("");
  await expect(operator.getByRole("button", { name: /^Sign\b/ })).toBeDisabled();
  await expect(operator.getByRole("button", { name: "Clear All" })).toBeDisabled();
});

test("the rating appears once every signature is in, and the checklist says what is missing", async ({
  page,
}) => {
  await openSignatureStep(page);
  // Dated today when the step opens; taken away, the checklist says so.
  await expect(page.getByLabel("DATE")).toHaveValue(localIsoDate(new Date()));
  await page.getByLabel("DATE").fill("");
  const awaiting = page.getByRole("region", { name: "Awaiting Signatures" });
  await expect(awaiting.getByText("Driver signature: missing")).toBeAttached();
  await expect(awaiting.getByText("Supervisor signature: missing")).toBeAttached();
  await expect(awaiting.getByText("Date: missing")).toBeAttached();
  const rating = page.getByRole("region", { name: "Rate Driver Performance" });

  await sign(page, "Driver/Operator Signature", "Dave Digger", "Operator Signature");
  await expect(awaiting.getByText("Driver signature: done")).toBeAttached();
  await page.getByRole("button", { name: "Submit Check Sheet" }).click();
  await expect(toastRegion(page).getByText(messages.signaturesAndDateRequired.description)).toBeVisible();
  await sign(page, "Client/Supervisor Signature", "Chris Client");
  await expect(rating).toHaveCount(0);
  await page.getByLabel("DATE").fill("2026-11-02");
  await expect(page.getByText("Date set: 02/11/2026")).toBeVisible();

  await expect(page.getByRole("region", { name: "Ready for Final Submission" })).toContainText(
    "0 photos attached",
  );
  for (const label of ["Excellent", "Average", "Poor"]) {
    await expect(rating.getByRole("button", { name: label })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Email Submission" })).toHaveCount(0);
  await rating.getByRole("button", { name: "Poor" }).click();
  await expect(rating.getByText("Rating buttons hidden for privacy")).toBeVisible();
  await expect(rating.getByText("Poor")).toHaveCount(0);
  const panel = page.getByRole("region", { name: "Email Submission" });
  await expect(panel.getByRole("textbox")).toHaveCount(1);
  await expect(panel.getByRole("button", { name: "Complete & Email Check Sheet" })).toBeDisabled();

  // A made-up address is refused when submitting, naming it.
  await panel.getByRole("textbox", { name: "Client email" }).fill("office@example.com");
  await panel.getByRole("button", { name: "Complete & Email Check Sheet" }).click();
  await expect(
    toastRegion(page).getByText(messages.invalidEmailNotice(["office@example.com"]).description),
  ).toBeVisible();
});
