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

/** What first-tap.browser.js records in the tab, in milliseconds since the first navigation started. */
interface TabRecord {
  origin: number;
  /** `answered` is null until the page has looked at the click. */
  clicks: { at: number; aimedAtHome: boolean; answered: boolean | null }[];
  /** -1 from the moment the heading is in the page until its frame. */
  wizardAt: number | null;
  firstPaintAt: number | null;
  /** How many pages the tab loaded: 2 when a tap followed a real link. */
  pages: number;
}

declare global {
  interface Window {
    __firstTap?: () => TabRecord | null;
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
  pages: number;
}

/** The tab's record, read again while a page is being replaced by the next one. */
async function readRecord(page: Page): Promise<TabRecord | null> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      return await page.evaluate(() => window.__firstTap?.() ?? null);
    } catch {
      // The page was being replaced by the one its link asked for.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error("the page could not be read for a while");
}

/** Waits until the wizard is drawn and every tap has been looked at, and gives the tab's record. */
async function settledRecord(page: Page, taps: number): Promise<TabRecord> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const record = await readRecord(page);
    const looked = record ? record.clicks.filter((click) => click.answered !== null).length : 0;
    if (record && (record.wizardAt ?? -1) > 0 && (looked >= taps || Date.now() > deadline - 55_000))
      return record;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the wizard's first screen was not drawn within a minute of the taps");
}

async function oneRun(browser: Browser, url: string, thumb: Aim): Promise<Run> {
  // Lighthouse's phone: its screen, and its slow 4G link and 4x slower CPU applied by DevTools (not simulated).
  const context = await browser.newContext(PHONE);
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

    // The thumb starts when the browser reports the first paint. Asking the page whether Start is visible first
    // (a Playwright locator) took 0.7 to 1.6 s on the slowed phone, which the thumb does not take; a tap that
    // lands before Start is drawn is answered by nothing and counted as lost.
    await cdp.send("Page.enable");
    await cdp.send("Page.setLifecycleEventsEnabled", { enabled: true });
    const painted = new Promise<void>((resolve) =>
      cdp.on("Page.lifecycleEvent", ({ name }) => {
        if (name === "firstContentfulPaint") resolve();
      }),
    );
    await page.goto(url, { waitUntil: "commit" });
    await painted;
    const taps = await tapUntilTheWizardOpens(page, thumb);
    const record = await settledRecord(page, taps);
    if (process.env.FIRST_TAP_DEBUG) console.info(taps, JSON.stringify(record));
    const answered = record.clicks.filter((click) => click.answered || !click.aimedAtHome).length;
    return {
      wizardAt: record.wizardAt!,
      firstTapAt: record.clicks[0]?.at ?? Number.NaN,
      firstPaintAt: record.firstPaintAt ?? Number.NaN,
      taps,
      lost: Math.max(0, taps - answered),
      pages: record.pages,
    };
  } finally {
    await context.close();
  }
}

/** Where the thumb taps Start Timesheet: how far the page is scrolled first, and the point on the screen. */
interface Aim {
  scrollY: number;
  x: number;
  y: number;
}

const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/**
 * Found once, on a page loaded without throttling, so that the measured runs ask nothing of a page that is busy
 * starting the app before the first tap: at Lighthouse's screen size the consent banner covers the button at
 * first, so the thumb scrolls it up to the middle of the screen.
 */
async function aim(browser: Browser, url: string): Promise<Aim> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.goto(url);
    const start = page.getByText(START_LABEL, { exact: true });
    await start.evaluate((element) => element.scrollIntoView({ block: "center" }));
    const box = await start.boundingBox();
    if (!box) throw new Error(`${START_LABEL} has no box on the screen`);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const onTarget = await start.evaluate(
      (element, { x, y }) => element.contains(document.elementFromPoint(x, y)),
      point,
    );
    if (!onTarget) throw new Error(`something covers ${START_LABEL} where the thumb taps it`);
    return { scrollY: await page.evaluate(() => window.scrollY), ...point };
  } finally {
    await context.close();
  }
}

/**
 * Taps the button's middle every TAP_EVERY_MS, as a thumb would, until the page has another address or has
 * started loading another page; it asks the page nothing meanwhile, so a busy page does not slow the thumb down.
 */
async function tapUntilTheWizardOpens(page: Page, { scrollY, x, y }: Aim): Promise<number> {
  const home = page.url();
  // Once the tap has started loading another page, it has worked: the thumb waits for that page.
  let replaced = false;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) replaced = true;
  });
  await page.evaluate((top) => window.scrollTo(0, top), scrollY);
  const deadline = Date.now() + 60_000;
  let taps = 0;
  while (Date.now() < deadline) {
    if (replaced || page.url() !== home) return taps;
    // A tap the browser would not take (its page was being replaced) is not counted.
    if (
      await page.touchscreen.tap(x, y).then(
        () => true,
        () => false,
      )
    )
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
  const thumb = await aim(browser, `${baseUrl}/`);
  for (let i = 0; i < RUNS; i++) runs.push(await oneRun(browser, `${baseUrl}/`, thumb));
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
      note: `first paint ${median(samples((r) => r.firstPaintAt)).toFixed(0)} ms; pages loaded per run: ${runs.map((r) => r.pages).join(", ")}`,
    },
  ];
}
