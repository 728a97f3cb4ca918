import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "@playwright/test";

// Kept as plain text: a transpiled function would carry helpers the page does not have.
const DRAW_PHOTO = readFileSync(new URL("./draw-photo.browser.js", import.meta.url), "utf8")
  .replace(/^\/\/.*\n/gm, "")
  .trim()
  .replace(/;$/, "");

const CACHE = join(import.meta.dirname, "results/photos");

/**
 * Site photos as a phone camera takes them: a JPEG of the given size whose content (sky, ground, a machine,
 * sensor noise and fine texture) compresses like a real outdoor photo, so sizes and decode times are honest.
 * Drawn in the browser, seeded, so every run gets the same bytes.
 */
export async function makePhotos(
  browser: Browser,
  specs: readonly { width: number; height: number; quality: number; seed: number }[],
): Promise<Buffer[]> {
  const page = await browser.newPage();
  try {
    const out: Buffer[] = [];
    mkdirSync(CACHE, { recursive: true });
    for (const spec of specs) {
      // The same seed always draws the same photo, so it is drawn once per checkout.
      const cached = join(CACHE, `${spec.width}x${spec.height}-q${spec.quality}-s${spec.seed}.jpg`);
      if (existsSync(cached)) {
        out.push(readFileSync(cached));
        continue;
      }
      const base64 = (await page.evaluate(`(${DRAW_PHOTO})(${JSON.stringify(spec)})`)) as string;
      out.push(Buffer.from(base64, "base64"));
      writeFileSync(cached, out.at(-1)!);
    }
    return out;
  } finally {
    await page.close();
  }
}
