import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { type BrowserContext, chromium, devices, expect, type Page, type Route } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { pdfImages } from "../src/server/pdf/pdf-images";
import { acceptPrivacyBanner, test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { e2ePaths } from "./fixtures/e2e-paths";
import { mailsTo, waitForMailTo } from "./fixtures/mailbox";
import { slotsWithoutPhoto } from "./fixtures/photo-slots";
import { jpegFile, pickPhotos, startCheckSheetFromHome } from "./support/check-sheet-wizard";
import { waitForDeviceCopy, waitForOfflineReady } from "./support/offline";
import { expectToStay } from "./support/stays";
import { nextStep, sign, stepHeading } from "./support/timesheet-wizard";

// A whole sheet walked with a reload and the network cut and restored: longer than a screen check.
test.describe.configure({ timeout: 90_000 });

function header(page: Page) {
  return page.getByRole("banner");
}

test("an anonymous check sheet survives a reload at its step, waits on the phone offline, and is emailed once", async ({
  page,
  context,
}) => {
  const client = `yard-${randomUUID().slice(0, 8)}@buildco.co.uk`;
  await startCheckSheetFromHome(page, "Severn Valley Homes");
  await waitForOfflineReady(page);

  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  await page.getByLabel("Driver Full Name").fill("Carla Checker");
  await page.getByLabel("Check Date").fill("2026-11-02");
  await nextStep(page, "QR Scanner & Vehicle Info");
  await page.getByLabel("Plant/Registration Number").fill("EX-404");
  await nextStep(page, "Daily Safety Check");
  await nextStep(page, "Photo Documentation");
  await nextStep(page, "Driver Signature");
  await sign(page, "Driver/Operator Signature", "Carla Checker", "Operator Signature");
  await sign(page, "Client/Supervisor Signature", "Chris Client");
  await page.getByLabel("DATE").fill("2026-11-02");
  await expect(page.getByText("Date set: 02/11/2026")).toBeVisible();

  // A reload (as after the phone closed the tab) brings the sheet back at the step it had reached, signed.
  await waitForDeviceCopy(page, '"signatureDate":"2026-11-02"');
  await page.reload();
  await expect(page.getByText(messages.formRestored)).toBeVisible();
  await expect(page.getByRole("button", { name: "Start a new check sheet instead" })).toBeVisible();
  await expect(stepHeading(page, "Driver Signature")).toBeVisible();
  await expect(page.getByText("Date set: 02/11/2026")).toBeVisible();
  const awaiting = page.getByRole("region", { name: "Awaiting Signatures" });
  await expect(awaiting).toHaveCount(0);
  await page.screenshot({ path: "test-results/check-sheet-offline-restored.png" });

  const rating = page.getByRole("region", { name: "Rate Driver Performance" });
  await rating.getByRole("button", { name: "Excellent" }).click();
  const panel = page.getByRole("region", { name: "Email Submission" });
  await panel.getByRole("textbox", { name: "Client email" }).fill(client);

  await context.setOffline(true);
  await expect(header(page).getByText(messages.offline)).toBeVisible();
  await panel.getByRole("button", { name: "Complete & Email Check Sheet" }).click();
  await expect(page.getByText(messages.savedOnPhone)).toBeVisible();
  await expect(header(page).getByRole("button", { name: messages.waitingToSend(1) })).toBeVisible();
  await page.screenshot({ path: "test-results/check-sheet-offline-saved.png" });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: "test-results/check-sheet-offline-saved-dark.png" });
  await page.emulateMedia({ colorScheme: "light" });
  await header(page)
    .getByRole("button", { name: messages.waitingToSend(1) })
    .click();
  const list = page.getByRole("list", { name: "Waiting to send" });
  await expect(list.getByText("Check sheet, 02/11/2026")).toBeVisible();
  await page.keyboard.press("Escape");
  expect(await mailsTo(client)).toBe(0);

  await context.setOffline(false);
  const mail = await waitForMailTo(client);
  expect(mail.attachments.map((a) => a.contentType)).toContain("application/pdf");
  await expect(header(page).getByRole("button", { name: /waiting to send/ })).toHaveCount(0);
  // Exactly one: nothing is sent twice, however the reconnection went.
  await expectToStay(() => mailsTo(client), 1, `emails to ${client}`);

  // The sent sheet is not offered again as one in progress.
  await page.getByRole("button", { name: "Back to Home" }).click();
  await page.getByRole("link", { name: "Start Check Sheet" }).click();
  await page.getByRole("combobox", { name: "Customer" }).click();
  await page.getByRole("option", { name: "Severn Valley Homes" }).click();
  await page.getByRole("button", { name: "Continue to Form" }).click();
  await expect(stepHeading(page, "Driver & Company Info")).toBeVisible();
  await expect(page.getByText(messages.formRestored)).toHaveCount(0);
});

