import { expect, type Request } from "@playwright/test";
import { messages } from "../src/domain/text/messages";
import { localIsoDate } from "../src/domain/time/iso-date";
import { test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { answerMachineSafe, checkItem, choose, jpegFile, pickPhotos } from "./support/check-sheet-wizard";
import { waitForDeviceCopy } from "./support/offline";
import { nextStep, sign, stepHeading, toastRegion } from "./support/timesheet-wizard";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function isSave(r: Request): boolean {
  const path = new URL(r.url()).pathname;
  return (
    (r.method() === "POST" && path === "/api/check-sheets") ||
    (r.method() === "PUT" && path.startsWith("/api/check-sheets/"))
  );
}

test("an account holder's check sheet is saved step by step, resumes where it was, and goes for approval", async ({
  page,
}) => {
  test.slow();
  await logIn(page, "Dana Draft");
  await page.goto("/check-sheet");
  // The account's name is filled in; a driver without a company types the one they drive for.
  await expect(page.getByLabel("Driver Full Name")).toHaveValue("Dana Draft");
  await expect(page.getByLabel("Company you're driving for")).toHaveValue("");
  await page.getByLabel("Company you're driving for").fill("Northern Plant Hire");

  const created = page.waitForRequest(isSave);
  await nextStep(page, "QR Scanner & Vehicle Info");
  const create = await created;
  expect(create.method()).toBe("POST");
  const { id } = create.postDataJSON() as { id: string };
  expect(id).toMatch(UUID);
  expect(create.postDataJSON()).toMatchObject({ company: "Northern Plant Hire", status: "draft" });
  expect((await create.response())?.status()).toBe(201);

  // Company is there: the draft opens at the vehicle step.
  await page.goto(`/check-sheet?draftId=${id}`);
  await expect(stepHeading(page, "QR Scanner & Vehicle Info")).toBeVisible();
  await page.getByLabel("Plant/Registration Number").fill("EX-007");
  // The first page's save as it was left (before the plant number) may still be on its way from the phone's
  // outbox on a busy machine: the save to check is the first one made since the plant number was typed.
  const updated = page.waitForRequest(
    (request) => isSave(request) && Boolean((request.postDataJSON() as { plantNumber?: string }).plantNumber),
  );
  await nextStep(page, "Daily Safety Check");
  const update = await updated;
  expect(update.method()).toBe("PUT");
  expect(new URL(update.url()).pathname).toBe(`/api/check-sheets/${id}`);
  expect(update.postDataJSON()).toMatchObject({ id, plantNumber: "EX-007" });

  // A check answered: it opens at the safety check, with the answer kept.
  await choose(page, "Brakes", "Defect");
  await choose(page, "Tyres", "Pass");
  await page.getByLabel("Defects Notes").fill("Brakes pulling to the left");
  await answerMachineSafe(page, "No, stood down");
  const saved = page.waitForResponse((r) => isSave(r.request()));
  await nextStep(page, "Photo Documentation");
  await saved;
  // The phone's copy is written a moment after a change; a full page load can cut that write short.
  await waitForDeviceCopy(page, "Brakes pulling to the left");
  await page.goto("/");
  await page.goto(`/check-sheet?draftId=${id}`);
  await expect(stepHeading(page, "Daily Safety Check")).toBeVisible();
  await expect(page.getByText("Step 3 of 5")).toBeVisible();
  await expect(checkItem(page, "Brakes").getByRole("radio", { name: "Defect" })).toBeChecked();
  await expect(checkItem(page, "Tyres").getByRole("radio", { name: "Pass" })).toBeChecked();
  await expect(page.getByLabel("Defects Notes")).toHaveValue("Brakes pulling to the left");
  await expect(
    page
      .getByRole("group", { name: "Is the machine safe to use?" })
      .getByRole("radio", { name: "No, stood down" }),
  ).toBeChecked();
  await nextStep(page, "Photo Documentation");

  const dialog = await pickPhotos(page, [await jpegFile(page, "brakes.jpg", 400, 300, "#444444")]);
  await dialog.getByRole("button", { name: "Upload 1 photo" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("1 photo attached")).toBeVisible();
  await nextStep(page, "Driver Signature");

  // The account holder's signature step: Save Draft, and the supervisor may sign later.
  const supervisor = page.getByRole("region", { name: "Supervisor Signature", exact: true });
  await expect(supervisor.getByText("Tap to sign (optional)")).toBeVisible();
  await expect(page.getByRole("region", { name: "Client/Supervisor Signature" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Rate Driver Performance" })).toHaveCount(0);
  const operator = page.getByRole("region", { name: "Driver/Operator Signature" });
  await expect(operator.getByLabel("Print Name")).toHaveValue("Dana Draft");
  await sign(page, "Driver/Operator Signature", "Dana Draft", "Operator Signature");
  const draftSaved = page.waitForRequest(isSave);
  await page.getByRole("button", { name: "Save Draft - Complete Later" }).click();
  expect((await draftSaved).method()).toBe("PUT");
  await expect(toastRegion(page).getByText(messages.checkSheetDraftSaved.description)).toBeVisible();

  // Signed by the operator: it opens one step before the signatures, as the spec has it.
  await page.goto(`/check-sheet?draftId=${id}`);
  await expect(stepHeading(page, "Photo Documentation")).toBeVisible();
  await expect(page.getByText("1 photo attached")).toBeVisible();
  await nextStep(page, "Driver Signature");
  await expect(operator.getByRole("img")).toHaveAttribute("src", /^data:image\/png;base64,/);

  // The signature step opened dated today; taken away, the submit says the date is missing and sends nothing.
  await expect(page.getByLabel("DATE")).toHaveValue(localIsoDate(new Date()));
  await page.getByLabel("DATE").fill("");
  const awaiting = page.getByRole("region", { name: "Awaiting Signatures" });
  await expect(awaiting.getByText("Driver signature: done")).toBeAttached();
  await expect(awaiting.getByText("Date: missing")).toBeAttached();
  const sends: string[] = [];
  page.on("request", (r) => {
    if (isSave(r)) sends.push(r.method());
  });
  await page.getByRole("button", { name: "Submit Check Sheet" }).click();
  await expect(toastRegion(page).getByText(messages.signatureDateRequired.description)).toBeVisible();
  expect(sends).toEqual([]);

  await page.getByLabel("DATE").fill("2026-11-21");
  const submitted = page.waitForRequest(isSave);
  await page.getByRole("button", { name: "Submit Check Sheet" }).click();
  const submit = await submitted;
  expect(submit.method()).toBe("PUT");
  expect(submit.postDataJSON()).toMatchObject({
    id,
    status: "ready_for_approval",
    signatureDate: "2026-11-21",
  });
  await expect(toastRegion(page).getByText(messages.checkSheetSubmitted.title)).toBeVisible();
  await expect(toastRegion(page).getByText(messages.checkSheetSubmitted.description)).toBeVisible();
  // What was sent stays on screen, not a blank form.
  const sent = page.getByRole("status").filter({ hasText: messages.sentTitle("check sheet") });
  await expect(sent).toContainText(messages.sentToSupervisor);
  await expect(sent).toContainText("EX-007");
  await expect(sent).toContainText("Brakes");
  await sent.getByRole("button", { name: messages.sentBackHome }).click();
  await expect(page).toHaveURL(/\/home$/);
  // Submitted, it is in Driver History at once.
  await page.getByRole("button", { name: "More Options" }).click();
  await page.getByRole("menuitemradio", { name: "Driver History" }).click();
  const record = page.getByRole("article", { name: "Check Sheet EX-007" });
  await expect(record).toContainText("Ready for Approval");

  const stored = (await (await page.request.get(`/api/check-sheets/${id}`)).json()) as Record<
    string,
    unknown
  >;
  expect(stored).toMatchObject({
    id,
    status: "ready_for_approval",
    defectBrakes: false,
    plantNumber: "EX-007",
  });
  expect(typeof stored.submittedAt).toBe("string");

  // The read-only view shows the sixteen items, the notes and the photo.
  await page.goto(`/completed-form/${id}`);
  const checks = page.getByRole("heading", { name: "Daily checks" }).locator("..");
  await expect(checks.getByRole("listitem").filter({ hasText: "Brakes" })).toContainText("DEFECT");
  await expect(checks.getByRole("listitem").filter({ hasText: "Tyres" })).toContainText("OK");
  await expect(checks.getByRole("listitem").filter({ hasText: "Lights" })).toContainText("N/A");
  await expect(checks).toContainText("Brakes pulling to the left");
  await expect(checks.getByText("1 photo attached")).toBeVisible();
  const photo = checks.getByRole("img", { name: "Equipment, attachment 1" });
  await expect(photo).toHaveJSProperty("complete", true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
});

test("a check sheet draft that is not there says so", async ({ page }) => {
  await logIn(page, "Dana Draft");
  await page.goto("/check-sheet?draftId=5d1c9a7e-0b2f-4c3d-8e9f-1a2b3c4d5e6f");
  await expect(page.getByRole("alert")).toContainText("Failed to open draft:");
  await expect(page.getByRole("link", { name: "Start a new check sheet" })).toBeVisible();
});
