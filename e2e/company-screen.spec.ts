import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page } from "@playwright/test";
import { companyMessages } from "../src/domain/text/company-messages";
import { english } from "../src/domain/text/i18n/english";
import { acceptPrivacyBanner, test } from "./fixtures/app-test";
import { authDialog, logIn, newDriver, registerByApi, submitLogin } from "./fixtures/drivers";
import { signUpLinkFor, waitForMailTo } from "./fixtures/mailbox";
import { expectNoAxeViolations } from "./support/axe";
import { openCompany } from "./support/company";
import { readQrCodeOf } from "./support/qr-image";
import { screenshotBoth } from "./support/supervisor";

const INVITE_SUBJECT = "You have been invited to join a company on Plant Sheets";
/** Where the screens' pictures go, to be looked at after a run. */
const SHOTS = "/tmp/org-screens";

/** A page of its own (a phone of its own: its own cookies and storage), with the privacy banner accepted. */
async function anotherPhone(browser: Browser): Promise<Page> {
  const { baseURL, viewport } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile: true, hasTouch: true });
  await acceptPrivacyBanner(context);
  return context.newPage();
}

/** The path of a join link (the server names its own origin in it). */
function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function invitationPathTo(email: string): Promise<string> {
  const mail = await waitForMailTo(email, INVITE_SUBJECT);
  const link = /https?:\/\/\S+\/join\?token=[\w-]+/.exec(mail.text ?? "")?.[0];
  if (!link) throw new Error("no invitation link in the mail");
  return pathOf(link);
}