/** Picks two photos without signal and attaches them: they are shown from the phone's own copies. */
async function attachTwoPhotosOffline(page: Page): Promise<void> {
  const photos = [
    await jpegFile(page, "bucket.jpg", 640, 480, "#8b4500"),
    await jpegFile(page, "tracks.jpg", 480, 640, "#2f4f4f"),
  ];
  const dialog = await pickPhotos(page, photos);
  await dialog.getByRole("button", { name: "Upload 2 photos" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("2 photos attached")).toBeVisible();
  const thumbnails = page.getByRole("list", { name: "Attached photos" }).getByRole("img");
  await expect(thumbnails).toHaveCount(2);
  for (const [index, width] of [640, 480].entries()) {
    await expect(thumbnails.nth(index)).toHaveAttribute("src", /^blob:/);
    await expect(thumbnails.nth(index)).toHaveJSProperty("complete", true);
    expect(await thumbnails.nth(index).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(width);
  }
  await expect(page.getByText(messages.photoWaitingToUpload)).toHaveCount(2);
}

/**
 * The morning check with no signal from the photo step on: two photos taken, the sheet signed, rated and
 * submitted. Everything waits on the phone: the two photos' uploads, then the sheet.
 */
async function checkWithPhotosOffline(page: Page, context: BrowserContext, client: string): Promise<void> {
  await startCheckSheetFromHome(page, "Severn Valley Homes");
  await waitForOfflineReady(page);
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  await page.getByLabel("Driver Full Name").fill("Carla Checker");
  await page.getByLabel("Check Date").fill("2026-11-03");
  await nextStep(page, "QR Scanner & Vehicle Info");
  await page.getByLabel("Plant/Registration Number").fill("EX-405");
  await nextStep(page, "Daily Safety Check");
  await nextStep(page, "Photo Documentation");

  await context.setOffline(true);
  await expect(header(page).getByText(messages.offline)).toBeVisible();
  await attachTwoPhotosOffline(page);
  await page.getByRole("list", { name: "Attached photos" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/check-sheet-offline-photos.png" });

  await nextStep(page, "Driver Signature");
  await sign(page, "Driver/Operator Signature", "Carla Checker", "Operator Signature");
  await sign(page, "Client/Supervisor Signature", "Chris Client");
  await page.getByLabel("DATE").fill("2026-11-03");
  await expect(page.getByText("Date set: 03/11/2026")).toBeVisible();
  const rating = page.getByRole("region", { name: "Rate Driver Performance" });
  await rating.getByRole("button", { name: "Excellent" }).click();
  const panel = page.getByRole("region", { name: "Email Submission" });
  await panel.getByRole("textbox", { name: "Client email" }).fill(client);
  await panel.getByRole("button", { name: "Complete & Email Check Sheet" }).click();
  await expect(page.getByText(messages.savedOnPhone)).toBeVisible();
  await expect(header(page).getByRole("button", { name: messages.waitingToSend(3) })).toBeVisible();
}

/** Exactly one email reaches the client, its PDF painting both signatures and both photos. */
async function expectOneMailWithBothPhotos(client: string): Promise<void> {
  const mail = await waitForMailTo(client);
  const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
  if (!pdf) throw new Error("The email has no PDF");
  expect((await pdfImages(new Uint8Array(pdf.content))).flat()).toHaveLength(4);
  // Nothing is sent twice, however the reconnection went.
  await expectToStay(() => mailsTo(client), 1, `emails to ${client}`);
}

test("photos taken without signal wait on the phone through a reload and reach the client in the one email", async ({
  page,
  context,
}) => {
  const client = `photos-${randomUUID().slice(0, 8)}@buildco.co.uk`;
  await checkWithPhotosOffline(page, context, client);

  await page.reload();
  await expect(header(page).getByRole("button", { name: messages.waitingToSend(3) })).toBeVisible();
  expect(await mailsTo(client)).toBe(0);

  await context.setOffline(false);
  await expectOneMailWithBothPhotos(client);
  await expect(header(page).getByRole("button", { name: /waiting to send/ })).toHaveCount(0);
});

/**
 * A browser of its own whose profile is kept on disk between launches, as a phone keeps its browser's: each
 * call opens it again, with or without signal.
 */
function phoneBrowser(): (signal: boolean) => Promise<BrowserContext> {
  const profile = test.info().outputPath("profile");
  const { launchOptions, baseURL, viewport } = test.info().project.use;
  const { defaultBrowserType: _type, ...phone } = devices["Pixel 7"];
  return async (signal) => {
    const context = await chromium.launchPersistentContext(profile, {
      ...launchOptions,
      ...phone,
      baseURL,
      viewport,
      offline: !signal,
      // Without signal nothing may reach the server, the service worker's requests included: the browser fires
      // the outbox's sync as it starts, before the offline emulation has reached the service worker, so every
      // request goes to a proxy that is not there.
      ...(signal ? {} : { proxy: { server: "http://127.0.0.1:9" } }),
    });
    await acceptPrivacyBanner(context);
    return context;
  };
}

test("photos taken without signal are sent after the browser was closed and opened again", async () => {
  const openBrowser = phoneBrowser();
  const client = `closed-${randomUUID().slice(0, 8)}@buildco.co.uk`;

  const first = await openBrowser(true);
  try {
    await checkWithPhotosOffline(first.pages()[0] ?? (await first.newPage()), first, client);
  } finally {
    await first.close();
  }

  /** The same browser opened again, at the home screen. */
  const reopen = async (signal: boolean, check: (page: Page) => Promise<void>) => {
    const context = await openBrowser(signal);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/");
      await check(page);
    } finally {
      await context.close();
    }
  };

  // Opened again still without signal: nothing may go out.
  await reopen(false, async (page) => {
    await expect(header(page).getByRole("button", { name: messages.waitingToSend(3) })).toBeVisible();
    expect(await mailsTo(client)).toBe(0);
  });
  // And once more with signal: the sheet and its photos go out, once.
  await reopen(true, async (page) => {
    await expectOneMailWithBothPhotos(client);
    await expect(header(page).getByRole("button", { name: /waiting to send/ })).toHaveCount(0);
  });
});

/**
 * Holds the first request to `pattern` (from the page or its service worker) once the signal is back, and hands
 * it over; later ones go through.
 */
async function holdFirst(context: BrowserContext, pattern: string): Promise<Route> {
  let held = false;
  return new Promise<Route>((resolve) => {
    void context.route(pattern, async (route) => {
      if (held) return route.fallback();
      held = true;
      resolve(route);
    });
  });
}

test("photos whose upload was under way when the page reloaded reach the client in the one email", async ({
  page,
  context,
}) => {
  const client = `reload-${randomUUID().slice(0, 8)}@buildco.co.uk`;
  const since = new Date();
  await checkWithPhotosOffline(page, context, client);

  const put = holdFirst(context, "**/api/uploads/**");
  await context.setOffline(false);
  const upload = await put;
  // The page reloads while the first photo's bytes are on their way: sent by the service worker, they arrive
  // after the reload; sent by the page itself, they went with it, and the reloaded page sends them again.
  await page.reload();
  await expect(header(page)).toBeVisible();
  await upload.fallback().catch(() => undefined);

  await expectOneMailWithBothPhotos(client);
  // Every slot handed out got its photo: none asked for twice, none left behind.
  expect(slotsWithoutPhoto(since)).toBe(0);
  await expect(header(page).getByRole("button", { name: /waiting to send|not sent/ })).toHaveCount(0);
});

test("a photo whose upload lost its connection after the slot was given reaches the client in the one email", async ({
  page,
  context,
}) => {
  const client = `cut-${randomUUID().slice(0, 8)}@buildco.co.uk`;
  const since = new Date();
  await checkWithPhotosOffline(page, context, client);

  const put = holdFirst(context, "**/api/uploads/**");
  await context.setOffline(false);
  const upload = await put;
  // The server takes the bytes, and the connection drops before its answer reaches the phone.
  expect((await upload.fetch()).status()).toBe(200);
  await upload.abort("internetdisconnected");

  await expectOneMailWithBothPhotos(client);
  expect(slotsWithoutPhoto(since)).toBe(0);
  await expect(header(page).getByRole("button", { name: /waiting to send|not sent/ })).toHaveCount(0);
});

test("a photo whose slot was given just before the browser closed is put to that slot when it opens again", async () => {
  const openBrowser = phoneBrowser();
  const client = `slot-${randomUUID().slice(0, 8)}@buildco.co.uk`;
  const since = new Date();
  const first = await openBrowser(true);
  try {
    await checkWithPhotosOffline(first.pages()[0] ?? (await first.newPage()), first, client);
    // The first photo gets its slot; the signal drops as its bytes are about to leave, and the browser closes.
    const put = new Promise<void>((resolve) => {
      void first.route("**/api/uploads/**", async (route) => {
        await first.setOffline(true);
        await route.abort("internetdisconnected");
        resolve();
      });
    });
    await first.setOffline(false);
    await put;
  } finally {
    await first.close();
  }
  expect(slotsWithoutPhoto(since)).toBe(1);

  const again = await openBrowser(true);
  try {
    const page = again.pages()[0] ?? (await again.newPage());
    await page.goto("/");
    await expectOneMailWithBothPhotos(client);
    // The slot handed out before the browser closed got its photo.
    expect(slotsWithoutPhoto(since)).toBe(0);
    await expect(header(page).getByRole("button", { name: /waiting to send|not sent/ })).toHaveCount(0);
  } finally {
    await again.close();
  }
});

test("a photo the server lost after its upload is uploaded again from the phone and is in the one email", async ({
  page,
  context,
}) => {
  const client = `lost-${randomUUID().slice(0, 8)}@buildco.co.uk`;
  await checkWithPhotosOffline(page, context, client);

  const completion = holdFirst(context, "**/api/one-step-completion/**");
  await context.setOffline(false);
  const sending = await completion;
  // Both photos are on the server; before the sheet arrives, the first one's bytes are lost from its storage.
  const { checkSheetData } = sending.request().postDataJSON() as { checkSheetData: { photos: string[] } };
  expect(checkSheetData.photos).toHaveLength(2);
  const lost = join(e2ePaths.dataDir, "uploads", "photos", checkSheetData.photos[0]!.split("/").pop()!);
  await rm(lost);
  await rm(`${lost}.print`);
  await sending.fallback();

  await expectOneMailWithBothPhotos(client);
  await expect(header(page).getByRole("button", { name: /waiting to send|not sent/ })).toHaveCount(0);
});

test("an account holder's photos taken without signal are on the sheet that goes for approval", async ({
  page,
  context,
}) => {
  await logIn(page, "Olive Offline");
  await page.goto("/check-sheet");
  await waitForOfflineReady(page);
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");
  await page.getByLabel("Driver Full Name").fill("Olive Offline");
  const created = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/check-sheets",
  );
  await nextStep(page, "QR Scanner & Vehicle Info");
  const { id } = (await (await created).request().postDataJSON()) as { id: string };
  await nextStep(page, "Daily Safety Check");
  await nextStep(page, "Photo Documentation");

  await context.setOffline(true);
  await expect(header(page).getByText(messages.offline)).toBeVisible();
  await attachTwoPhotosOffline(page);
  await nextStep(page, "Driver Signature");
  await sign(page, "Driver/Operator Signature", "Olive Offline", "Operator Signature");
  await page.getByLabel("DATE").fill("2026-11-04");
  await page.getByRole("button", { name: "Submit Check Sheet" }).click();
  await expect(page).toHaveURL(/\/home$/);
  // The two uploads, then the sheet's save that submits it.
  await expect(header(page).getByRole("button", { name: messages.waitingToSend(3) })).toBeVisible();

  await context.setOffline(false);
  await expect(header(page).getByRole("button", { name: /waiting to send|not sent/ })).toHaveCount(0, {
    timeout: 20_000,
  });
  const stored = (await (await page.request.get(`/api/check-sheets/${id}`)).json()) as {
    status: string;
    photos: string[];
  };
  expect(stored.status).toBe("ready_for_approval");
  expect(stored.photos).toHaveLength(2);
  for (const url of stored.photos) {
    expect(url).toMatch(/^\/api\/photos\/[0-9a-f-]{36}$/);
    const photo = await page.request.get(url);
    expect(photo.status()).toBe(200);
    expect(photo.headers()["content-type"]).toBe("image/jpeg");
  }
});
