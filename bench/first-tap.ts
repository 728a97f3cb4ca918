import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { throttling } from "lighthouse/core/config/constants.js";
import { budgets } from "./budgets";
import { type Figure, median } from "./figure";

const RUNS = Number(process.env.BENCH_FIRST_TAP_RUNS ?? 5);
/** How often the thumb taps Start Timesheet, from the moment it is on the screen until the wizard opens. */
const TAP_EVERY_MS = 250;
const START_LABEL = "Start Timesheet";
/** The wizard's first screen: customer selection. */
const WIZARD_HEADING = "Select Customer";
const WIZARD_ROUTE = "screen=customer-selection";

/** What first-tap.browser.js records in the page. */
interface PageRecord {
  clicks: { at: number; aimedAtHome: boolean; answered: boolean }[];
  /** -1 from the moment the heading is in the page until its frame. */
  wizardAt: number | null;
  firstPaintAt: number | null;
  navigations: number;
}

declare global {
  interface Window {
    __firstTap?: PageRecord;
  }
}

const RECORD_TAPS = readFileSync(new URL("./first-tap.browser.js", import.meta.url), "utf8")
  .trim()
  .replace(/;$/, "");

interface Run {
  wizardAt: number;
  firstTapAt: number;
  firstPaintAt: number;
  taps: number;
  lost: number;
}

async function oneRun(browser: Browser, url: string): Promise<Run> {
  // Lighthouse's phone: its screen, and its slow 4G link and 4x slower CPU applied by DevTools (not simulated).
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript({
      content: `(${RECORD_TAPS})(${JSON.stringify({ heading: WIZARD_HEADING, route: WIZARD_ROUTE })});`,
    });
    const cdp = await context.newCDPSession(page);
    const slow4G = throttling.mobileSlow4G;
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: slow4G.requestLatencyMs,
      downloadThroughput: Math.floor((slow4G.downloadThroughputKbps * 1024) / 8),
      uploadThroughput: Math.floor((slow4G.uploadThroughputKbps * 1024) / 8),
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slow4G.cpuSlowdownMultiplier });

    await page.goto(url, { waitUntil: "commit" });
    const start = page.getByText(START_LABEL, { exact: true });
    await start.waitFor({ state: "visible", timeout: 60_000 });
    const taps = await tapUntilTheWizardOpens(page, start);
    await page.waitForFunction(() => (window.__firstTap?.wizardAt ?? -1) > 0, null, { timeout: 60_000 });
    // The last tap's answer is recorded a task after its click.
    await page
      .waitForFunction((sent) => (window.__firstTap?.clicks.length ?? 0) >= sent, taps, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    const record = await page.evaluate(() => window.__firstTap!);
    if (record.navigations !== 1)
      throw new Error("the page was loaded again: the wizard's time is not from the first navigation");
    const answered = record.clicks.filter((click) => click.answered || !click.aimedAtHome).length;
    return {
      wizardAt: record.wizardAt!,
      firstTapAt: record.clicks[0]?.at ?? Number.NaN,
      firstPaintAt: record.firstPaintAt ?? Number.NaN,
      taps,
      lost: Math.max(0, taps - answered),
    };
  } finally {
    await context.close();
  }
}

/** Taps the button's middle every TAP_EVERY_MS, as a thumb would, until it is gone or the wizard is drawn. */
async function tapUntilTheWizardOpens(page: Page, start: ReturnType<Page["getByText"]>): Promise<number> {
  // At Lighthouse's screen size the consent banner covers the button at first: the thumb scrolls it up first.
  await start.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const box = await start.boundingBox();
  if (!box) throw new Error(`${START_LABEL} has no box on the screen`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const onTarget = await start.evaluate(
    (element, point) => element.contains(document.elementFromPoint(point.x, point.y)),
    { x, y },
  );
  if (!onTarget) throw new Error(`something covers ${START_LABEL} where the thumb taps it`);
  const deadline = Date.now() + 60_000;
  let taps = 0;
  while (Date.now() < deadline) {
    const opened = await page.evaluate(
      (route) => window.location.href.includes(route) || (window.__firstTap?.wizardAt ?? null) !== null,
      WIZARD_ROUTE,
    );
    if (opened || !(await start.isVisible())) return taps;
    await page.touchscreen.tap(x, y);
    taps += 1;
    await page.waitForTimeout(TAP_EVERY_MS);
  }
  throw new Error(`${START_LABEL} did not open the wizard within a minute of taps`);
}

/**
 * "First working tap": from the navigation to the wizard's first screen drawn, with Start Timesheet tapped
 * every quarter second from the moment it is on the screen, on Lighthouse's slow-4G phone (its mobileSlow4G
 * figures applied through DevTools: 562.5 ms per request, 1.44 Mbit/s down, the CPU 4x slower). A tap is lost
 * when the page shows nothing for it: no new address and no loading cue on the control.
 */
export async function measureFirstTap(browser: Browser, baseUrl: string): Promise<Figure[]> {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await oneRun(browser, `${baseUrl}/`));
  const samples = (pick: (run: Run) => number) => runs.map(pick).map((v) => Math.round(v));
  const lost = runs.reduce((sum, run) => sum + run.lost, 0);
  const taps = runs.reduce((sum, run) => sum + run.taps, 0);
  return [
    {
      group: "firsttap",
      name: "first working tap (slow 4G, 4x CPU)",
      value: median(samples((r) => r.wizardAt)),
      unit: "ms",
      budget: budgets.firstWorkingTapMs,
      samples: samples((r) => r.wizardAt),
      note: "navigation to the wizard's first screen, tapping from first paint",
    },
    {
      group: "firsttap",
      name: "lost taps",
      value: lost,
      unit: "taps",
      budget: budgets.lostTaps,
      samples: runs.map((r) => r.lost),
      note: `of ${taps} taps in ${runs.length} runs`,
    },
    {
      group: "firsttap",
      name: "first tap (Start Timesheet on screen)",
      value: median(samples((r) => r.firstTapAt)),
      unit: "ms",
      samples: samples((r) => r.firstTapAt),
      note: `first paint ${median(samples((r) => r.firstPaintAt)).toFixed(0)} ms`,
    },
  ];
}
