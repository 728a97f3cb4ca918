import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, requireChromium } from "./browser";
import { budgets } from "./budgets";
import { type Figure, median } from "./figure";

export const LIGHTHOUSE_PAGES = ["/", "/timesheet", "/check-sheet"];
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcp: number;
  tbt: number;
  cls: number;
  scripts: number;
  mainThreadMs: number;
  failing: string[];
}

/**
 * Lighthouse's default mobile settings (simulated throttling of a mid-range phone on a slow 4G link) on each
 * page, five runs each; every figure is the median of the runs. The audits that failed are kept for the JSON.
 */
export async function measureLighthouse(
  baseUrl: string,
): Promise<{ figures: Figure[]; failing: Record<string, string[]> }> {
  const chrome = await chromeLauncher.launch({
    chromePath: requireChromium(),
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "silent",
  });
  const figures: Figure[] = [];
  const failing: Record<string, string[]> = {};
  const hostSpeed: number[] = [];
  try {
    for (const path of LIGHTHOUSE_PAGES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices"],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
        hostSpeed.push(lhr.environment.benchmarkIndex);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        // What the page cost this machine: its scripts, and its main thread's work before the simulation slows it.
        const diagnostics = (
          lhr.audits.diagnostics?.details as { items?: Record<string, number>[] } | undefined
        )?.items?.[0];
        const failed = ["accessibility", "best-practices", "performance"].flatMap((category) =>
          (lhr.categories[category]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0)
            .map((ref) => lhr.audits[ref.id]!)
            .filter((audit) => audit.score !== null && audit.score < 0.9)
            .map((audit) => {
              // What the audit found, briefly: e.g. the kind of each console issue.
              const items = (
                (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []
              )
                .map((item) => String(item.issueType ?? item.description ?? item.source ?? item.url ?? ""))
                .filter(Boolean)
                .slice(0, 3);
              return `${category}: ${audit.id}${items.length ? ` [${items.join("; ")}]` : ""}`;
            }),
        );
        runs.push({
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          lcp: metric("largest-contentful-paint"),
          tbt: metric("total-blocking-time"),
          cls: metric("cumulative-layout-shift"),
          scripts: diagnostics?.numScripts ?? Number.NaN,
          mainThreadMs: diagnostics?.totalTaskTime ?? Number.NaN,
          failing: failed,
        });
      }
      failing[path] = [...new Set(runs.flatMap((r) => r.failing))];
      const figure = (
        name: string,
        pick: (r: Run) => number,
        unit: string,
        budget?: Figure["budget"],
      ): Figure => {
        const samples = runs.map(pick);
        return {
          group: "lighthouse",
          name: `${path} ${name}`,
          value: median(samples),
          unit,
          budget,
          samples,
        };
      };
      figures.push(
        figure("performance", (r) => r.performance, "score", budgets.lighthousePerformance),
        figure("accessibility", (r) => r.accessibility, "score", budgets.lighthouseAccessibility),
        figure("best practices", (r) => r.bestPractices, "score", budgets.lighthouseBestPractices),
        figure("LCP", (r) => r.lcp, "ms", budgets.lcpMs),
        figure("TBT", (r) => r.tbt, "ms", budgets.tbtMs),
        figure("CLS", (r) => r.cls, "", budgets.cls),
        figure("scripts loaded", (r) => r.scripts, "files"),
        figure("main-thread work, unslowed", (r) => r.mainThreadMs, "ms"),
      );
    }
    // The simulated phone is this machine's CPU slowed down four times, so TBT grows faster than this falls.
    figures.push({
      group: "lighthouse",
      name: "this machine's CPU (benchmark index)",
      value: median(hostSpeed),
      unit: "index",
      samples: hostSpeed,
      note: "Lighthouse's own measure; higher is faster",
    });
  } finally {
    chrome.kill();
  }
  return { figures, failing };
}
