import { type Browser, expect, type Page } from "@playwright/test";
import { WORKSHOP_LINK_SUBJECT } from "../../src/server/mail/organisation-mails";
import { acceptPrivacyBanner, test } from "../fixtures/app-test";
import { logIn } from "../fixtures/drivers";
import { waitForMailTo } from "../fixtures/mailbox";

/** The Company screen, reached as a driver reaches it: More Options, then Company. */
export async function openCompany(page: Page): Promise<void> {
  await page.goto("/home");
  // The first visit of a run loads the app cold, on a machine shared with other builds: allow it time.
  await page.getByRole("button", { name: "More Options" }).click({ timeout: 20_000 });
  await page.getByRole("menuitemradio", { name: "Company" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Company" })).toBeVisible();
}

/** A phone of its own (its own cookies and storage), the privacy banner accepted. */
export async function phone(browser: Browser): Promise<Page> {
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  await acceptPrivacyBanner(context);
  return context.newPage();
}

/**
 * A driver of the company on a phone of their own: signed in, joined by a join code the admin on `admin` makes
 * (through the API: for tests about what comes after joining).
 */
export async function companyDriverPhone(browser: Browser, companyId: string, admin: Page): Promise<Page> {
  const driver = await phone(browser);
  await logIn(driver, "Dana Driver");
  const code = await admin.request.post(`/api/organisations/${companyId}/join-codes`, {
    data: { role: "driver" },
  });
  const token = new URL(((await code.json()) as { joinUrl: string }).joinUrl).searchParams.get("token");
  const joined = await driver.request.post("/api/invites/accept", { data: { token } });
  expect(joined.status(), await joined.text()).toBe(200);
  return driver;
}

/** The path of the newest workshop confirmation link mailed to `address`, waiting while the outbox sends it. */
export async function workshopLinkPathTo(address: string): Promise<string> {
  const mail = await waitForMailTo(address, WORKSHOP_LINK_SUBJECT);
  const link = /https?:\/\/\S+\/confirm-workshop\?token=[\w-]+/.exec(mail.text ?? "")?.[0];
  if (!link) throw new Error(`no confirmation link in the mail to ${address}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * Someone at the workshop address confirms it as they would: the mailed link opened in a browser of their own (no
 * account), then Confirm. Answers that browser's page, on the confirmation.
 */
export async function confirmWorkshopByMail(browser: Browser, address: string): Promise<Page> {
  const page = await phone(browser);
  await page.goto(await workshopLinkPathTo(address));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toContainText(`now go to ${address}`);
  return page;
}
