import { expect, type Page } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { test } from "./fixtures/app-test";
import { drawSignature, nextStep, sign, stepHeading, toastRegion } from "./support/timesheet-wizard";

// A submission is sent through the outbox the service worker shares (Background Sync), and page.route does not
// see what the service worker sends: the answers these tests give must meet the page's own tries.
test.use({ serviceWorkers: "block" });

async function openSignatureStep(page: Page): Promise<void> {
  await page.goto("/timesheet");
  await nextStep(page, "Vehicle Info & Machine Hours");
  await nextStep(page, "Weekly Timesheet");
  await nextStep(page, "Driver Signature");
}

/** Everything step 4 needs, so only the submission itself is left. */
async function completeSignatureStep(page: Page): Promise<void> {
  await openSignatureStep(page);
  await sign(page, "Operator Signature", "Sam Driver");
  await sign(page, "Client Signature", "Chris Client");
  await page.getByLabel("Signature Date").fill("2025-03-15");
  await page
    .getByRole("region", { name: "Rate Driver Performance" })
    .getByRole("button", { name: "Poor" })
    .click();
  await page.getByRole("textbox", { name: "Client email" }).fill("office@pennine-groundworks.co.uk");
  await expect(page.getByRole("button", { name: "Complete & Email Timesheet" })).toBeEnabled();
}

test("signing needs the name first, and saving needs something drawn", async ({ page }) => {
  await openSignatureStep(page);
  const client = page.getByRole("region", { name: "Client Signature" });
  const signButton = client.getByRole("button", { name: /^Sign\b/ });
  const clearButton = client.getByRole("button", { name: "Clear" });
  await expect(client.getByText("Client signature required")).toBeVisible();
  await expect(signButton).toBeDisabled();
  await expect(clearButton).toBeDisabled();

  await client.getByLabel("Print Name").fill("Chris Client");
  await expect(signButton).toBeEnabled();
  await expect(clearButton).toBeEnabled();
  await signButton.click();
  const dialog = page.getByRole("dialog", { name: "Client Signature" });
  await expect(dialog.getByText("Signing as Chris Client.")).toBeVisible();
  const save = dialog.getByRole("button", { name: "Save Signature" });
  await expect(save).toBeDisabled();

  await drawSignature(page, dialog);
  await expect(save).toBeEnabled();
  await dialog.getByRole("button", { name: "Clear" }).click();
  await expect(save).toBeDisabled();
  // Cancel keeps nothing.
  await drawSignature(page, dialog);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(client.getByRole("img")).toHaveCount(0);

  await sign(page, "Client Signature", "Chris Client");
  const image = client.getByRole("img", { name: "Client Signature of Chris Client" });
  const firstSignature = await image.getAttribute("src");
  // The PNG is a real, drawn image: black ink.
  const ink = await image.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.drawImage(img, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    let black = true;
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i + 3] as number) > 200) {
        inked += 1;
        if ((data[i] as number) > 40 || (data[i + 1] as number) > 40 || (data[i + 2] as number) > 40)
          black = false;
      }
    }
    return { inked, black };
  });
  expect(ink.inked).toBeGreaterThan(100);
  expect(ink.black).toBe(true);

  // Change Signature replaces it.
  await client.getByRole("button", { name: "Change Signature" }).click();
  await drawSignature(page, dialog, 60);
  await dialog.getByRole("button", { name: "Save Signature" }).click();
  await expect(dialog).toBeHidden();
  const changed = await image.getAttribute("src");
  expect(changed?.startsWith("data:image/png;base64,")).toBe(true);
  expect(changed === firstSignature, "the new drawing replaced the old one").toBe(false);

  // Clear takes away the name and the signature.
  await client.getByRole("button", { name: "Clear" }).click();
  await expect(client.getByLabel("Print Name")).toHaveValue("");
  await expect(client.getByRole("img")).toHaveCount(0);
  await expect(signButton).toBeDisabled();
});

