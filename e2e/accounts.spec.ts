import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { STORAGE_KEYS } from "../src/domain/forms/constants";
import { messages } from "../src/domain/text/messages";
import { test } from "./fixtures/app-test";
import {
  authDialog,
  expectSignedIn,
  expectSignedOut,
  logIn,
  loginFromHeader,
  newDriver,
  registerByApi,
  submitLogin,
} from "./fixtures/drivers";
import { signUpLinkFor, waitForMailTo } from "./fixtures/mailbox";
import { passServerTime } from "./fixtures/server-clock";
import { expectNoAxeViolations } from "./support/axe";
import { screenshotBoth } from "./support/supervisor";

test("a new driver creates an account, chooses the password on the emailed link's page, logs out and back in", async ({
  page,
}) => {
  // Longer than the default: the sign-up now waits for its mail to be delivered and read.
  test.setTimeout(60_000);
  const driver = newDriver();
  await page.goto("/");
  await expectSignedOut(page);

  const banner = page.getByRole("heading", { name: "Why Create an Account?" });
  await expect(banner).toBeVisible();
  await page.getByRole("button", { name: "Create Account" }).click();

  // Create Account asks for the name and address only.
  const dialog = authDialog(page);
  await expect(dialog.getByRole("heading", { name: "Create account" })).toBeVisible();
  await expect(dialog.getByLabel("Password", { exact: true })).toHaveCount(0);
  await dialog.getByLabel("Full Name").fill(driver.fullName);
  await dialog.getByLabel("Email").fill(driver.email);
  await dialog.getByRole("button", { name: "Create Account" }).click();

  // Nothing is made yet: the dialog says to check the email, whose link makes the account.
  await expect(dialog.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(messages.registrationCheckEmail(driver.email));
  await expect(dialog.getByRole("status")).toHaveText(messages.registrationMailSent);
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();
  await expectSignedOut(page);

  // Opening the link makes nothing: its page names the account and asks for the password.
  const link = await signUpLinkFor(driver.email);
  await page.goto(link);
  await expect(page.getByText(messages.confirmAccountFor(driver.fullName, driver.email))).toBeVisible();
  await expect(page.getByText(messages.confirmAccountNotYours)).toBeVisible();
  expect((await page.request.get("/api/drivers/me")).status()).toBe(401);
  await expectNoAxeViolations(page);
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toHaveAccessibleDescription(messages.registerPasswordRule);
  await password.fill("12345");
  const toggle = page.getByRole("button", { name: "Show Password" });
  await toggle.click();
  await expect(password).toHaveAttribute("type", "text");
  await toggle.click();
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("alert")).toHaveText(messages.registerPasswordTooShort);
  expect((await page.request.get("/api/drivers/me")).status()).toBe(401);
  await screenshotBoth(page, "confirm-account", { folder: "/tmp/account-hardening" });
  await password.fill(driver.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectSignedIn(page, driver);
  await expect(page.getByText(`Welcome, ${driver.fullName}.`)).toBeVisible();
  await expect(banner).toBeHidden();

  // The session survives a reload while it is younger than 30 minutes.
  await page.reload();
  await expectSignedIn(page, driver);

  // Logout asks first; Cancel changes nothing.
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Log out?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expectSignedIn(page, driver);

  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await confirm.getByRole("button", { name: "Logout" }).click();
  await expectSignedOut(page);
  await expect(page).toHaveURL(/[?&]tab=timesheet/);
  await expect(page.getByRole("tab", { name: "Timesheet" })).toHaveAttribute("aria-selected", "true");
  expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.session)).toBeNull();
  // The server's session ended too, not just this device's.
  expect((await page.request.get("/api/drivers/me")).status()).toBe(401);

  await loginFromHeader(page, driver);
  expect((await page.request.get("/api/drivers/me")).status()).toBe(200);

  // The sign-up link works once.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText(messages.registrationLinkInvalid);
});

test("a wrong password, or an unknown email, gets the spec's login failure and hint", async ({
  page,
  request,
}) => {
  const driver = newDriver();
  await registerByApi(request, driver);
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login (Optional)" }).click();

  await submitLogin(page, driver.email, `${driver.password}-wrong`);
  const alert = authDialog(page).getByRole("alert");
  await expect(alert).toContainText("Login failed: Invalid email or password.");
  await expect(alert).toContainText(messages.loginFailedHint);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.session)).toBeNull();

  // The same answer for an address with no account: the reply never says which accounts exist.
  await submitLogin(page, newDriver().email, driver.password);
  await expect(alert).toContainText("Login failed: Invalid email or password.");

  await submitLogin(page, driver.email, driver.password);
  await expectSignedIn(page, driver);
});