test("an admin sets up a company and invites a driver by email, who creates an account from the link and joins", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await logIn(page, "Alex Admin");
  await openCompany(page);
  await expect(page.getByText("You are not in a company.")).toBeVisible();
  await screenshotBoth(page, "company-none", { folder: SHOTS });

  // A clear error for no name, then the company, with its maker as admin.
  await page.getByRole("button", { name: "Create Company" }).click();
  await expect(page.getByRole("alert")).toHaveText(companyMessages.organisationNameRequired);
  await page.getByLabel("Company name").fill("Acme Plant Hire Ltd");
  await page.getByRole("button", { name: "Create Company" }).click();
  await expect(page.getByRole("status").filter({ hasText: "set up" })).toHaveText(
    companyMessages.companyCreated("Acme Plant Hire Ltd"),
  );
  await expect(page.getByRole("heading", { level: 3, name: "Acme Plant Hire Ltd" })).toBeVisible();
  await expect(page.getByText("Your role: Admin")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Members (1)" })).toBeVisible();
  await expect(page.getByText("No open invitations or join codes.")).toBeVisible();

  // One address, a clear refusal of a bad one, and who it went to.
  const email = `dana-${randomUUID().slice(0, 8)}@northern-plant.co.uk`;
  const invite = page.getByRole("region", { name: "Invite by Email" });
  await invite.getByLabel("Email address").fill("not an address");
  await invite.getByRole("button", { name: "Send Invitation" }).click();
  await expect(invite.getByRole("alert")).toBeVisible();
  await invite.getByLabel("Email address").fill(email);
  await invite.getByRole("button", { name: "Send Invitation" }).click();
  await expect(invite.getByRole("status")).toHaveText(companyMessages.inviteSent(email));
  const open = page.getByRole("region", { name: "Open Invitations" });
  await expect(open.getByText(email)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "company-admin-new", { folder: SHOTS });

  // The driver has no account yet: the link asks them to make one, and the sign-up link brings them back to it.
  const phone = await anotherPhone(browser);
  await phone.goto(await invitationPathTo(email));
  await expect(
    phone.getByText("You have been invited to join Acme Plant Hire Ltd on Plant Sheets as a driver."),
  ).toBeVisible({ timeout: 20_000 });
  await phone.getByRole("button", { name: "Create account" }).click();
  const dialog = authDialog(phone);
  await expect(dialog.getByRole("heading", { name: "Create account" })).toBeVisible();
  await dialog.getByLabel("Full Name").fill("Dana Driver");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(dialog.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await dialog.getByRole("button", { name: "OK" }).click();

  await phone.goto(pathOf(await signUpLinkFor(email)));
  await phone.getByLabel("Password", { exact: true }).fill("gravel-pit-42");
  await phone.getByRole("button", { name: "Create Account" }).click();
  await expect(phone).toHaveURL(/\/join\?token=/);
  await phone.getByRole("button", { name: "Join Acme Plant Hire Ltd" }).click();
  await expect(phone.getByRole("status")).toHaveText("You have joined Acme Plant Hire Ltd as a driver.");
  await phone.getByRole("link", { name: "See Your Company" }).click();
  await expect(phone.getByRole("heading", { level: 3, name: "Acme Plant Hire Ltd" })).toBeVisible();
  await expect(phone.getByText("Your role: Driver")).toBeVisible();
  // A driver sees the company and their role, nothing of its members or invitations.
  await expect(phone.getByRole("heading", { name: /^Members/ })).toBeHidden();
  await expect(phone.getByRole("heading", { name: "Open Invitations" })).toBeHidden();
  await expectNoAxeViolations(phone);
  await screenshotBoth(phone, "company-driver", { folder: SHOTS });

  // The admin sees Dana among the members, and the used invitation gone from the open ones.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Members (2)" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Dana Driver", { exact: true })).toBeVisible();
  await expect(page.getByText("No open invitations or join codes.")).toBeVisible();
  await phone.context().close();
});

test("a join code shown as a QR code lets two drivers in; the admin changes a role, removes a member and revokes the code", async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  await logIn(page, "Alex Admin");
  const made = await page.request.post("/api/organisations", { data: { name: "Rival Haulage Ltd" } });
  expect(made.status(), await made.text()).toBe(201);
  await openCompany(page);

  // The code, full screen: what a camera reads from the screen is the link written under it.
  await page.getByRole("button", { name: "Create Join Code" }).click();
  const screen = page.getByRole("dialog", { name: "Scan to join Rival Haulage Ltd" });
  await expect(screen).toBeVisible();
  const qr = screen.getByRole("img", { name: "QR code to join Rival Haulage Ltd as a driver" });
  await expect(qr).toBeVisible();
  const link = (await screen.getByText(/\/join\?token=/).textContent())?.trim() ?? "";
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/join\?token=[\w-]{40,}$/);
  expect(await readQrCodeOf(qr)).toEqual([link]);
  await screenshotBoth(page, "company-join-code", { folder: SHOTS, fullPage: false });
  // On an office screen too, where it is shown to a room.
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshotBoth(page, "company-join-code-1280", { folder: SHOTS, fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await screen.getByRole("button", { name: "Done" }).click();
  await expect(screen).toBeHidden();

  // Erin has an account and is signed out: she logs in from the code's page and comes back to it to join.
  const erin = newDriver();
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await registerByApi(api, erin);
  await api.dispose();
  const erinPhone = await anotherPhone(browser);
  await erinPhone.goto(pathOf(link));
  await erinPhone.getByRole("button", { name: "Log In" }).click({ timeout: 20_000 });
  await submitLogin(erinPhone, erin.email, erin.password);
  await expect(erinPhone).toHaveURL(/\/join\?token=/);
  await erinPhone.getByRole("button", { name: "Join Rival Haulage Ltd" }).click();
  await expect(erinPhone.getByRole("status")).toHaveText("You have joined Rival Haulage Ltd as a driver.");

  // Finn is signed in already, and joins by the same code.
  const finnPhone = await anotherPhone(browser);
  await logIn(finnPhone, "Finn Fitter");
  await finnPhone.goto(pathOf(link));
  await finnPhone.getByRole("button", { name: "Join Rival Haulage Ltd" }).click({ timeout: 20_000 });
  await expect(finnPhone.getByRole("status")).toHaveText("You have joined Rival Haulage Ltd as a driver.");

  await page.reload();
  await expect(page.getByRole("heading", { name: "Members (3)" })).toBeVisible({ timeout: 20_000 });
  const open = page.getByRole("region", { name: "Open Invitations" });
  await expect(open.getByText(/Driver · 2 joined/)).toBeVisible();

  // Erin becomes a supervisor, after a question that says what that means.
  await page.getByRole("combobox", { name: `Role of ${erin.fullName}` }).click();
  await page.getByRole("option", { name: "Supervisor" }).click();
  const askRole = page.getByRole("alertdialog", { name: `Make ${erin.fullName} a supervisor?` });
  await expect(askRole).toContainText(companyMessages.roleChangeConfirm(erin.fullName, "supervisor"));
  await askRole.getByRole("button", { name: "Change Role" }).click();
  const members = page.getByRole("region", { name: /^Members/ });
  await expect(members.getByRole("status")).toHaveText(
    companyMessages.roleChanged(erin.fullName, "supervisor"),
  );
  await expect(page.getByRole("combobox", { name: `Role of ${erin.fullName}` })).toHaveText("Supervisor");

  // Finn is removed; the question says his forms stay with the company.
  await page.getByRole("button", { name: "Remove Finn Fitter" }).click();
  const askRemove = page.getByRole("alertdialog", { name: "Remove Finn Fitter?" });
  await expect(askRemove).toContainText(
    companyMessages.removeMemberConfirm("Finn Fitter", "Rival Haulage Ltd"),
  );
  await askRemove.getByRole("button", { name: "Remove Member" }).click();
  await expect(members.getByRole("status")).toHaveText(companyMessages.memberRemoved("Finn Fitter"));
  await expect(page.getByRole("heading", { name: "Members (2)" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "company-admin-members", { folder: SHOTS });
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshotBoth(page, "company-admin-members-1280", { folder: SHOTS });
  await page.setViewportSize({ width: 390, height: 844 });

  // The code is revoked: it leaves the list, and the next driver to scan it is told it no longer works.
  await open.getByRole("button", { name: /^Revoke the driver join code of / }).click();
  const askRevoke = page.getByRole("alertdialog", { name: "Revoke Join Code?" });
  await expect(askRevoke).toContainText("The 2 people who joined by it stay members.");
  await askRevoke.getByRole("button", { name: "Revoke" }).click();
  await expect(open.getByRole("status")).toContainText("nobody can join with it any more");
  await expect(open.getByText("No open invitations or join codes.")).toBeVisible();
  const late = await anotherPhone(browser);
  await logIn(late, "Gus Groundworker");
  await late.goto(pathOf(link));
  await expect(late.getByRole("alert")).toHaveText(companyMessages.inviteInvalid, { timeout: 20_000 });

  // Erin, now a supervisor, sees the members but cannot manage them, and leaves after being asked.
  await openCompany(erinPhone);
  await expect(erinPhone.getByText("Your role: Supervisor")).toBeVisible();
  await expect(erinPhone.getByRole("heading", { name: "Members (2)" })).toBeVisible();
  await expect(erinPhone.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await expect(erinPhone.getByRole("heading", { name: "Invite by Email" })).toBeHidden();
  await expectNoAxeViolations(erinPhone);
  await screenshotBoth(erinPhone, "company-supervisor", { folder: SHOTS });
  await erinPhone.getByRole("button", { name: "Leave Company" }).click();
  const askLeave = erinPhone.getByRole("alertdialog", { name: "Leave Rival Haulage Ltd?" });
  await expect(askLeave).toContainText(companyMessages.leaveConfirm("Rival Haulage Ltd"));
  await askLeave.getByRole("button", { name: "Leave Company" }).click();
  await expect(erinPhone.getByRole("status")).toHaveText(companyMessages.leftCompany("Rival Haulage Ltd"));
  await expect(erinPhone.getByRole("button", { name: "Create Company" })).toBeVisible();

  // The last admin cannot leave: the refusal says what to do.
  await page.getByRole("button", { name: "Leave Company" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Leave Company" }).click();
  await expect(page.getByRole("alert")).toHaveText(english("apiError.lastAdminLeaving"));

  for (const phone of [erinPhone, finnPhone, late]) await phone.context().close();
});
