import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "@playwright/test";
import { measureAccountTiming } from "./account-timing";
import { launchChromium } from "./browser";
import { BENCH_WEB_ROOT, buildApp, ROOT } from "./build-app";
import { measureBundleSizes } from "./bundle-sizes";
import { measureChargeableHours } from "./chargeable-hours";
import { measureImports } from "./company-imports";
import { measureCompany } from "./company-review";
import { type Figure, formatBudget, formatValue, verdict } from "./figure";
import { measureFirstTap } from "./first-tap";
import { measureLanguageSwitch } from "./language-switch";
import { measureLighthouse } from "./lighthouse-pages";
import { measurePdfs } from "./pdf-render";
import { measurePhotoShrink } from "./photo-shrink";
import { benchPort, startServer } from "./server-process";
import { measureServer } from "./server-throughput";
import { cameraPhoto, uploadedPhotos } from "./site-photos";

/**
 * `npm run bench`: builds the app, measures every figure with a budget, prints the table, writes it as JSON to
 * bench/results/ and exits non-zero when a budget fails or a figure could not be measured.
 * `npm run bench -- --only=bundle,pdf` runs some groups: bundle, lighthouse, firsttap, language, server, pdf, photo,
 * accounts, company (which needs PostgreSQL: BENCH_DATABASE_URL), imports (PostgreSQL too when BENCH_DATABASE_URL
 * is set), hire.
 */
const GROUPS = [
  "bundle",
  "lighthouse",
  "firsttap",
  "language",
  "server",
  "pdf",
  "photo",
  "accounts",
  "company",
  "imports",
  "hire",
] as const;
type Group = (typeof GROUPS)[number];

const onlyArg = process.argv.find((arg) => arg.startsWith("--only="));
const selected = new Set<Group>(onlyArg ? (onlyArg.slice("--only=".length).split(",") as Group[]) : GROUPS);
for (const group of selected) {
  if (!GROUPS.includes(group)) throw new Error(`unknown group ${group}; use ${GROUPS.join(", ")}`);
}

const figures: Figure[] = [];
const extra: Record<string, unknown> = {};
const loadBefore = loadavg();
const started = Date.now();

async function step(group: Group, run: () => Promise<Figure[]>): Promise<void> {
  if (!selected.has(group)) return;
  const t0 = Date.now();
  console.info(`bench: ${group}...`);
  try {
    figures.push(...(await run()));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`bench: ${group} failed: ${message}`);
    figures.push({
      group,
      name: `${group} (could not be measured)`,
      value: null,
      unit: "",
      error: message,
      note: message.split("\n")[0],
    });
  }
  console.info(`bench: ${group} took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

if (["bundle", "lighthouse", "firsttap", "language"].some((group) => selected.has(group as Group))) {
  console.info("bench: building the app...");
  buildApp();
}

await step("bundle", async () => measureBundleSizes());
await step("hire", async () => measureChargeableHours());

/** The built app on a server of its own, with an empty data folder, for as long as `run` measures it. */
async function withBuiltApp<T>(name: string, run: (url: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `plant-sheets-${name}-`));
  const server = await startServer({ port: benchPort(0), dataDir, webRoot: BENCH_WEB_ROOT });
  try {
    return await run(server.url);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await step("lighthouse", () =>
  withBuiltApp("lighthouse", async (url) => {
    const { figures: found, failing } = await measureLighthouse(url);
    extra.lighthouseFailingAudits = failing;
    return found;
  }),
);

let browser: Browser | undefined;
try {
  await step("firsttap", async () => {
    browser ??= await launchChromium();
    return withBuiltApp("first-tap", (url) => measureFirstTap(browser!, url));
  });
  await step("language", async () => {
    browser ??= await launchChromium();
    return withBuiltApp("language", (url) => measureLanguageSwitch(browser!, url));
  });
  await step("server", measureServer);
  await step("accounts", measureAccountTiming);
  await step("company", measureCompany);
  await step("imports", measureImports);
  await step("pdf", async () => {
    browser ??= await launchChromium();
    return measurePdfs(await uploadedPhotos(browser));
  });
  await step("photo", async () => {
    browser ??= await launchChromium();
    return measurePhotoShrink(browser, await cameraPhoto(browser));
  });
} finally {
  await browser?.close();
}

const rows = figures.map((f) => [
  f.group,
  f.name,
  formatValue(f.value, f.unit),
  formatBudget(f),
  verdict(f),
  f.note ?? "",
]);
const header = ["group", "figure", "median", "budget", "result", "note"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells
    .map((c, i) => (i === 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
    .join("  ")
    .trimEnd();
console.info(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
for (const row of rows) console.info(line(row));
if (extra.lighthouseFailingAudits) {
  for (const [page, audits] of Object.entries(extra.lighthouseFailingAudits as Record<string, string[]>)) {
    if (audits.length) console.info(`\nLighthouse audits below 90 on ${page}:\n  ${audits.join("\n  ")}`);
  }
}

const failed = figures.filter((f) => ["FAIL", "missing"].includes(verdict(f)));
const report = {
  date: new Date().toISOString(),
  seconds: Math.round((Date.now() - started) / 1000),
  machine: {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    node: process.version,
    loadavgBefore: loadBefore,
    loadavgAfter: loadavg(),
  },
  groups: [...selected],
  figures: figures.map((f) => ({ ...f, budgetText: formatBudget(f), result: verdict(f) })),
  ...extra,
  passed: failed.length === 0,
};
const dir = join(ROOT, "bench/results");
mkdirSync(dir, { recursive: true });
const json = `${JSON.stringify(report, null, 2)}\n`;
writeFileSync(join(dir, `bench-${report.date.replace(/[:.]/g, "-")}.json`), json);
writeFileSync(join(dir, "latest.json"), json);
console.info(
  `\n${failed.length === 0 ? "Every budget met." : `${failed.length} figure(s) over budget or missing.`} Written to bench/results/latest.json`,
);
process.exit(failed.length === 0 ? 0 : 1);
