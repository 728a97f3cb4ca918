import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { expectNoAxeViolations } from "./support/axe";
import { openCompany } from "./support/company";
import { screenshotBoth } from "./support/supervisor";

/** Where the screens' pictures go, to be looked at after a run. */
const SHOTS = "/tmp/company-desk";

/** The Company screen's sections an admin sees, by their headings. */
const SECTIONS = [
  "Members (1)",
  "Fleet and Defects",
  "Customers",
  "Export Approved Weeks",
  "Webhook for Payroll and Hire Desk",
  "Invite by Email",
  "Join Code for a Site Induction",
  "Open Invitations",
];

/** How tall the whole page is, in CSS pixels. */
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/** The start (left) edge of each section, rounded to a pixel. */
async function sectionStarts(page: Page): Promise<number[]> {
  const starts: number[] = [];
  for (const name of SECTIONS) {
    const box = await page.getByRole("region", { name, exact: true }).boundingBox();
    if (!box) throw new Error(`no section ${name}`);
    starts.push(Math.round(box.x));
  }
  return starts;
}

test("at a desk the Company screen lays its sections side by side, far less tall than a phone's column", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, "Alex Admin");
  // The first visit of a run builds its caches on a machine shared with other builds: let it take its time.
  await page.goto("/home");
  await expect(page.getByRole("button", { name: "More Options" })).toBeVisible({ timeout: 60_000 });
  await openCompany(page);
  await page.getByLabel("Company name").fill("Acme Plant Hire Ltd");
  await page.getByRole("button", { name: "Create Company" }).click();
  await expect(page.getByRole("heading", { level: 3, name: "Acme Plant Hire Ltd" })).toBeVisible();
  for (const name of SECTIONS) {
    await expect(page.getByRole("heading", { level: 3, name, exact: true })).toBeVisible();
  }

  const deskHeight = await pageHeight(page);
  const deskStarts = await sectionStarts(page);
  process.stdout.write(`Company screen at 1280x800: ${deskHeight} px tall\n`);
  await expectNoAxeViolations(page);
  await screenshotBoth(page, "company-1280x800", { folder: SHOTS });
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshotBoth(page, "company-1440x900", { folder: SHOTS });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page.getByRole("heading", { level: 3, name: "Export Approved Weeks", exact: true }),
  ).toBeVisible();
  const phoneHeight = await pageHeight(page);
  const phoneStarts = await sectionStarts(page);
  process.stdout.write(`Company screen at 390x844: ${phoneHeight} px tall\n`);
  await screenshotBoth(page, "company-390x844", { folder: SHOTS });
  await page.setViewportSize({ width: 360, height: 780 });
  await screenshotBoth(page, "company-360x780", { folder: SHOTS });

  // A phone keeps one column; the desk uses its width: sections in two columns, the page well under the phone's
  // (in one 640 px column it was 0.91 of the phone's height: 4,105 px against 4,503).
  expect(new Set(phoneStarts).size).toBe(1);
  expect(new Set(deskStarts).size).toBeGreaterThanOrEqual(2);
  expect(deskHeight).toBeLessThan(phoneHeight * 0.7);
});
