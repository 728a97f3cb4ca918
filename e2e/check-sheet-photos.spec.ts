import { writeFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { MAX_PHOTO_BYTES } from "../src/domain/forms/constants";
import { messages } from "../src/domain/text/messages";
import { test } from "./fixtures/app-test";
import { jpegFile, photoDialog, pickPhotos } from "./support/check-sheet-wizard";
import { nextStep } from "./support/timesheet-wizard";

async function openPhotoStep(page: Page): Promise<void> {
  await page.goto("/check-sheet");
  await nextStep(page, "QR Scanner & Vehicle Info");
  await nextStep(page, "Daily Safety Check");
  await nextStep(page, "Photo Documentation");
}

const refusals = (page: Page) => photoDialog(page).getByRole("alert");
const toUpload = (page: Page) =>
  photoDialog(page).getByRole("list", { name: "Photos to upload" }).getByRole("img");

test("files that are not photos, too large, too many or picked twice are refused, saying why", async ({
  page,
}) => {
  await openPhotoStep(page);
  const one = await jpegFile(page, "cab.jpg", 200, 150, "#225522");

  // Images only.
  await pickPhotos(page, [{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") }]);
  await expect(refusals(page)).toHaveText(messages.photoNotImage("notes.txt"));
  await expect(toUpload(page)).toHaveCount(0);

  // 10485760 bytes at most: one byte more is refused, exactly the limit is taken.
  // Large files go by path: the browser reads them from disk instead of over the test's connection.
  const huge = test.info().outputPath("huge.jpg");
  const limit = test.info().outputPath("limit.jpg");
  await writeFile(huge, Buffer.alloc(MAX_PHOTO_BYTES + 1));
  await writeFile(limit, Buffer.alloc(MAX_PHOTO_BYTES));
  await pickPhotos(page, [huge, limit]);
  await expect(refusals(page)).toHaveText(messages.photoTooLarge("huge.jpg"));
  await expect(toUpload(page)).toHaveCount(1);
  await photoDialog(page).getByRole("button", { name: "Remove limit.jpg" }).click();
  await expect(toUpload(page)).toHaveCount(0);

  // The same photo twice, in one pick or in two.
  await pickPhotos(page, [one, one]);
  await expect(refusals(page)).toHaveText(messages.photoDuplicate("cab.jpg"));
  await expect(toUpload(page)).toHaveCount(1);
  await pickPhotos(page, [one]);
  await expect(refusals(page)).toHaveText(messages.photoDuplicate("cab.jpg"));

  // Five at most: of five more, four fit.
  const more = await Promise.all(
    ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"].map((name, i) =>
      jpegFile(page, name, 100 + i, 100, "#553311"),
    ),
  );
  await pickPhotos(page, more);
  await expect(refusals(page)).toHaveText(messages.photoLimitReached);
  await expect(toUpload(page)).toHaveCount(5);
  await expect(photoDialog(page).getByLabel("Choose from Gallery")).toBeDisabled();
  await expect(photoDialog(page).getByLabel("Take Photo")).toBeDisabled();

  // Uploaded ones count too: after uploading the five, the step takes no more.
  await photoDialog(page).getByRole("button", { name: "Upload 5 photos" }).click();
  // Five uploads one after another, each kept on the phone first and sent through the queue it shares with the
  // service worker (which may still be caching the app on this first visit): more than a screen check's wait.
  await expect(photoDialog(page)).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText("5 photos attached")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Equipment Photos" })).toBeDisabled();
  await page.getByRole("button", { name: "Remove photo 5" }).click();
  await expect(page.getByText("4 photos attached")).toBeVisible();
  // A photo already uploaded is still a duplicate.
  await pickPhotos(page, [one]);
  await expect(refusals(page)).toHaveText(messages.photoDuplicate("cab.jpg"));
});

test.describe("with the service worker off", () => {
  // Every upload is queued in the outbox the service worker shares (Background Sync), and page.route does not see
  // what the service worker sends: the failures below must come from the page's own tries.
  test.use({ serviceWorkers: "block" });

  test("uploads that fail say why, and keep the photos to try again", async ({ page, context }) => {
    await openPhotoStep(page);
    const photo = await jpegFile(page, "bucket.jpg", 300, 200, "#663300");
    const dialog = await pickPhotos(page, [photo]);
    const upload = dialog.getByRole("button", { name: "Upload 1 photo" });

    await page.route("**/api/objects/upload", (route) => route.fulfill({ status: 404, body: "" }));
    await upload.click();
    await expect(dialog.getByRole("alert")).toHaveText(messages.uploadEndpointMissing);
    await page.unroute("**/api/objects/upload");

    await page.route("**/api/uploads/**", (route) =>
      route.fulfill({
        status: 404,
        contentType: "application/json",
        body: '{"code":"not_found","message":"Request has expired"}',
      }),
    );
    await upload.click();
    await expect(dialog.getByRole("alert")).toHaveText(messages.uploadFailed(messages.uploadExpired));
    await page.unroute("**/api/uploads/**");
    await page.route("**/api/uploads/**", (route) => route.fulfill({ status: 502, body: "" }));
    await upload.click();
    await expect(dialog.getByRole("alert")).toHaveText(messages.uploadFailed(messages.uploadNon2xx));
    await page.unroute("**/api/uploads/**");

    // Still there to try again. Without signal it is kept on the phone and attached, shown from the phone's copy;
    // it goes up as soon as the signal returns.
    await expect(dialog.getByRole("list", { name: "Photos to upload" }).getByRole("img")).toHaveCount(1);
    await context.setOffline(true);
    await upload.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("1 photo attached")).toBeVisible();
    const thumbnail = page.getByRole("img", { name: "Equipment, attachment 1" });
    await expect(thumbnail).toHaveAttribute("src", /^blob:/);
    await expect(thumbnail).toHaveJSProperty("complete", true);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    await expect(page.getByText(messages.photoWaitingToUpload)).toBeVisible();
    await expect(
      page.getByRole("banner").getByRole("button", { name: messages.waitingToSend(1) }),
    ).toBeVisible();
    // The page uploads it: nothing is left waiting or refused.
    await context.setOffline(false);
    await expect(page.getByRole("banner").getByRole("button", { name: /waiting to send/ })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("button", { name: /not sent/ })).toHaveCount(0);
    await expect(page.getByText(messages.photoWaitingToUpload)).toHaveCount(0);
    await expect(thumbnail).toHaveJSProperty("complete", true);
  });
});

test("the server refuses bytes that are not a photo, whatever the file says", async ({ page, context }) => {
  await openPhotoStep(page);
  const fake = { name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html>not a photo</html>") };
  const dialog = await pickPhotos(page, [fake]);
  await dialog.getByRole("button", { name: "Upload 1 photo" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/^Upload failed: Only photos/);
  await expect(page.getByText("0 photos attached")).toBeAttached();

  // Without signal it is kept and attached; when the signal returns the server refuses it, and the waiting
  // list says so with the server's reason.
  await context.setOffline(true);
  await dialog.getByRole("button", { name: "Upload 1 photo" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("1 photo attached")).toBeVisible();
  await context.setOffline(false);
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: messages.notSent(1) }).click();
  const refused = page.getByRole("list", { name: "Waiting to send" }).getByRole("listitem");
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText("photo");
  await expect(refused).toContainText(
    messages.outboxRefused(messages.uploadFailed("Only photos (JPEG, PNG, WebP or GIF) can be uploaded.")),
  );
  await expect(refused.getByRole("button", { name: "Discard" })).toBeVisible();
});

test("a large photo is shrunk on the phone before upload, and a photo that cannot be shown gets a placeholder", async ({
  page,
}) => {
  await openPhotoStep(page);
  const large = await jpegFile(page, "whole-machine.jpg", 3000, 1500, "#114477");
  let puts = 0;
  page.on("request", (r) => {
    if (r.method() === "PUT" && new URL(r.url()).pathname.startsWith("/api/uploads/")) puts += 1;
  });
  const dialog = await pickPhotos(page, [large]);
  await dialog.getByRole("button", { name: "Upload 1 photo" }).click();
  await expect(dialog).toBeHidden();
  const thumbnail = page.getByRole("img", { name: "Equipment, attachment 1" });
  await expect(thumbnail).toHaveJSProperty("complete", true);
  const size = await thumbnail.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(size).toEqual([1600, 800]);
  expect(puts).toBe(1);

  // The photo cannot be fetched (deleted, or no signal): a placeholder says so.
  await page.route("**/api/photos/**", (route) => route.fulfill({ status: 404, body: "" }));
  await page.getByRole("button", { name: "Previous" }).click();
  await nextStep(page, "Photo Documentation");
  await expect(page.getByRole("img", { name: "Equipment, attachment 1: could not be shown" })).toBeVisible();
  await expect(page.getByText("Photo unavailable")).toBeVisible();
  await expect(page.getByText("1 photo attached")).toBeVisible();
});