test("the dialog checks its fields with the spec's messages and has its extra buttons", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login (Optional)" }).click();
  const dialog = authDialog(page);
  await expect(dialog).toHaveAccessibleDescription(/Log in to save drafts/);

  await dialog.getByLabel("Email").fill("sam@plant-hire.co.uk");
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText(messages.loginFieldsRequired);

  // Show/hide is a labelled toggle button.
  const password = dialog.getByLabel("Password", { exact: true });
  const toggle = dialog.getByRole("button", { name: "Show Password" });
  await password.fill("secret-1");
  await expect(password).toHaveAttribute("type", "password");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");

  await dialog.getByRole("button", { name: "Clear Form" }).click();
  await expect(dialog.getByLabel("Email")).toHaveValue("");
  await expect(password).toHaveValue("");
  await expect(dialog.getByRole("alert")).toBeHidden();

  // The mode toggle keeps what was typed; Full Name appears only when creating an account.
  await expect(dialog.getByLabel("Full Name")).toBeHidden();
  await dialog.getByLabel("Email").fill("sam@plant-hire.co.uk");
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog.getByRole("heading", { name: "Create account" })).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveValue("sam@plant-hire.co.uk");
  await expect(dialog.getByLabel("Password", { exact: true })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(messages.registerFieldsRequired);
  await dialog.getByLabel("Full Name").fill("Sam Driver");
  await dialog.getByLabel("Email").fill("not an address");
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please enter a valid email address.");

  // Forgot Password opens Reset Password with the address carried over.
  await dialog.getByRole("button", { name: "Log in" }).click();
  await dialog.getByLabel("Email").fill("sam@plant-hire.co.uk");
  await dialog.getByRole("button", { name: "Forgot Password" }).click();
  await expect(dialog.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveValue("sam@plant-hire.co.uk");
  await dialog.getByLabel("Email").fill(" ");
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(messages.resetEmailRequired);
  await dialog.getByRole("button", { name: "Back to Login" }).click();
  await expect(dialog.getByRole("heading", { name: "Log in" })).toBeVisible();

  await dialog.getByRole("button", { name: "Use App Without Account" }).click();
  await expect(dialog).toBeHidden();
  await expectSignedOut(page);
});

test("no reply from the server gives the connection variants of the failure messages", async ({ page }) => {
  await page.route("**/api/drivers/{login,register}", (route) => route.abort("internetdisconnected"));
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login (Optional)" }).click();
  await submitLogin(page, "sam@plant-hire.co.uk", "secret-1");
  const dialog = authDialog(page);
  await expect(dialog.getByRole("alert")).toHaveText(messages.loginNetworkFailed);

  await dialog.getByRole("button", { name: "Create account" }).click();
  await dialog.getByLabel("Full Name").fill("Sam Driver");
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(messages.accountCreationNetworkFailed);
});

test("registering an address that already has an account answers as for a new one and mails its owner", async ({
  page,
  request,
}) => {
  const driver = newDriver();
  await registerByApi(request, driver);
  await page.goto("/");
  await page.getByRole("button", { name: "Create Account" }).click();
  const dialog = authDialog(page);
  await dialog.getByLabel("Full Name").fill("Someone Else");
  await dialog.getByLabel("Email").fill(driver.email.toUpperCase());
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(dialog.getByRole("status")).toHaveText(messages.registrationMailSent);

  const mail = await waitForMailTo(
    driver.email,
    "Someone tried to create a Plant Sheets account with your address",
  );
  expect(mail.text).toContain("log in with your password, or use Forgot Password");
  expect(mail.text).not.toContain("token=");
  // The account is as it was: its own password still logs in.
  expect(
    (
      await request.post("/api/drivers/login", { data: { email: driver.email, password: driver.password } })
    ).status(),
  ).toBe(200);
});

test("a sign-up link without its token says so and offers a way on", async ({ page }) => {
  await page.goto("/confirm-account");
  await expect(page.getByRole("alert")).toContainText(messages.registrationLinkInvalid);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(authDialog(page).getByRole("heading", { name: "Create account" })).toBeVisible();
});

