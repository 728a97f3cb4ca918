import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { WEBHOOK_HEADERS } from "../src/domain/company/webhook";
import { companyMessages } from "../src/domain/text/company-messages";
import { test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { e2ePaths } from "./fixtures/e2e-paths";
import { expectNoAxeViolations } from "./support/axe";
import { openCompany } from "./support/company";
import { createWeek, screenshotBoth, submitWeek } from "./support/supervisor";

const SHOTS = "/tmp/webhook-ssrf";
const DESK = { width: 1280, height: 800 };

/** A hire desk's receiver on this machine: it answers each call with `answer` and keeps each delivery id. */
async function receiver() {
  const deliveries: string[] = [];
  const state = { answer: 500 };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      deliveries.push(String(request.headers[WEBHOOK_HEADERS.delivery.toLowerCase()]));
      response.writeHead(state.answer).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/plant-sheets`, deliveries, state, close: () => server.close() };
}

/**
 * Lets 12 hours of failed calls pass for the company's waiting delivery, in the server's own database: its 19
 * attempts counted and its next one due now, so the server's worker makes the 20th and last. The server runs on
 * SQLite in the run's data folder (playwright.config.ts).
 */
function runOutOfAttempts(organisationId: string): string | null {
  const db = new Database(`${e2ePaths.dataDir}/plant-sheets.sqlite`);
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare(
      "update webhook_outbox set attempts = 19, next_attempt_at = ? where organisation_id = ? and status = 'queued'",
    ).run(new Date().toISOString(), organisationId);
    const row = db
      .prepare("select status from webhook_outbox where organisation_id = ?")
      .get(organisationId) as { status: string } | undefined;
    return row?.status ?? null;
  } finally {
    db.close();
  }
}

/** The admin's own week, submitted and approved by the company's office (the admin): one set.approved event. */
async function approvedWeek(page: Page, companyId: string): Promise<void> {
  const week = await createWeek(page, { driverSignedName: "Ada Admin", plantNumber: "EX-042" });
  await submitWeek(page, week, "Ada Admin");
  const approved = await page.request.post(
    `/api/organisations/${companyId}/review/${week.timesheetId}/approve`,
    { data: { rating: "happy" } },
  );
  expect(approved.status(), await approved.text()).toBe(200);
}

test("an admin reads the webhook's calls, sees one given up and sends it again, under the same delivery id", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const hireDesk = await receiver();
  await logIn(page, "Ada Admin");
  const made = await page.request.post("/api/organisations", { data: { name: "Acme Plant Hire Ltd" } });
  expect(made.status(), await made.text()).toBe(201);
  const companyId = ((await made.json()) as { id: string }).id;

  await openCompany(page);
  const webhook = page.getByRole("region", { name: "Webhook for Payroll and Hire Desk" });
  await webhook.getByRole("textbox", { name: "Webhook address" }).fill(hireDesk.url);
  await webhook.getByRole("button", { name: "Set Up Webhook" }).click();
  await expect(webhook.getByRole("status")).toHaveText(companyMessages.webhookSaved(hireDesk.url, true));
  const history = webhook.getByRole("region", { name: "Delivery History" });
  await expect(history.getByText(companyMessages.webhookHistoryEmpty)).toBeVisible();

  // The hire desk answers 500 to the approval's call, and to every call until the delivery is given up.
  await approvedWeek(page, companyId);
  await expect.poll(() => hireDesk.deliveries.length, { timeout: 20_000 }).toBeGreaterThan(0);
  const [delivery] = hireDesk.deliveries;
  await expect
    .poll(() => runOutOfAttempts(companyId), { timeout: 30_000, intervals: [1_000] })
    .toBe("failed");

  await openCompany(page);
  await expect(webhook.getByText(/^Last call: set\.approved of .*: answered 500, given up\.$/)).toBeVisible();
  const calls = history.getByRole("listitem");
  await expect(calls.first()).toContainText("set.approved");
  await expect(calls.first()).toContainText(`answered 500 · ${companyMessages.webhookGivenUp}`);
  await expect(calls.filter({ hasText: companyMessages.webhookGivenUp })).toHaveCount(1);
  // Only the call that gave the delivery up offers Resend, named for a screen reader by event and time.
  const resend = history.getByRole("button", {
    name: /^Resend set\.approved of \d\d\/\d\d\/\d{4}, \d\d:\d\d$/,
  });
  await expect(resend).toHaveCount(1);
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "webhook-history-given-up-390", { folder: SHOTS });
  await page.setViewportSize(DESK);
  await screenshotBoth(page, "webhook-history-given-up-1280", { folder: SHOTS });

  // The hire desk is mended; the admin sends the call again, and the same delivery arrives.
  hireDesk.state.answer = 204;
  const calledBefore = hireDesk.deliveries.length;
  await resend.click();
  await expect(history.getByRole("status")).toContainText("is being sent again, with the same delivery id.");
  await expect.poll(() => hireDesk.deliveries.length, { timeout: 20_000 }).toBeGreaterThan(calledBefore);
  expect(hireDesk.deliveries.at(-1)).toBe(delivery);

  await openCompany(page);
  await expect(
    webhook.getByText(/^Last call: set\.approved of .*: delivered \(answered 204\)\.$/),
  ).toBeVisible();
  await expect(calls.first()).toContainText("delivered (answered 204)");
  await expect(history.getByRole("button", { name: /^Resend/ })).toHaveCount(0);
  await expect(calls.filter({ hasText: "answered 500" }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "webhook-history-resent-1280", { folder: SHOTS });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotBoth(page, "webhook-history-resent-390", { folder: SHOTS });
  hireDesk.close();
});
