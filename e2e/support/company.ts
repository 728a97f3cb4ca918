import { type Browser, expect, type Page } from "@playwright/test";
import { companyMessages } from "../../src/domain/text/company-messages";
import { WORKSHOP_LINK_SUBJECT } from "../../src/server/mail/organisation-mails";
import { acceptPrivacyBanner, test } from "../fixtures/app-test";
import { logIn } from "../fixtures/drivers";
import { waitForMailTo } from "../fixtures/mailbox";
import { readQrCodeOf } from "./qr-image";

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

/** The signed-in account makes a company from the Company screen, as its admin. */
export async function createCompany(page: Page, name: string): Promise<void> {
  await openCompany(page);
  await page.getByLabel("Company name").fill(name);
  await page.getByRole("button", { name: "Create Company" }).click();
  await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
}

/** The admin makes a join code for drivers on the Company screen and reads its link from the QR code shown. */
export async function driverJoinLink(page: Page, companyName: string): Promise<string> {
  const join = page.getByRole("region", { name: "Join Code for a Site Induction" });
  await join.getByRole("button", { name: "Create Join Code" }).click();
  const [link] = await readQrCodeOf(
    page.getByRole("img", { name: `QR code to join ${companyName} as a driver` }),
  );
  await page.getByRole("button", { name: "Done" }).click();
  if (!link) throw new Error("the join code's QR code holds no link");
  return link;
}

/** A signed-in driver opens a join link, as the phone's camera would, and joins. */
export async function joinByLink(driver: Page, link: string, companyName: string): Promise<void> {
  const url = new URL(link);
  await driver.goto(`${url.pathname}${url.search}`);
  await driver.getByRole("button", { name: `Join ${companyName}` }).click({ timeout: 20_000 });
  await expect(driver.getByRole("status")).toHaveText(`You have joined ${companyName} as a driver.`);
}

/** The admin saves the workshop's address on the Company screen, and someone there confirms it by the mailed link. */
export async function setConfirmedWorkshop(page: Page, browser: Browser, address: string): Promise<void> {
  const fleet = page.getByRole("region", { name: "Fleet and Defects" });
  await fleet.getByRole("textbox", { name: "Workshop email for defect alerts" }).fill(address);
  await fleet.getByRole("button", { name: "Save Workshop Email" }).click();
  await expect(fleet.getByRole("status")).toHaveText(
    companyMessages.workshopSaved({ email: address, confirmedAt: null, linkSentAt: null }),
  );
  await (await confirmWorkshopByMail(browser, address)).context().close();
}
