import { expect, type Locator, type Page } from "@playwright/test";
import { startFormFromHome } from "./form-wizard";

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real JPEG drawn in the browser: a coloured picture with a label, `width` by `height` pixels. */
export async function jpegFile(page: Page, name: string, width: number, height: number, color: string) {
  const base64 = await page.evaluate(
    ([w, h, fill, label]) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      context.fillStyle = fill;
      context.fillRect(0, 0, w, h);
      context.fillStyle = "#ffffff";
      context.font = `${Math.round(h / 6)}px sans-serif`;
      context.fillText(label, w / 10, h / 2);
      return canvas.toDataURL("image/jpeg", 0.9).split(",")[1] as string;
    },
    [width, height, color, name] as const,
  );
  return { name, mimeType: "image/jpeg", buffer: Buffer.from(base64, "base64") } satisfies TestFile;
}

/** From the Check Sheet tab through customer selection (a customer without order validation) into the wizard. */
export async function startCheckSheetFromHome(page: Page, customerName: string): Promise<void> {
  await startFormFromHome(page, "check-sheet", customerName);
}

/** One of the sixteen items: a group of three radio buttons named after the item. */
export function checkItem(page: Page, label: string): Locator {
  return page.getByRole("group", { name: label, exact: true });
}

export function photoDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Add Equipment Photos" });
}

/** Opens the upload dialog and picks files (made in the test, or paths on disk) from the gallery; it stays open. */
export async function pickPhotos(page: Page, files: TestFile[] | string[]): Promise<Locator> {
  const dialog = photoDialog(page);
  if (!(await dialog.isVisible())) {
    await page.getByRole("button", { name: "Add Equipment Photos" }).click();
    await expect(dialog).toBeVisible();
  }
  await dialog.getByLabel("Choose from Gallery").setInputFiles(files);
  return dialog;
}

/** Answers the question a defect asks, "Is the machine safe to use?", on its visible label, and checks it took. */
export async function answerMachineSafe(page: Page, answer: "Yes" | "No, stood down"): Promise<void> {
  const group = page.getByRole("group", { name: "Is the machine safe to use?" });
  await group.getByText(answer, { exact: true }).click();
  await expect(group.getByRole("radio", { name: answer })).toBeChecked();
}

/** Taps one of an item's three choices, as a thumb would (on its visible label), and checks it took. */
export async function choose(page: Page, item: string, choice: "Pass" | "Defect" | "N/A"): Promise<void> {
  const group = checkItem(page, item);
  await group.getByText(choice, { exact: true }).click();
  await expect(group.getByRole("radio", { name: choice })).toBeChecked();
}
