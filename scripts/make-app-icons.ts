// Renders the installable app's PNG icons from the logo with the system Chromium; run after changing the logo:
//   npx tsx scripts/make-app-icons.ts
// The PNGs are checked in, so a build needs no browser.
import { readFile } from "node:fs/promises";
import { chromium } from "@playwright/test";
import { chromiumPath } from "../e2e/chromium-path";

const publicDir = "src/web/public";
const background = "#0f172a";

/** `any` icons are the logo edge to edge; `maskable` ones keep it inside the 80 % safe circle on full bleed. */
const icons = [
  { file: "icons/icon-192.png", size: 192, logoScale: 1 },
  { file: "icons/icon-512.png", size: 512, logoScale: 1 },
  { file: "icons/maskable-192.png", size: 192, logoScale: 0.7 },
  { file: "icons/maskable-512.png", size: 512, logoScale: 0.7 },
  { file: "icons/apple-touch-icon-180.png", size: 180, logoScale: 0.86 },
];

const executablePath = chromiumPath();
if (!executablePath) throw new Error("No Chromium found: set CHROMIUM_PATH");
const logo = await readFile(`${publicDir}/logo.svg`, "utf8");
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const logoSize = Math.round(icon.size * icon.logoScale);
    await page.setContent(
      `<body style="margin:0;background:${background};display:grid;place-items:center;height:100vh">` +
        `<div style="width:${logoSize}px;height:${logoSize}px">${logo.replace("<svg ", '<svg width="100%" height="100%" ')}</div></body>`,
    );
    await page.screenshot({ path: `${publicDir}/${icon.file}`, omitBackground: false });
    await page.close();
  }
} finally {
  await browser.close();
}
