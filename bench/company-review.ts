import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { addDays } from "../src/domain/time/iso-date";
import { SESSION_COOKIE } from "../src/server/auth/sessions";
import { budgets } from "./budgets";
import { type Figure, median, percentile } from "./figure";
import {
  COMPANY_FIRST_DAY,
  COMPANY_LAST_WEEK_ENDING,
  type CompanySeed,
  DEFAULT_BENCH_DATABASE_URL,
  seedCompany,
} from "./seed-company";
import { benchPort, startServer } from "./server-process";

/**
 * Requests before the timed ones. A freshly started server answers its first few dozen requests at two to four
 * times its steady speed while the JavaScript engine compiles the hot paths (p95 58 ms over requests 21-45, 40 ms
 * once warm); an office works against a server that has been up for days, so the budget is for the warm server
 * and the note reports the warm-up's own p95.
 */
const WARM_UP = 80;
const REQUESTS = 200;
/** A page filtered by one driver or one plant: one range of an index (decision record 039). */
const FILTERED_WARM_UP = 10;
const FILTERED_REQUESTS = 100;
/** Workbooks built at once while the health check is asked for, one request after another. */
const PARALLEL_WORKBOOKS = 4;
/** The weeks each of those workbooks covers: a quarter. */
const WORKBOOK_WEEKS = 13;
/** The review's default page (decision record 029). */
const DEFAULT_PAGE_SIZE = 50;

/** Signs the company's admin in through the real login route and answers the session cookie. */
async function signIn(url: string, seeded: CompanySeed): Promise<string> {
  const response = await fetch(`${url}/api/drivers/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email: seeded.adminEmail, password: seeded.adminPassword }),
  });
  if (!response.ok)
    throw new Error(`signing the admin in answered ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error("signing the admin in set no session cookie");
  return cookie;
}

/** One GET answered in full: its time to the last byte, and the page (checked to be one, so a 4xx is never timed). */
async function timedPage(url: string, cookie: string): Promise<{ ms: number; items: number }> {
  const start = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const text = await response.text();
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${text.slice(0, 200)}`);
  const page = JSON.parse(text) as { items?: unknown[] };
  if (!Array.isArray(page.items)) throw new Error(`GET ${url} answered no items`);
  return { ms, items: page.items.length };
}

/** Sequential requests after a warm-up: every time, and the items of the last page. */
async function sequential(url: string, cookie: string, warmUp: number, count: number) {
  const warmUpTimes: number[] = [];
  for (let i = 0; i < warmUp; i++) warmUpTimes.push((await timedPage(url, cookie)).ms);
  const times: number[] = [];
  let items = 0;
  for (let i = 0; i < count; i++) {
    const answer = await timedPage(url, cookie);
    times.push(answer.ms);
    items = answer.items;
  }
  return { times, items, warmUpTimes };
}

/**
 * A year's export as CSV, streamed to its end: bytes counted as they arrive, the time to the last byte. Answers
 * null when the server has no such route (404), so the figure says it could not be measured rather than a time.
 */
async function timedExport(
  url: string,
  cookie: string,
): Promise<{ ms: number; bytes: number; rows: number } | null> {
  const start = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok || !response.body) {
    throw new Error(`GET ${url}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  }
  let bytes = 0;
  let rows = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) rows++;
  }
  return { ms: performance.now() - start, bytes, rows };
}

/**
 * Health checks one after another while `PARALLEL_WORKBOOKS` workbooks are built at once: each check's time, how
 * long the workbooks took, and the size of one.
 */
async function healthBesideExports(serverUrl: string, workbookUrl: string, cookie: string) {
  const start = performance.now();
  let building = true;
  let bytes = 0;
  const workbooks = Promise.all(
    Array.from({ length: PARALLEL_WORKBOOKS }, async () => {
      const response = await fetch(workbookUrl, { headers: { cookie } });
      const body = await response.arrayBuffer();
      if (!response.ok)
        throw new Error(`GET ${workbookUrl}: ${response.status} ${Buffer.from(body).toString()}`);
      bytes = body.byteLength;
    }),
  ).finally(() => {
    building = false;
  });
  const health: number[] = [];
  while (building) {
    const asked = performance.now();
    const response = await fetch(`${serverUrl}/api/health`);
    await response.text();
    health.push(performance.now() - asked);
  }
  await workbooks;
  return { health, exportsMs: performance.now() - start, bytes };
}

/**
 * The office of a company of 500 drivers with a year of forms (26,000 timesheets, 130,000 check sheets), on
 * PostgreSQL: the seed's time, the review list's first page (no filters, the default page size) and filtered by a
 * driver and by a plant, each timed sequentially after a warm-up against the real server, a year's hours CSV and a
 * year's invoice lines read to their last byte, and the health check asked while four workbooks are built at once.
 */
