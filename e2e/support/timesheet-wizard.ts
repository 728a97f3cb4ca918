import type { Locator, Page } from "@playwright/test";
import { startFormFromHome } from "./form-wizard";

export { drawSignature, nextStep, sign, stepHeading, toastRegion } from "./form-wizard";

/** A day's card on step 3. */
export function dayCard(page: Page, day: string): Locator {
  return page.getByRole("region", { name: day, exact: true });
}

/** The net hours a day's card shows. */
export function dayNetHours(page: Page, day: string): Locator {
  return dayCard(page, day).getByText(/^Net hours/);
}

export function totalHours(page: Page): Locator {
  return page.locator("output");
}

/** From the Timesheet tab through customer selection (a customer without order validation) into the wizard. */
export async function startTimesheetFromHome(page: Page, customerName: string): Promise<void> {
  await startFormFromHome(page, "timesheet", customerName);
}
