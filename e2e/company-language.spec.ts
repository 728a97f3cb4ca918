import { expect } from "@playwright/test";
import { test } from "./fixtures/app-test";
import { logIn } from "./fixtures/drivers";
import { companyDriverPhone, openCompany } from "./support/company";
import { toastRegion } from "./support/form-wizard";

test("an admin sets the company's language from the Company screen, each language under its own name, and its members see it", async ({
  page,
  browser,
}) => {
  await logIn(page, "Alina Admin");
  const made = await page.request.post("/api/organisations", { data: { name: "Budmax Sp. z o.o." } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  await openCompany(page);

  const select = page.getByRole("combobox", { name: "Language of the company" });
  await expect(select).toHaveText("English");
  // A large tap target, for a thumb on a site.
  expect((await select.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await select.click();
  await expect(page.getByRole("option")).toHaveText([
    "English",
    "Polski",
    "Română",
    "Lietuvių",
    "Български",
    "Português",
  ]);
  await page.getByRole("option", { name: "Polski" }).click();
  await expect(
    toastRegion(page).getByText("Saved: the company now works in Polski.", { exact: true }),
  ).toBeVisible();
  await expect(select).toHaveText("Polski");

  // Kept: read again after a reload, and by a driver of the company, who may not change it.
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Language of the company" })).toHaveText("Polski");
  const driver = await companyDriverPhone(browser, id, page);
  const mine = (await (await driver.request.get("/api/organisations/mine")).json()) as {
    organisation: { language: string };
  };
  expect(mine.organisation.language).toBe("pl");
  await openCompany(driver);
  await expect(driver.getByRole("heading", { level: 3, name: "Budmax Sp. z o.o." })).toBeVisible();
  await expect(driver.getByRole("combobox", { name: "Language of the company" })).toHaveCount(0);
});