test("the Account tab shows the account and changes its password", async ({ page, request }) => {
  const driver = newDriver();
  const newPassword = `${driver.password}-new`;
  await registerByApi(request, driver);
  await page.goto("/");
  await loginFromHeader(page, driver);

  await page.getByRole("button", { name: "More Options" }).click();
  await page.getByRole("menuitemradio", { name: "Account" }).click();
  await expect(page).toHaveURL(/[?&]tab=account/);
  const account = page.getByRole("region", { name: "Account" });
  await expect(account.getByText(driver.fullName)).toBeVisible();
  await expect(account.getByText(driver.email)).toBeVisible();
  await expect(account.getByText("Active", { exact: true })).toBeVisible();

  await account.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  const send = dialog.getByRole("button", { name: "Change Password" });
  await dialog.getByLabel("Current Password", { exact: true }).fill(driver.password);
  await send.click();
  await expect(dialog.getByRole("alert")).toHaveText(messages.passwordFieldsRequired);
  await dialog.getByLabel("New Password", { exact: true }).fill("abcdef");
  await dialog.getByLabel("Confirm New Password", { exact: true }).fill("abcdeg");
  await send.click();
  await expect(dialog.getByRole("alert")).toHaveText(messages.passwordMismatch);
  await dialog.getByLabel("New Password", { exact: true }).fill("abc");
  await dialog.getByLabel("Confirm New Password", { exact: true }).fill("abc");
  await send.click();
  await expect(dialog.getByRole("alert")).toHaveText(messages.passwordTooShort);

  await dialog.getByLabel("Current Password", { exact: true }).fill("not-the-password");
  await dialog.getByLabel("New Password", { exact: true }).fill(newPassword);
  await dialog.getByLabel("Confirm New Password", { exact: true }).fill(newPassword);
  await send.click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Password change failed: Current password is incorrect.",
  );

  await dialog.getByLabel("Current Password", { exact: true }).fill(driver.password);
  await send.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: messages.passwordChanged })).toBeVisible();

  // Back to Dashboard, then Sign Out from the Account tab (it asks too).
  await account.getByRole("button", { name: "Back to Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Operator Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "More Options" }).click();
  await page.getByRole("menuitemradio", { name: "Account" }).click();
  await account.getByRole("button", { name: "Sign Out" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Logout" }).click();
  await expectSignedOut(page);

  await page.getByRole("banner").getByRole("button", { name: "Login (Optional)" }).click();
  await submitLogin(page, driver.email, driver.password);
  await expect(authDialog(page).getByRole("alert")).toContainText("Login failed:");
  await submitLogin(page, driver.email, newPassword);
  await expectSignedIn(page, driver);
});

test("a forgotten password is reset through the emailed link", async ({ page, request }) => {
  const driver = newDriver();
  const newPassword = `Reset-${driver.password}`;
  await registerByApi(request, driver);

  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login (Optional)" }).click();
  const dialog = authDialog(page);
  await dialog.getByRole("button", { name: "Forgot Password" }).click();
  await dialog.getByLabel("Email").fill(driver.email);
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: messages.passwordResetSent })).toBeVisible();

  const mail = await waitForMailTo(driver.email, "Reset your Plant Sheets password");
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? "")?.[0];
  expect(link, mail.text).toBeDefined();

  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
  const setPassword = page.getByRole("button", { name: "Set New Password" });
  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm New Password", { exact: true }).fill(`${newPassword}x`);
  await setPassword.click();
  await expect(page.getByRole("alert")).toHaveText(messages.passwordMismatch);
  await page.getByLabel("Confirm New Password", { exact: true }).fill(newPassword);
  await setPassword.click();
  await expect(page.getByRole("status").filter({ hasText: messages.passwordResetDone })).toBeVisible();

  await page.getByRole("button", { name: "Log In" }).click();
  await submitLogin(page, driver.email, newPassword);
  await expectSignedIn(page, driver);

  // The link works once.
  await page.goto(link!);
  await page.getByLabel("New Password", { exact: true }).fill("another-one");
  await page.getByLabel("Confirm New Password", { exact: true }).fill("another-one");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByRole("alert")).toHaveText(messages.passwordResetFailed(messages.resetLinkInvalid));
});

test("a reset link without its token says so and offers a new one", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page.getByRole("alert")).toHaveText(messages.resetLinkInvalid);
  await page.getByRole("button", { name: "Request a New Link" }).click();
  await expect(authDialog(page).getByRole("heading", { name: "Reset Password" })).toBeVisible();
});