test.describe("on a phone with a pixel ratio of 3", () => {
  test.use({ deviceScaleFactor: 3 });

  test("a signature is sent small: grey and alpha, at most twice the pad's size, cut to the ink", async ({
    page,
  }) => {
    await openSignatureStep(page);
    const region = page.getByRole("region", { name: "Operator Signature", exact: true });
    await region.getByLabel("Print Name").fill("Sam Driver");
    await region.getByRole("button", { name: /^Sign\b/ }).click();
    const dialog = page.getByRole("dialog", { name: "Operator Signature" });
    const pad = await dialog.locator("canvas").boundingBox();
    if (!pad) throw new Error("The signature canvas is not visible");
    // Across the middle half of the pad, well clear of its edges.
    await page.mouse.move(pad.x + pad.width / 4, pad.y + pad.height / 2);
    await page.mouse.down();
    await page.mouse.move(pad.x + (pad.width * 3) / 4, pad.y + pad.height / 2 + 20, { steps: 12 });
    await page.mouse.up();
    await dialog.getByRole("button", { name: "Save Signature" }).click();
    await expect(dialog).toBeHidden();

    const src = (await region.getByRole("img").getAttribute("src")) ?? "";
    const png = Buffer.from(src.slice("data:image/png;base64,".length), "base64");
    expect(png.readUInt8(25), "PNG colour type: grey and alpha").toBe(4);
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    // Half the pad's width drawn at twice its CSS size, plus the clear margin and the line.
    expect(width).toBeGreaterThan(pad.width * 0.95);
    expect(width).toBeLessThan(pad.width * 1.2);
    expect(height).toBeLessThan(pad.height / 2);
    // The pad's own PNG of this stroke, 996x672 at 3x, was a data URL of 28,000 characters; this is about 450.
    expect(src.length).toBeLessThan(2_000);
  });
});

test("each signature is sent with the time its last stroke ended", async ({ page }) => {
  const started = Date.now();
  await completeSignatureStep(page);
  const finished = Date.now();
  await page.route("**/api/timesheets/one-step-completion", (route) =>
    route.fulfill({ status: 400, contentType: "application/json", body: '{"message":"Not today"}' }),
  );
  const sent = page.waitForRequest("**/api/timesheets/one-step-completion");
  await page.getByRole("button", { name: "Complete & Email Timesheet" }).click();
  const { timesheetData } = (await sent).postDataJSON() as { timesheetData: Record<string, string> };
  const operator = Date.parse(timesheetData.operatorSignedAt ?? "");
  const client = Date.parse(timesheetData.clientSignedAt ?? "");
  for (const drawnAt of [operator, client]) {
    expect(drawnAt).toBeGreaterThanOrEqual(started);
    expect(drawnAt).toBeLessThanOrEqual(finished);
  }
  expect(operator).toBeLessThan(client);
});

test("the signature date reads 'Date set' the British way", async ({ page }) => {
  await openSignatureStep(page);
  // The step opens on today's date, the day the signatures are given.
  await expect(page.getByText(/^Date set: \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await page.getByLabel("Signature Date").fill("2025-11-02");
  await expect(page.getByText("Date set: 02/11/2025")).toBeVisible();
});

test("the rating hides its buttons for privacy and opens the email panel with one empty row", async ({
  page,
}) => {
  await openSignatureStep(page);
  const rating = page.getByRole("region", { name: "Rate Driver Performance" });
  for (const label of ["Excellent", "Average", "Poor"]) {
    await expect(rating.getByRole("button", { name: label })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Email Submission" })).toHaveCount(0);
  await rating.getByRole("button", { name: "Average" }).click();
  await expect(rating.getByText("Rating buttons hidden for privacy")).toBeVisible();
  await expect(rating.getByText("Average")).toHaveCount(0);
  const panel = page.getByRole("region", { name: "Email Submission" });
  await expect(panel.getByRole("textbox")).toHaveCount(1);
  await expect(panel.getByRole("textbox", { name: "Client email" })).toHaveValue("");
});

test("a submission keeps the driver informed while busy, and says why it failed", async ({ page }) => {
  await completeSignatureStep(page);
  const submit = page.getByRole("button", { name: "Complete & Email Timesheet" });
  const cases: {
    // No answer at all is no failure: the submission waits on the phone (e2e/offline.spec.ts).
    answer: { status: number; contentType: string; body: string };
    expected: string;
  }[] = [
    {
      answer: { status: 500, contentType: "application/json", body: '{"message":"Mail server unavailable"}' },
      expected: messages.submissionFailed("Mail server unavailable"),
    },
    {
      answer: { status: 200, contentType: "text/html", body: "<!doctype html><p>Proxy login</p>" },
      expected: messages.invalidResponseFormat,
    },
    {
      answer: { status: 200, contentType: "application/json", body: '{"success":false,"message":""}' },
      expected: messages.oneStepCompletionFailed,
    },
  ];
  for (const { answer, expected } of cases) {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/timesheets/one-step-completion", async (route) => {
      await held;
      await route.fulfill(answer);
    });
    await submit.click();
    const busy = page.getByRole("button", { name: "Submitting..." });
    await expect(busy).toBeDisabled();
    release();
    await expect(
      toastRegion(page).getByText(messages.oneStepFailed(expected).title, { exact: true }),
    ).toBeVisible();
    await expect(toastRegion(page).getByText(expected, { exact: true })).toBeVisible();
    // Nothing is lost: the form is still there, ready to try again.
    await expect(submit).toBeEnabled();
    await expect(stepHeading(page, "Driver Signature")).toBeVisible();
    await page.unrouteAll();
  }
});
