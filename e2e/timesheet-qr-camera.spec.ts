import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, type Page } from "@playwright/test";
import { DEMO_QR_CODES } from "../src/domain/checks/vehicle";
import { QR_CAMERA_VIDEO } from "../src/domain/forms/constants";
import { messages } from "../src/domain/text/messages";
import { test as appTest } from "./fixtures/app-test";
import { writeQrVideo } from "./support/qr-video";
import { expectToStay } from "./support/stays";
import { nextStep, toastRegion } from "./support/timesheet-wizard";

// This file's browser has a fake camera that films a printed QR code of the first sample vehicle.
const videoDir = resolve("test-results", "fake-camera");
const videoPath = join(videoDir, "plant-ex-001.y4m");

const test = appTest.extend<object, { fakeCamera: string }>({
  fakeCamera: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      mkdirSync(videoDir, { recursive: true });
      await writeQrVideo(DEMO_QR_CODES[0], videoPath);
      await use(videoPath);
    },
    { scope: "worker" },
  ],
  launchOptions: [
    async ({ launchOptions, fakeCamera }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          "--use-fake-ui-for-media-stream",
          "--use-fake-device-for-media-stream",
          `--use-file-for-fake-video-capture=${fakeCamera}`,
        ],
      });
    },
    { scope: "worker" },
  ],
});

// Chromium on Linux has no built-in BarcodeDetector, so these tests run the ZXing WebAssembly decoder.
// The lookups are answered by page.route, which a service worker's own fetches would bypass.
test.use({ serviceWorkers: "block" });

/** Keeps every camera stream the page opens, so the test can check its tracks were stopped. */
async function recordCameraStreams(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    const requests: (MediaStreamConstraints | undefined)[] = [];
    Object.assign(window, { cameraStreams: streams, cameraRequests: requests });
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      requests.push(constraints);
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

function cameraTrackStates(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.flatMap((s) =>
      s.getTracks().map((t) => t.readyState),
    ),
  );
}

async function openVehicleStep(page: Page): Promise<void> {
  await page.goto("/timesheet");
  await nextStep(page, "Vehicle Info & Machine Hours");
}

test("the camera reads a QR code, the vehicle fills the form, and the camera is stopped", async ({
  page,
}) => {
  await recordCameraStreams(page);
  const wasm = page.waitForResponse((r) => r.url().endsWith(".wasm"));
  await openVehicleStep(page);
  await page.getByRole("button", { name: "Scan QR Code" }).click();

  // Chromium on Linux has no built-in BarcodeDetector, so this is the ZXing decoder, served by us.
  const wasmResponse = await wasm;
  expect(new URL(wasmResponse.url()).origin).toBe(new URL(page.url()).origin);
  expect(wasmResponse.status()).toBe(200);

  await expect(page.getByRole("dialog", { name: "Scan QR Code" })).toBeHidden({ timeout: 15_000 });
  await expect(page.getByLabel("Plant/Registration Number")).toHaveValue("EX-001");
  await expect(page.getByLabel("Machine/Vehicle Type")).toHaveValue("CAT 320 GC");
  await expect(page.getByText("Vehicle found: Excavator CAT 320 GC (EX-001)")).toBeVisible();
  expect(await cameraTrackStates(page)).toEqual(["ended"]);
});

test("a code the server does not know says so once, and closing the scanner stops the camera", async ({
  page,
}) => {
  await recordCameraStreams(page);
  let lookups = 0;
  await page.route("**/api/vehicles/qr/**", (route) => {
    lookups += 1;
    return route.fulfill({ status: 404, contentType: "application/json", body: '{"message":"Not found"}' });
  });
  await openVehicleStep(page);
  await page.getByRole("button", { name: "Scan QR Code" }).click();
  const dialog = page.getByRole("dialog", { name: "Scan QR Code" });

  await expect(toastRegion(page).getByText(messages.qrNotFound.title)).toBeVisible({ timeout: 15_000 });
  await expect(toastRegion(page).getByText(messages.qrNotFound.description)).toBeVisible();
  expect(await cameraTrackStates(page)).toEqual(["live"]);
  // The same code in view is not looked up again and again.
  await expectToStay(() => lookups, 1, "lookups of the code in view");

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  expect(await cameraTrackStates(page)).toEqual(["ended"]);
  await expect(page.getByLabel("Plant/Registration Number")).toHaveValue("");
});

test("closing the scanner stops the camera, even while the decoder is still loading", async ({ page }) => {
  await recordCameraStreams(page);
  // The decoder never arrives, so the camera stays on until the dialog closes.
  await page.route(/ponyfill|\.wasm$/, () => undefined);
  await openVehicleStep(page);
  await page.getByRole("button", { name: "Scan QR Code" }).click();
  const dialog = page.getByRole("dialog", { name: "Scan QR Code" });
  await expect.poll(() => cameraTrackStates(page)).toEqual(["live"]);
  await expect(dialog.getByText("Getting the scanner ready...")).toBeVisible();
  // The rear camera is asked for, at 640x480 ideally and 1280x720 at most.
  const requested = await page.evaluate(
    () => (window as unknown as { cameraRequests: unknown[] }).cameraRequests,
  );
  expect(requested).toEqual([{ video: QR_CAMERA_VIDEO, audio: false }]);

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  expect(await cameraTrackStates(page)).toEqual(["ended"]);
});