test("the session ends after 30 minutes without losing the screen", async ({ page, request }) => {
  const driver = newDriver();
  await registerByApi(request, driver);
  await page.clock.install();
  await page.goto("/");
  await loginFromHeader(page, driver);
  await page.getByRole("button", { name: "More Options" }).click();
  await page.getByRole("menuitemradio", { name: "Driver History" }).click();
  await expect(page.getByRole("heading", { name: "Driver History" })).toBeVisible();

  // Time passes for the server too. Nobody touches the page: at 29 minutes still signed in, and by 32 not.
  await passServerTime(page, driver.email, 29 * 60_000);
  await page.clock.fastForward("29:00");
  await expect(page.getByRole("banner").getByText("Session active (30 min)")).toBeVisible();
  await passServerTime(page, driver.email, 3 * 60_000);
  await page.clock.fastForward("03:00");
  const dialog = page.getByRole("dialog", { name: messages.sessionExpired.title });
  await expect(dialog).toHaveAccessibleDescription(messages.sessionExpired.description);
  // The driver stays where they were, with the tab behind the dialog as it was.
  await expect(page).toHaveURL(/[?&]tab=history/);
  await dialog.getByLabel("Email").fill(driver.email);
  await dialog.getByLabel("Password", { exact: true }).fill(driver.password);
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/[?&]tab=history/);
  await expect(page.getByRole("heading", { name: "Driver History" })).toBeVisible();
  await expect(page.getByRole("banner").getByText("Session active (30 min)")).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.session)).not.toBeNull();
});

test("a tap on Logout while its question is still loading opens the question once it arrives", async ({
  page,
}) => {
  const driver = {
    fullName: "Lou Logout",
    email: `lou-${randomUUID()}@northern-plant.co.uk`,
    password: "gravel-pit-42",
  };
  await logIn(page, driver.fullName, driver.email);
  // Hold the question's code back, as a slow site link would, until the driver has tapped.
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  let heldRequests = 0;
  await page.route(/\/assets\/logout-dialog-[^/]+\.js$/, async (route) => {
    heldRequests += 1;
    await held;
    await route.continue();
  });
  await page.goto("/home");
  await expect(page.getByRole("banner").getByText(driver.fullName)).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  release();
  const question = page.getByRole("alertdialog", { name: "Log out?" });
  await expect(question).toBeVisible();
  expect(heldRequests).toBe(1);

  // The kept tap belonged to that session: logging in again does not ask again by itself.
  await question.getByRole("button", { name: "Logout" }).click();
  await expectSignedOut(page);
  await loginFromHeader(page, driver);
  await expect(question).toBeHidden();
});

test("a stored session whose server session is gone asks to log in again on load", async ({ page }) => {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    STORAGE_KEYS.session,
    JSON.stringify({
      accountId: "an-account-that-is-gone",
      driverName: "Ghost Driver",
      loginTime: Date.now(),
    }),
  ] as const);
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: messages.sessionExpired.title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Log out" }).click();
  await expectSignedOut(page);
});

for (const [tab, heading] of [
  ["history", "your Driver History"],
  ["supervisor", "the Supervisor area"],
  ["account", "your Account"],
] as const) {
  test(`?tab=${tab} asks a logged-out visitor to log in`, async ({ page }) => {
    await page.goto(`/?tab=${tab}`);
    await expect(page.getByRole("heading", { name: "Login Required" })).toBeVisible();
    await expect(page.getByText(`Log in with your account to use ${heading}.`)).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Log in", exact: true }).click();
    await expect(authDialog(page).getByRole("heading", { name: "Log in" })).toBeVisible();
  });
}

test("logged in, the Driver History and Supervisor tabs show their empty states", async ({
  page,
  request,
}) => {
  const driver = newDriver();
  await registerByApi(request, driver);
  await page.goto("/");
  await loginFromHeader(page, driver);

  await page.getByRole("button", { name: "More Options" }).click();
  await page.getByRole("menuitemradio", { name: "Driver History" }).click();
  await expect(page).toHaveURL(/[?&]tab=history/);
  await page.getByRole("button", { name: "Create Your First Sheet" }).click();
  await expect(page).toHaveURL(/[?&]tab=forms/);

  await page.getByRole("button", { name: "More Options" }).click();
  await page.getByRole("menuitemradio", { name: "Supervisor" }).click();
  await expect(page.getByRole("heading", { name: "No Draft Sheets" })).toBeVisible();
  // Nothing to clear; View All Sheets still shows filed-away sets once there are any.
  await expect(page.getByRole("button", { name: "View All Sheets" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(page.getByRole("button", { name: "Clear All Drafts" })).toBeDisabled();

  // The dashboard's start cards lead to customer selection.
  await page.getByRole("button", { name: "More Options" }).click();
  await page.getByRole("menuitemradio", { name: "Operator Dashboard" }).click();
  await page
    .getByRole("region", { name: "Operator Dashboard" })
    .getByRole("button", { name: "Start Check Sheet" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Select Customer" })).toBeVisible();
});
