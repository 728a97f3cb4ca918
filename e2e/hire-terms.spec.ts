import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures/app-test";
import { authDialog, expectSignedIn, newDriver } from "./fixtures/drivers";
import { signUpLinkFor } from "./fixtures/mailbox";
import { companyDriverPhone, openCompany } from "./support/company";
import { scrollsSideways } from "./support/english-on-screen";
import { screenshotBoth } from "./support/supervisor";

const SHOTS = "test-results/hire-terms";
const MINIMUM_PROBLEM = "Enter the hours from 0 to 24, in quarter hours (such as 7.5).";

/** The company's terms as its members read them from the server: what was kept. */
async function keptTerms(page: Page) {
  const mine = (await (await page.request.get("/api/organisations/mine")).json()) as {
    organisation: { hireTerms: { minimumHours: Record<string, number>; overtimeAfter: number | null } };
  };
  return mine.organisation.hireTerms;
}

test("an admin sets the company's hire terms on the Company screen, kept after a reload; a wrong minimum is named and nothing is saved", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 800 });

  // An account made as anyone makes one: Create Account, then the emailed link and a password.
  const admin = newDriver();
  await page.goto("/");
  await page.getByRole("button", { name: "Create Account" }).click();
  const dialog = authDialog(page);
  await dialog.getByLabel("Full Name").fill(admin.fullName);
  await dialog.getByLabel("Email").fill(admin.email);
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(dialog.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await dialog.getByRole("button", { name: "OK" }).click();
  await page.goto(await signUpLinkFor(admin.email));
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectSignedIn(page, admin);

  // And a company, from the Company screen.
  await openCompany(page);
  await page.getByLabel("Company name").fill("Terms Plant Hire Ltd");
  await page.getByRole("button", { name: "Create Company" }).click();
  await expect(page.getByRole("heading", { level: 3, name: "Terms Plant Hire Ltd" })).toBeVisible();

  // The defaults until the admin sets others: Monday first, each day by its name.
  const terms = page.getByRole("region", { name: "Hire Terms" });
  await expect(terms.getByRole("spinbutton")).toHaveCount(9);
  const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
  const minimums = terms
    .getByRole("group", { name: "Minimum hours charged a day on hire" })
    .getByRole("spinbutton");
  await expect(minimums).toHaveCount(7);
  for (const [index, day] of days.entries()) {
    await expect(minimums.nth(index)).toHaveAccessibleName(day);
  }
  const day = (name: string) => terms.getByRole("spinbutton", { name, exact: true });
  const overtime = terms.getByRole("spinbutton", { name: "Overtime after (hours per weekday)" });
  await expect(day("Friday")).toHaveValue("7");
  await expect(day("Monday")).toHaveValue("8");
  await expect(overtime).toHaveValue("");
  await expect(overtime).toHaveAccessibleDescription("Leave empty for no overtime.");
  const tolerance = terms.getByRole("spinbutton", { name: "Hour meter tolerance (hours)" });
  await expect(tolerance).toHaveValue("2");
  await expect(terms.getByRole("checkbox", { name: "Standing time is charged" })).toBeChecked();
  await expect(terms.getByRole("checkbox", { name: "Travel is charged" })).not.toBeChecked();
  await expect(terms.getByRole("checkbox", { name: "Weekend hours as their own category" })).toBeChecked();
  const save = terms.getByRole("button", { name: "Save Hire Terms" });
  // Large tap targets, for a thumb on a site: a switch is tapped anywhere on its line.
  for (const target of [
    day("Friday"),
    overtime,
    save,
    terms.locator("label").filter({ hasText: "Travel is charged" }),
  ]) {
    expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  }
  await terms.scrollIntoViewIfNeeded();
  expect(await scrollsSideways(page)).toBeLessThanOrEqual(0);

  // Friday's minimum down to 6, and overtime after 9 hours: saved, and kept after a reload.
  await day("Friday").fill("6");
  await overtime.fill("9");
  await tolerance.fill("3");
  await save.click();
  await expect(terms.getByRole("status")).toHaveText(
    "Saved: every member of the company now sees these hire terms.",
  );
  await screenshotBoth(page, "admin-saved-360", { folder: SHOTS });
  await page.reload();
  await expect(day("Friday")).toHaveValue("6");
  await expect(overtime).toHaveValue("9");
  await expect(tolerance).toHaveValue("3");
  await expect(day("Thursday")).toHaveValue("8");

  // A negative minimum is named at its day before anything is sent; what was kept stays as it was.
  await day("Monday").fill("-2");
  await save.click();
  await expect(terms.getByRole("alert")).toHaveText(`Monday: ${MINIMUM_PROBLEM}`);
  await expect(day("Monday")).toHaveAttribute("aria-invalid", "true");
  await expect(day("Monday")).toBeFocused();
  await expect(day("Monday")).toHaveValue("-2");
  await screenshotBoth(page, "admin-refused-360", { folder: SHOTS });
  expect((await keptTerms(page)).minimumHours.monday).toBe(8);
  await page.reload();
  await expect(day("Monday")).toHaveValue("8");
  await expect(day("Friday")).toHaveValue("6");

  // A refusal by the server names the day too, and keeps what was typed for another try.
  await page.route("**/api/organisations/*/hire-terms", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        code: "validation_failed",
        message: `minimumHours.tuesday: ${MINIMUM_PROBLEM}`,
        key: "apiError.fieldInvalid",
        params: { field: "minimumHours.tuesday", problem: MINIMUM_PROBLEM },
      }),
    }),
  );
  await day("Tuesday").fill("7.5");
  await save.click();
  await expect(terms.getByRole("alert")).toHaveText(
    `The hire terms were not saved: Tuesday: ${MINIMUM_PROBLEM}`,
  );
  await expect(day("Tuesday")).toHaveValue("7.5");
  await expect(day("Friday")).toHaveValue("6");
  await page.unroute("**/api/organisations/*/hire-terms");
  expect((await keptTerms(page)).minimumHours.tuesday).toBe(8);

  // A driver of the company reads the terms, and cannot change them.
  const mine = (await (await page.request.get("/api/organisations/mine")).json()) as {
    organisation: { id: string };
  };
  const driver = await companyDriverPhone(browser, mine.organisation.id, page);
  await driver.setViewportSize({ width: 360, height: 800 });
  await openCompany(driver);
  const summary = driver.getByRole("region", { name: "Hire Terms" });
  // In the words the timesheet's signature step and PDF state them in.
  await expect(summary.getByRole("listitem")).toHaveText([
    "Minimum hours a day: Monday 8 h, Tuesday 8 h, Wednesday 8 h, Thursday 8 h, Friday 6 h, Saturday 0 h, Sunday 0 h",
    "Standing time charged",
    "Travel not charged",
    "Overtime after 9 h a weekday",
    "Weekend hours charged as weekend",
  ]);
  await expect(summary.getByText("Only the company's admins can change them.")).toBeVisible();
  await expect(summary.getByRole("spinbutton")).toHaveCount(0);
  await expect(summary.getByRole("button")).toHaveCount(0);
  await summary.scrollIntoViewIfNeeded();
  expect(await scrollsSideways(driver)).toBeLessThanOrEqual(0);
  await screenshotBoth(driver, "driver-360", { folder: SHOTS });
});
