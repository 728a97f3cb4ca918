import { expect } from "@playwright/test";
import { ASKED_CHECK_ITEMS } from "../src/domain/checks/check-items";
import { messages } from "../src/domain/text/messages";
import { formatLongDate, localIsoDate } from "../src/domain/time/iso-date";
import { pdfImages } from "../src/server/pdf/pdf-images";
import { pdfText } from "../src/server/pdf/pdf-text";
import { test } from "./fixtures/app-test";
import { waitForMailTo } from "./fixtures/mailbox";
import {
  answerMachineSafe,
  checkItem,
  choose,
  jpegFile,
  pickPhotos,
  startCheckSheetFromHome,
} from "./support/check-sheet-wizard";
import { plainCustomer } from "./support/form-wizard";
import { nextStep, sign, toastRegion } from "./support/timesheet-wizard";

const DEFECTS: Record<string, "Defect" | "N/A"> = { Tyres: "Defect", Lights: "Defect", Tracks: "N/A" };
const NOTES = "Nearside rear tyre worn to the cords. Work light cracked.";

test("an anonymous driver checks the machine, adds two photos, signs, and the client receives the PDF", async ({
  page,
  request,
}) => {
  test.slow();
  const customer = await plainCustomer(request);
  const saves: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/check-sheets")) saves.push(`${r.method()} ${r.url()}`);
  });

  await startCheckSheetFromHome(page, customer.name);
  await expect(page.getByText(formatLongDate(localIsoDate(new Date())))).toBeVisible();
  await expect(page.getByText("Step 1 of 5")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Form progress" })).toHaveAttribute(
    "aria-valuenow",
    "20",
  );
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(page.getByText(customer.name)).toBeVisible();

  // Step 1
  await page.getByLabel("Check Date").fill("2026-11-20");
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  await page.getByLabel("Site Location").fill("Leeds Ring Road");
  await page.getByLabel("Company on hire to").fill("Pennine Groundworks Ltd");
  await page.getByLabel("Driver Full Name").fill("Dave Digger");
  await nextStep(page, "QR Scanner & Vehicle Info");
  await expect(page.getByText("Step 2 of 5")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Form progress" })).toHaveAttribute(
    "aria-valuenow",
    "40",
  );

  // Step 2: the scanner is there; the machine is typed.
  await expect(page.getByRole("button", { name: "Scan QR Code" })).toBeVisible();
  await page.getByLabel("Machine/Vehicle Type").fill("13T Excavator");
  await page.getByLabel("Plant/Registration Number").fill("EX-042");
  await nextStep(page, "Daily Safety Check");
  await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);

  // Step 3: both notices word for word, fourteen items of three choices each, N/A to start with; the two rows
  // that were never checks are not asked, the operator's initials are a text field.
  await expect(page.getByText(messages.fuelNotice, { exact: true })).toBeVisible();
  await expect(page.getByText(messages.damagesNotice, { exact: true })).toBeVisible();
  await expect(page.getByText("All Defects")).toHaveCount(0);
  await expect(page.getByText("Operations Initials")).toHaveCount(0);
  for (const item of ASKED_CHECK_ITEMS) {
    const group = checkItem(page, item.label);
    await expect(group.getByRole("radio")).toHaveCount(3);
    await expect(group.getByRole("radio", { name: "N/A" })).toBeChecked();
    await choose(page, item.label, DEFECTS[item.label] ?? "Pass");
  }
  // Large enough for a gloved thumb.
  const passBox = await checkItem(page, "Tyres").getByText("Pass").boundingBox();
  expect(passBox?.height).toBeGreaterThanOrEqual(44);
  expect(passBox?.width).toBeGreaterThanOrEqual(90);
  await expect(page.getByText("13 of 14 checked, 2 defects")).toBeVisible();
  await page.getByLabel("Defects Notes").fill(NOTES);
  await answerMachineSafe(page, "No, stood down");
  await page.getByLabel("Operator's initials").fill("DD");
  await nextStep(page, "Photo Documentation");

  // Step 4: two photos, picked, seen, then uploaded by hand.
  await expect(page.getByText("0 photos attached")).toBeVisible();
  const photos = [
    await jpegFile(page, "tyre.jpg", 640, 480, "#8b0000"),
    await jpegFile(page, "light.jpg", 480, 640, "#00008b"),
  ];
  const dialog = await pickPhotos(page, photos);
  const camera = dialog.getByLabel("Take Photo");
  await expect(camera).toHaveAttribute("capture", "environment");
  await expect(camera).toHaveAttribute("accept", "image/*");
  await expect(dialog.getByRole("list", { name: "Photos to upload" }).getByRole("img")).toHaveCount(2);
  await expect(page.getByText("0 photos attached")).toBeAttached();
  const puts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && new URL(r.url()).pathname.startsWith("/api/uploads/")) puts.push(r.url());
  });
  await dialog.getByRole("button", { name: "Upload 2 photos" }).click();
  await expect(dialog).toBeHidden();
  expect(puts).toHaveLength(2);
  await expect(page.getByText("2 photos attached")).toBeVisible();
  const thumbnails = page.getByRole("list", { name: "Attached photos" }).getByRole("img");
  await expect(thumbnails).toHaveCount(2);
  await expect(thumbnails.first()).toHaveJSProperty("complete", true);
  expect(await thumbnails.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await nextStep(page, "Driver Signature");
  await expect(page.getByRole("progressbar", { name: "Form progress" })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  await expect(page.getByRole("button", { name: "Submit Check Sheet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Draft - Complete Later" })).toHaveCount(0);

  // Step 5
  const awaiting = page.getByRole("region", { name: "Awaiting Signatures" });
  await expect(awaiting).toBeVisible();
  await expect(page.getByRole("region", { name: "Rate Driver Performance" })).toHaveCount(0);
  await expect(
    page.getByText("When you are done, tap Submit Check Sheet at the bottom of the form."),
  ).toBeVisible();
  await sign(page, "Driver/Operator Signature", "Dave Digger", "Operator Signature");
  await sign(page, "Client/Supervisor Signature", "Chris Client");
  await page.getByLabel("DATE").fill("2026-11-20");
  await expect(page.getByText("Date set: 20/11/2026")).toBeVisible();
  const ready = page.getByRole("region", { name: "Ready for Final Submission" });
  await expect(ready).toContainText("Dave Digger");
  await expect(ready).toContainText("Chris Client");
  await expect(ready).toContainText("20/11/2026");
  await expect(ready).toContainText("2 photos attached");

  // Submitting without a rating says so.
  await page.getByRole("button", { name: "Submit Check Sheet" }).click();
  await expect(toastRegion(page).getByText(messages.supervisorRatingRequired.description)).toBeVisible();

  const rating = page.getByRole("region", { name: "Rate Driver Performance" });
  await rating.getByRole("button", { name: "Average" }).click();
  await expect(rating.getByText("Rating buttons hidden for privacy")).toBeVisible();
  await expect(rating.getByText("Rating submitted confidentially")).toBeVisible();
  const emailPanel = page.getByRole("region", { name: "Email Submission" });
  const completeButton = emailPanel.getByRole("button", { name: "Complete & Email Check Sheet" });
  await expect(completeButton).toBeDisabled();
  const address = `site.office.${Date.now()}@pennine-groundworks.co.uk`;
  await emailPanel.getByRole("textbox", { name: "Client email" }).fill(address);
  await expect(completeButton).toBeEnabled();

  const sent = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().endsWith("/api/one-step-completion/check-sheet"),
  );
  await completeButton.click();
  const body = (await sent).postDataJSON() as {
    checkSheetData: Record<string, unknown>;
    supervisorRating: string;
  };
  expect(body.supervisorRating).toBe("okay");
  expect(body.checkSheetData).toMatchObject({
    customerId: customer.id,
    checkDate: "2026-11-20",
    plantNumber: "EX-042",
    defectTyres: false,
    defectLights: false,
    defectTracks: null,
    operatorInitials: "DD",
    defectBrakes: true,
    defectsNotes: NOTES,
    submissionEmails: [address],
  });
  expect((body.checkSheetData.photos as string[]).length).toBe(2);
  const success = messages.checkSheetOneStepSucceeded;
  await expect(toastRegion(page).getByText(success.title)).toBeVisible();
  await expect(toastRegion(page).getByText(success.description)).toBeVisible();
  // The rating was given in confidence: the driver's phone never names it.
  await expect(toastRegion(page)).not.toContainText("Average");
  // What was sent and to whom stays on screen; nothing was saved as a draft.
  const sentView = page.getByRole("status").filter({ hasText: messages.sentTitle("check sheet") });
  await expect(sentView.getByRole("listitem")).toHaveText([address]);
  await expect(sentView).toContainText("EX-042");
  await expect(sentView).toContainText("Tyres, Lights");
  await expect(sentView).not.toContainText("Average");
  expect(saves).toEqual([]);
  await sentView.getByRole("button", { name: messages.sentBackHome }).click();
  await expect(page).toHaveURL(/\/\?tab=check-sheet$/);

  const mail = await waitForMailTo(address);
  const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
  if (!pdf) throw new Error("The email has no PDF");
  const text = (await pdfText(new Uint8Array(pdf.content))).replace(/\s+/g, " ");
  expect(text).toContain("STOOD DOWN: the driver's check found this machine not safe to use.");
  expect(text).toContain("IS THE MACHINE SAFE TO USE? No, stood down");
  expect(text).toContain("Tyres DEFECT");
  expect(text).toContain("Lights DEFECT");
  expect(text).toContain("Tracks N/A");
  expect(text).toContain(NOTES);
  expect(text).toContain("OPERATOR'S INITIALS DD");
  expect(text).not.toContain("All Defects");
  expect(text).toContain("SUPERVISOR SIGNATURE");
  expect(text).toContain("Photos (2)");
  // Two signatures and both photos are painted in the PDF.
  expect((await pdfImages(new Uint8Array(pdf.content))).flat()).toHaveLength(4);
});
