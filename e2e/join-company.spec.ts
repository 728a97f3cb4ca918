import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";
import { companyMessages } from "../src/domain/text/company-messages";
import { test } from "./fixtures/app-test";
import { authDialog, logIn, newDriver, registerByApi } from "./fixtures/drivers";
import { waitForMailTo } from "./fixtures/mailbox";
import { expectNoAxeViolations } from "./support/axe";

const INVITE_SUBJECT = "You have been invited to join a company on Plant Sheets";

/** A company made through the API by a new admin: its id, and the admin's signed-in request context. */
async function companyOf(request: APIRequestContext, name: string): Promise<string> {
  await registerByApi(request, newDriver());
  const made = await request.post("/api/organisations", { data: { name } });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { id: string }).id;
}

/** The address part of the invitation link mailed to `email`. */
async function invitationLinkTo(email: string): Promise<string> {
  const mail = await waitForMailTo(email, INVITE_SUBJECT);
  const link = /https?:\/\/\S+\/join\?token=[\w-]+/.exec(mail.text ?? "")?.[0];
  if (!link) throw new Error("no invitation link in the mail");
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test("a driver opens a mailed invitation, sees the company and role, and joins only on confirming", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const companyId = await companyOf(request, "Acme Plant Hire Ltd");
  const email = `dana-${randomUUID().slice(0, 8)}@northern-plant.co.uk`;
  await logIn(page, "Dana Driver", email);
  const invited = await request.post(`/api/organisations/${companyId}/invites`, {
    data: { email, role: "driver" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await invitationLinkTo(email);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Acme Plant Hire Ltd" })).toBeVisible();
  await expect(
    page.getByText("You have been invited to join Acme Plant Hire Ltd on Plant Sheets as a driver."),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  // Opening the link joins nothing.
  expect(await (await page.request.get("/api/organisations/mine")).json()).toEqual({ organisation: null });

  await page.getByRole("button", { name: "Join Acme Plant Hire Ltd" }).click();
  await expect(page.getByRole("status")).toHaveText("You have joined Acme Plant Hire Ltd as a driver.");
  const mine = (await (await page.request.get("/api/organisations/mine")).json()) as {
    organisation: { id: string; role: string };
  };
  expect(mine.organisation).toMatchObject({ id: companyId, role: "driver" });
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Operator Dashboard" })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText(companyMessages.inviteInvalid);
});

test("signed out, an invitation asks to log in first; a cut-short link says it is not valid", async ({
  page,
  request,
}) => {
  const companyId = await companyOf(request, "Rival Haulage Ltd");
  const code = await request.post(`/api/organisations/${companyId}/join-codes`, {
    data: { role: "driver" },
  });
  expect(code.status()).toBe(201);
  const url = new URL(((await code.json()) as { joinUrl: string }).joinUrl);

  await page.goto(`${url.pathname}${url.search}`);
  await expect(
    page.getByText("You have been invited to join Rival Haulage Ltd on Plant Sheets as a driver."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Join / })).toBeHidden();
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(authDialog(page).getByRole("heading", { name: "Log in" })).toBeVisible();

  await page.goto("/join?token=cut");
  await expect(page.getByRole("alert")).toHaveText(companyMessages.inviteInvalid);
});
