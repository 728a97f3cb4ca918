import { expect, type Page } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { enableDemoMode, test } from "./fixtures/app-test";
import { nextStep, toastRegion } from "./support/timesheet-wizard";

// These tests are about the page's own lookups: once the service worker controls the page, it makes the lookup
// itself (past page.route) and answers from the fleet kept on the device, which e2e/offline.spec.ts covers.
test.use({ serviceWorkers: "block" });

async function openScanner(page: Page) {
  await page.goto("/timesheet");
  await nextStep(page, "Vehicle Info & Machine Hours");
  await page.getByRole("button", { name: "Scan QR Code" }).click();
  const dialog = page.getByRole("dialog", { name: "Scan QR Code" });
  await expect(dialog).toBeVisible();
  // There is no camera here: its toast comes once the camera has failed to start, and would replace the toast
  // a test waits for if that came first (on a busy machine the camera can take longer than a lookup).
  await expect(dialog.getByRole("status")).toContainText("Camera not available");
  return dialog;
}

test("the scanner's code loads only when it is opened, and without a camera it says what to do instead", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script" || r.url().endsWith(".wasm")) scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/timesheet");
  await nextStep(page, "Vehicle Info & Machine Hours");
  expect(scripts.filter((path) => /qr-scan-dialog|ponyfill|\.wasm$/.test(path))).toEqual([]);

  await page.getByRole("button", { name: "Scan QR Code" }).click();
  const dialog = page.getByRole("dialog", { name: "Scan QR Code" });
  // This browser has no camera.
  await expect(toastRegion(page).getByText(messages.cameraNotAvailable.title)).toBeVisible();
  await expect(toastRegion(page).getByText(messages.cameraNotAvailable.description)).toBeVisible();
  await expect(dialog.getByText("Camera not available. Type the code below instead.")).toBeVisible();
  expect(scripts.some((path) => path.includes("qr-scan-dialog"))).toBe(true);
  // No camera, no decoder: it is not downloaded for nothing.
  expect(scripts.filter((path) => /ponyfill|\.wasm$/.test(path))).toEqual([]);
  // A real driver is never offered a random demo machine.
  await expect(dialog.getByRole("button", { name: "Simulate QR Detection" })).toHaveCount(0);
});

test("only in demo mode does the scanner offer to simulate a detection", async ({ page }) => {
  await enableDemoMode(page);
  const dialog = await openScanner(page);
  await expect(dialog.getByRole("button", { name: "Simulate QR Detection" })).toBeEnabled();
});

test("a code typed in lower case finds its vehicle: plant numbers compare without case", async ({ page }) => {
  const dialog = await openScanner(page);
  await dialog.getByLabel("Manual Entry").fill("plant-dmp-002");
  await dialog.getByRole("button", { name: "Look Up Code" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Plant/Registration Number")).toHaveValue("DMP-002");
});

test("a typed code that names no vehicle says so and changes nothing", async ({ page }) => {
  const dialog = await openScanner(page);
  await dialog.getByLabel("Manual Entry").fill("NO-SUCH-MACHINE");
  const lookup = page.waitForResponse((r) => r.url().endsWith("/api/vehicles/qr/NO-SUCH-MACHINE"));
  await dialog.getByRole("button", { name: "Look Up Code" }).click();
  expect((await lookup).status()).toBe(404);
  await expect(toastRegion(page)).toContainText(messages.qrNotFound.title);
  await expect(toastRegion(page)).toContainText(messages.qrNotFound.description);
  await expect(dialog).toBeVisible();

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByLabel("Plant/Registration Number")).toHaveValue("");
  await expect(page.getByLabel("Machine/Vehicle Type")).toHaveValue("");
});

test("a typed code of a known vehicle fills the machine and plant number", async ({ page }) => {
  const dialog = await openScanner(page);
  await dialog.getByLabel("Manual Entry").fill("PLANT-DMP-002");
  await dialog.getByRole("button", { name: "Look Up Code" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Machine/Vehicle Type")).toHaveValue("Thwaites 9T");
  await expect(page.getByLabel("Plant/Registration Number")).toHaveValue("DMP-002");
  await expect(page.getByText("Vehicle found: Dumper Thwaites 9T (DMP-002)")).toBeVisible();
});

test("a lookup without signal says to check the connection", async ({ page }) => {
  await enableDemoMode(page);
  await page.route("**/api/vehicles/qr/**", (route) => route.abort("internetdisconnected"));
  const dialog = await openScanner(page);
  await dialog.getByRole("button", { name: "Simulate QR Detection" }).click();
  const failed = messages.vehicleLookupFailed(messages.checkConnection);
  await expect(toastRegion(page)).toContainText(failed.title);
  await expect(toastRegion(page)).toContainText(failed.description);
  await expect(dialog).toBeVisible();
});
