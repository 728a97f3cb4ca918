import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { pdfImages } from "../src/server/pdf/pdf-images";
import { pdfText } from "../src/server/pdf/pdf-text";
import { test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { mailsTo, waitForMailTo } from "./fixtures/mailbox";
import { jpegFile, pickPhotos } from "./support/check-sheet-wizard";
import {
  nextStep,
  rateAndAddress,
  sign,
  startFormFromHome,
  stepHeading,
  toastRegion,
} from "./support/form-wizard";
import { waitForOfflineReady } from "./support/offline";
import { expectToStay } from "./support/stays";

// A whole note walked with the network cut and restored: longer than a screen check.
test.describe.configure({ timeout: 90_000 });

function header(page: Page) {
  return page.getByRole("banner");
}

test("an off-hire note finished without signal, with a photo of the machine, reaches the client once with its PDF", async ({
  page,
  context,
}) => {
  const client = `offhire-${randomUUID().slice(0, 8)}@buildco.co.uk`;
  await startFormFromHome(page, "off-hire", "Severn Valley Homes");
  await waitForOfflineReady(page);

  await expect(stepHeading(page, "Driver & Company Info")).toBeVisible();
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  await page.getByLabel("Driver Full Name").fill("Oscar Offhire");
  await page.getByLabel("Off-Hire Date").fill("2026-11-27");
  await page.getByLabel("Time Off Hire").fill("16:30");
  await nextStep(page, "QR Scanner & Vehicle Info");
  await page.getByLabel("Plant/Registration Number").fill("EX-777");
  await nextStep(page, "Meter, Fuel & Condition");
  const meter = page.getByLabel("Hour Meter Reading");
  await meter.fill("about 4500");
  await expect(page.getByRole("alert").filter({ hasText: "Type the hours the meter shows" })).toBeVisible();
  await meter.fill("4521.5");
  await expect(page.getByRole("alert").filter({ hasText: "Type the hours the meter shows" })).toHaveCount(0);
  await page.getByLabel("Fuel level").fill("3/4");
  await page.getByLabel("Collection Reference").fill("COL-991");
  await page.getByLabel("Damage Notes").fill("Scratch on the counterweight");
  await page.screenshot({ path: "test-results/off-hire-condition.png" });
  await nextStep(page, "Photo Documentation");

  // No signal from here on: the photo, the signatures and the note all wait on the phone.
  await context.setOffline(true);
  await expect(header(page).getByText(messages.offline)).toBeVisible();
  const dialog = await pickPhotos(page, [await jpegFile(page, "counterweight.jpg", 640, 480, "#8b4500")]);
  await dialog.getByRole("button", { name: "Upload 1 photo" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("1 photo attached")).toBeVisible();
  await expect(page.getByText(messages.photoWaitingToUpload)).toHaveCount(1);

  await nextStep(page, "Driver Signature");
  await sign(page, "Operator Signature", "Oscar Offhire");
  await sign(page, "Client / Foreman Signature", "Fiona Foreman");
  await page.getByLabel("Signature Date").fill("2026-11-27");
  await rateAndAddress(page, client);
  await page.getByRole("button", { name: "Complete & Email Off-Hire Note" }).click();
  await expect(page.getByText(messages.savedOnPhone)).toBeVisible();
  // The photo's upload, then the note.
  await expect(header(page).getByRole("button", { name: messages.waitingToSend(2) })).toBeVisible();
  await page.screenshot({ path: "test-results/off-hire-saved-offline.png" });
  expect(await mailsTo(client)).toBe(0);

  await context.setOffline(false);
  const mail = await waitForMailTo(client);
  expect(mail.subject).toBe("Off-Hire Note - EX-777 - 27/11/2026");
  const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
  if (!pdf) throw new Error("The email has no PDF");
  const bytes = new Uint8Array(pdf.content);
  // Both signatures and the photo are painted.
  expect((await pdfImages(bytes)).flat()).toHaveLength(3);
  const text = (await pdfText(bytes)).replace(/\s+/g, " ");
  expect(text).toContain("4521.5");
  expect(text).toContain("COL-991");
  expect(text).toContain("Scratch on the counterweight");
  await expect(header(page).getByRole("button", { name: /waiting to send/ })).toHaveCount(0);
  // Exactly one: nothing is sent twice, however the reconnection went.
  await expectToStay(() => mailsTo(client), 1, `emails to ${client}`);
});

test("a driver's off-hire note saved as a draft waits on the Off-Hire tab, and once completed stays in their history without signal", async ({
  page,
  context,
}) => {
  const client = `history-${randomUUID().slice(0, 8)}@buildco.co.uk`;
  await logIn(page, "Hattie History");
  await startFormFromHome(page, "off-hire", "Severn Valley Homes");
  await waitForOfflineReady(page);
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  await page.getByLabel("Driver Full Name").fill("Hattie History");
  await page.getByLabel("Off-Hire Date").fill("2026-11-26");
  await nextStep(page, "QR Scanner & Vehicle Info");
  await page.getByLabel("Plant/Registration Number").fill("DU-301");
  await nextStep(page, "Meter, Fuel & Condition");
  await page.getByLabel("Hour Meter Reading").fill("812");
  await page.getByLabel("Collection Reference").fill("COL-5");
  await nextStep(page, "Photo Documentation");
  await nextStep(page, "Driver Signature");
  await sign(page, "Operator Signature", "Hattie History");
  // The foreman is not there yet: kept as a draft, to be signed later.
  await page.getByRole("button", { name: "Save as Draft" }).click();
  await expect(toastRegion(page).getByText(/^Off-hire note saved as draft!/)).toBeVisible();

  await page.goto("/?tab=off-hire");
  const drafts = page.getByRole("list", { name: "Off-hire notes saved as drafts" });
  const draft = drafts.getByRole("link", { name: "Continue your off-hire note for DU-301, 26/11/2026" });
  await expect(draft).toBeVisible();
  await page.screenshot({ path: "test-results/off-hire-drafts.png" });
  await draft.click();
  // Signed by the operator, it opens at the photos, as a check sheet does, with the signature kept.
  await expect(stepHeading(page, "Photo Documentation")).toBeVisible();
  await nextStep(page, "Driver Signature");
  await expect(page.getByRole("region", { name: "Operator Signature" }).getByRole("img")).toBeVisible();
  await sign(page, "Client / Foreman Signature", "Fiona Foreman");
  await page.getByLabel("Signature Date").fill("2026-11-26");
  await rateAndAddress(page, client);
  await page.getByRole("button", { name: "Complete & Email Off-Hire Note" }).click();
  await expect(page.getByText("Off-hire note sent")).toBeVisible();
  await waitForMailTo(client);
  // Completed, it is no longer a draft.
  await page.goto("/?tab=off-hire");
  await expect(page.getByRole("heading", { name: "Off-Hire Note" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Off-hire notes saved as drafts" })).toHaveCount(0);

  await page.goto("/?tab=history");
  const notes = page.getByRole("region", { name: "Off-hire notes" });
  await expect(notes.getByText("DU-301")).toBeVisible();
  // No signal: the history shows the note as this phone kept it.
  await context.setOffline(true);
  await page.reload();
  await expect(notes.getByText("DU-301")).toBeVisible();
  await page.screenshot({ path: "test-results/off-hire-history.png" });
  await context.setOffline(false);
  await notes.getByRole("button", { name: "View Record" }).click();
  await expect(page.getByRole("heading", { name: "Off-Hire Note", level: 1 })).toBeVisible();
  await expect(page.getByText("COL-5")).toBeVisible();
  await expect(page.getByText("No damage noted")).toBeVisible();
});
