import type { Browser } from "@playwright/test";
import { throttling } from "lighthouse/core/config/constants.js";
import polish from "../src/domain/text/catalogs/pl.json" with { type: "json" };
import { budgets } from "./budgets";
import { type Figure, median } from "./figure";

const RUNS = Number(process.env.BENCH_LANGUAGE_SWITCH_RUNS ?? 5);
/** The home page's first words in Polish: when they are drawn, the screen is in the new language. */
const DRAWN_TEXT = polish["home.worksOfflineTitle"];

declare global {
  interface Window {
    __switch?: { tapAt: number; drawnAt: number };
  }
}

/** Records, in the tab, when a language is tapped in the menu and the frame after the screen shows it. */
function recordSwitch(drawnText: string): void {
  const record = { tapAt: 0, drawnAt: 0 };
  window.__switch = record;
  document.addEventListener(
    "click",
    (event) => {
      if ((event.target as Element).closest('[role="menuitemradio"]')) record.tapAt = performance.now();
    },
    true,
  );
  const observer = new MutationObserver(() => {
    if (record.tapAt === 0 || !document.body.textContent?.includes(drawnText)) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      record.drawnAt = performance.now();
    });
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

async function oneRun(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "networkidle" });
    const button = page.getByRole("banner").getByRole("button", { name: /Language/ });
    await button.waitFor();
    // The menu's code and the rest of English are fetched once the first screen is idle: as a driver finds them.
    await page.waitForTimeout(3000);
    await page.evaluate(recordSwitch, DRAWN_TEXT);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttling.mobileSlow4G.cpuSlowdownMultiplier });
    await button.click();
    await page.getByRole("menuitemradio", { name: "Polski" }).click();
    await page.waitForFunction(() => (window.__switch?.drawnAt ?? 0) > 0, undefined, { timeout: 30_000 });
    const record = await page.evaluate(() => window.__switch!);
    return record.drawnAt - record.tapAt;
  } finally {
    await context.close();
  }
}

/**
 * Switching language: from the tap on "Polski" in the header's menu to the first frame with the home screen in
 * Polish (its catalog fetched from this server, both parts), on Lighthouse's 4x slower CPU; median of the runs.
 */
export async function measureLanguageSwitch(browser: Browser, baseUrl: string): Promise<Figure[]> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(Math.round(await oneRun(browser, `${baseUrl}/`)));
  return [
    {
      group: "language",
      name: "language switch (4x CPU)",
      value: median(samples),
      unit: "ms",
      budget: budgets.languageSwitchMs,
      samples,
      note: "tap on Polski to the home screen drawn in Polish",
    },
  ];
}