export async function measureCompany(): Promise<Figure[]> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  console.info("bench: company: seeding 500 drivers' year on PostgreSQL...");
  const seeded = await seedCompany(serverUrl);
  const figures: Figure[] = [
    {
      group: "company",
      name: "seed (500 drivers, 26,000 timesheets, 130,000 check sheets)",
      value: seeded.ms,
      unit: "ms",
      note: `${seeded.timesheets} timesheets, ${seeded.checkSheets} check sheets`,
    },
  ];
  const dataDir = mkdtempSync(join(tmpdir(), "plant-sheets-company-"));
  const server = await startServer({
    port: benchPort(2),
    dataDir,
    webRoot: join(dataDir, "no-web"),
    databaseUrl: seeded.databaseUrl,
    // The workbooks built at once below are one company's.
    env: { EXPORTS_PER_COMPANY: String(PARALLEL_WORKBOOKS) },
  });
  try {
    const cookie = await signIn(server.url, seeded);
    const review = `${server.url}/api/organisations/${seeded.organisationId}/review`;

    console.info(`bench: company: the review's first page, ${WARM_UP} + ${REQUESTS} requests...`);
    const first = await sequential(review, cookie, WARM_UP, REQUESTS);
    if (first.items !== DEFAULT_PAGE_SIZE) {
      throw new Error(`the review's first page held ${first.items} rows, not ${DEFAULT_PAGE_SIZE}`);
    }
    figures.push({
      group: "company",
      name: "review first page p95 (no filters, 50 rows)",
      value: percentile(first.times, 95),
      unit: "ms",
      budget: budgets.companyReviewP95Ms,
      samples: first.times.map((ms) => Math.round(ms * 10) / 10),
      note: `p50 ${median(first.times).toFixed(1)} ms, ${REQUESTS} sequential after ${WARM_UP} (their p95 ${percentile(first.warmUpTimes, 95).toFixed(0)} ms)`,
    });

    for (const [label, query] of [
      ["a driver", `driver=${encodeURIComponent(seeded.sampleDriverName)}`],
      ["a plant", `plant=${encodeURIComponent(seeded.samplePlantNumber)}`],
    ] as const) {
      console.info(
        `bench: company: filtered by ${label}, ${FILTERED_WARM_UP} + ${FILTERED_REQUESTS} requests...`,
      );
      const filtered = await sequential(`${review}?${query}`, cookie, FILTERED_WARM_UP, FILTERED_REQUESTS);
      if (filtered.items === 0) throw new Error(`the review filtered by ${label} (${query}) found nothing`);
      figures.push({
        group: "company",
        name: `review first page p95, filtered by ${label}`,
        value: percentile(filtered.times, 95),
        unit: "ms",
        budget: budgets.companyReviewFilteredP95Ms,
        samples: filtered.times.map((ms) => Math.round(ms * 10) / 10),
        note: `p50 ${median(filtered.times).toFixed(1)} ms, ${filtered.items} rows, ${FILTERED_REQUESTS} sequential`,
      });
    }

    const exportUrl = `${server.url}/api/organisations/${seeded.organisationId}/exports/hours.csv?from=${COMPANY_FIRST_DAY}&to=${COMPANY_LAST_WEEK_ENDING}`;
    console.info("bench: company: a year's hours export...");
    const exported = await timedExport(exportUrl, cookie);
    figures.push(
      exported
        ? {
            group: "company",
            name: "a year's hours CSV export, to the last byte",
            value: exported.ms,
            unit: "ms",
            budget: budgets.companyYearCsvMs,
            note: `${(exported.bytes / 1024 / 1024).toFixed(1)} MB, ${exported.rows} lines`,
          }
        : {
            group: "company",
            name: "a year's hours CSV export (could not be measured)",
            value: null,
            unit: "ms",
            budget: budgets.companyYearCsvMs,
            error: "GET /api/organisations/:id/exports/hours.csv answered 404: this build has no such route",
            note: "the export route answered 404",
          },
    );
    const linesUrl = `${server.url}/api/organisations/${seeded.organisationId}/exports/invoice-lines.csv?from=${COMPANY_FIRST_DAY}&to=${COMPANY_LAST_WEEK_ENDING}`;
    console.info("bench: company: a year's invoice lines...");
    const lines = await timedExport(linesUrl, cookie);
    figures.push(
      lines
        ? {
            group: "company",
            name: "a year's invoice lines CSV export, to the last byte",
            value: lines.ms,
            unit: "ms",
            budget: budgets.companyYearInvoiceLinesMs,
            note: `${(lines.bytes / 1024).toFixed(0)} KB, ${lines.rows} lines`,
          }
        : {
            group: "company",
            name: "a year's invoice lines CSV export (could not be measured)",
            value: null,
            unit: "ms",
            budget: budgets.companyYearInvoiceLinesMs,
            error:
              "GET /api/organisations/:id/exports/invoice-lines.csv answered 404: this build has no such route",
            note: "the export route answered 404",
          },
    );
    const from = addDays(COMPANY_LAST_WEEK_ENDING, -7 * (WORKBOOK_WEEKS - 1)) ?? COMPANY_FIRST_DAY;
    const workbookUrl = `${server.url}/api/organisations/${seeded.organisationId}/exports/workbook.xlsx?from=${from}&to=${COMPANY_LAST_WEEK_ENDING}`;
    console.info(`bench: company: the health check while ${PARALLEL_WORKBOOKS} workbooks are built...`);
    const beside = await healthBesideExports(server.url, workbookUrl, cookie);
    figures.push({
      group: "company",
      name: `GET /api/health while ${PARALLEL_WORKBOOKS} workbooks of a quarter are built, slowest`,
      value: Math.max(...beside.health),
      unit: "ms",
      samples: beside.health.map((ms) => Math.round(ms * 10) / 10),
      note: `p50 ${median(beside.health).toFixed(1)} ms, p95 ${percentile(beside.health, 95).toFixed(1)} ms of ${beside.health.length}; the workbooks took ${(beside.exportsMs / 1000).toFixed(1)} s, ${(beside.bytes / 1024 / 1024).toFixed(1)} MB each`,
    });
    return figures;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
