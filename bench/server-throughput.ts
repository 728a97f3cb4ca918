import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import SqliteDatabase from "better-sqlite3";
import { listedValues } from "../src/domain/forms/form-spec";
import { FORM_SPECS } from "../src/domain/forms/form-specs";
import { hashToken, newToken, SESSION_COOKIE } from "../src/server/auth/sessions";
import { insertAccount, insertSession } from "../src/server/db/accounts-repository";
import { openDatabase, SQLITE_FILE_NAME } from "../src/server/db/database";
import { insertForm } from "../src/server/db/forms-repository";
import { holdImages } from "../src/server/db/images-repository";
import { migrateToLatest } from "../src/server/db/migrate";
import { signedTimesheet } from "../src/server/pdf/pdf-fixtures";
import { SIGNATURE_FIELDS, separateImages } from "../src/server/services/form-images";
import { budgets } from "./budgets";
import { type Figure, median, percentile } from "./figure";
import { benchPort, startServer } from "./server-process";

const CONNECTIONS = 50;
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const ROUNDS = 3;
const FORMS = 10_000;
const DRAFTS = 2_000;
const PAGE_SIZE = 20;

interface Round {
  rate: number;
  latencies: number[];
  errors: number;
}

/** One account with 10,000 timesheets (2,000 of them drafts), a live session, and one draft to save and read. */
async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    await migrateToLatest(database.db);
    const accountId = randomUUID();
    const token = newToken();
    const now = new Date();
    await insertAccount(database.db, {
      id: accountId,
      fullName: "Dave Digger",
      email: "dave@example.com",
      passwordHash: "not-used-by-the-bench",
    });
    await insertSession(database.db, {
      tokenHash: hashToken(token),
      accountId,
      createdAt: now,
      // Longer than the product's 30 minutes only so a slow machine cannot expire it mid-run.
      expiresAt: new Date(now.getTime() + 6 * 60 * 60 * 1000),
    });
    const signed = signedTimesheet();
    const { operatorSignature: _o, clientSignature: _c, ...unsigned } = signed;
    // Stored as the server stores a signed form: its signatures as images beside it.
    const stored = separateImages(signed, SIGNATURE_FIELDS);
    const draftIds: string[] = [];
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < FORMS; i++) {
        const draft = i % (FORMS / DRAFTS) === 0;
        const id = randomUUID();
        if (draft) draftIds.push(id);
        const fields = draft ? { ...unsigned, status: "draft" as const } : stored.form;
        // Spread over the last year, so the list has to order them.
        const createdAt = new Date(now.getTime() - (FORMS - i) * 3_000_000);
        await insertForm(
          trx,
          {
            id,
            kind: "timesheet",
            ownerId: accountId,
            status: fields.status,
            listed: listedValues(FORM_SPECS.timesheet, { ...signed, ...fields }),
            fields,
          },
          createdAt,
        );
        if (!draft) await holdImages(trx, id, stored.images, createdAt);
      }
    });
    return { accountId, token, draftId: draftIds.at(-1)!, body: { ...signed, status: "draft" } };
  } finally {
    await database.close();
  }
}

function cannon(options: autocannon.Options): Promise<Round> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      { connections: CONNECTIONS, pipelining: 1, duration: ROUND_SECONDS, ...options },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          rate: result.requests.total / (result.duration || ROUND_SECONDS),
          latencies,
          errors: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/**
 * Durable commits straight through better-sqlite3 on the same file with the product's pragmas: the ceiling a
 * save can approach, measured in the same run so the save rate is also a ratio that holds on a noisy machine.
 */
function rawCommitLoop(file: string, id: string, body: unknown): Round {
  const sqlite = new SqliteDatabase(file);
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = FULL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    const update = sqlite.prepare("update forms set data = ?, updated_at = ? where id = ?");
    // The row as the server stores it: the signatures are images beside it.
    const data = JSON.stringify(separateImages(body as Record<string, unknown>, SIGNATURE_FIELDS).form);
    const latencies: number[] = [];
    const end = performance.now() + ROUND_SECONDS * 1000;
    let start = performance.now();
    const first = start;
    while (start < end) {
      update.run(data, new Date().toISOString(), id);
      const done = performance.now();
      latencies.push(done - start);
      start = done;
    }
    return { rate: latencies.length / ((start - first) / 1000), latencies, errors: 0 };
  } finally {
    sqlite.close();
  }
}

/**
 * Throughput and latency of the real server process (autocannon, 50 connections, no pipelining) on SQLite with
 * the shipped durable settings: a bare route, saving a full timesheet draft, reading one form by id, and a page
 * of drafts of an account with 10,000 forms; plus the raw durable-commit rate of the same database. Three
 * rounds of each, interleaved; the figures are the medians of the rounds.
 */
export async function measureServer(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "plant-sheets-bench-"));
  try {
    const seeded = await seed(dataDir);
    // No web root: these figures are about the API.
    const server = await startServer({ port: benchPort(1), dataDir, webRoot: join(dataDir, "no-web") });
    try {
      const headers = {
        cookie: `${SESSION_COOKIE}=${seeded.token}`,
        origin: server.url,
        "content-type": "application/json",
      };
      const formUrl = `${server.url}/api/timesheets/${seeded.draftId}`;
      const listUrl = `${server.url}/api/timesheets?status=draft&limit=${PAGE_SIZE}`;
      const saveBody = JSON.stringify(seeded.body);
      // Each call must work before it is timed: a fast 4xx would be a meaningless figure.
      for (const [url, init] of [
        [formUrl, { method: "PUT", headers, body: saveBody }],
        [formUrl, { headers }],
        [listUrl, { headers }],
      ] as const) {
        const response = await fetch(url, init);
        if (!response.ok)
          throw new Error(`${init.method ?? "GET"} ${url}: ${response.status} ${await response.text()}`);
        if (url === listUrl) {
          const page = (await response.json()) as unknown;
          const items = Array.isArray(page) ? page : (page as { items?: unknown[] }).items;
          if (!Array.isArray(items) || items.length !== PAGE_SIZE) {
            throw new Error(`the draft list did not answer one page of ${PAGE_SIZE}`);
          }
        }
      }

      const rounds: Record<"health" | "save" | "read" | "list" | "raw", Round[]> = {
        health: [],
        save: [],
        read: [],
        list: [],
        raw: [],
      };
      for (let round = 0; round < ROUNDS; round++) {
        rounds.health.push(await cannon({ url: `${server.url}/api/health` }));
        rounds.save.push(await cannon({ url: formUrl, method: "PUT", headers, body: saveBody }));
        rounds.read.push(await cannon({ url: formUrl, headers }));
        rounds.list.push(await cannon({ url: listUrl, headers }));
        rounds.raw.push(rawCommitLoop(join(dataDir, SQLITE_FILE_NAME), seeded.draftId, seeded.body));
      }

      const rate = (name: keyof typeof rounds) => median(rounds[name].map((r) => r.rate));
      const p = (name: keyof typeof rounds, q: number) =>
        median(rounds[name].map((r) => percentile(r.latencies, q)));
      const errors = (name: keyof typeof rounds) => rounds[name].reduce((sum, r) => sum + r.errors, 0);
      const samples = (name: keyof typeof rounds) => rounds[name].map((r) => Math.round(r.rate));
      const failed = (name: keyof typeof rounds) =>
        errors(name) > 0 ? `${errors(name)} failed requests; ` : "";
      const ratio = (name: keyof typeof rounds, base: keyof typeof rounds) =>
        median(rounds[name].map((r, i) => r.rate / rounds[base][i]!.rate));
      const valid = (name: keyof typeof rounds, value: number) => (errors(name) > 0 ? null : value);

      return [
        {
          group: "server",
          name: "bare route GET /api/health",
          value: rate("health"),
          unit: "req/s",
          samples: samples("health"),
          note: `p99 ${p("health", 99).toFixed(1)} ms`,
        },
        {
          group: "server",
          name: "raw durable commits (same DB)",
          value: rate("raw"),
          unit: "req/s",
          samples: samples("raw"),
          note: `p99 ${p("raw", 99).toFixed(2)} ms`,
        },
        {
          group: "server",
          name: "save full draft (PUT)",
          value: valid("save", rate("save")),
          unit: "req/s",
          budget: budgets.draftSaveRate,
          samples: samples("save"),
          note: `${failed("save")}${(ratio("save", "health") * 100).toFixed(0)}% of bare route`,
        },
        {
          group: "server",
          name: "save / raw durable commits",
          value: ratio("save", "raw"),
          unit: "ratio",
          budget: budgets.draftSaveShareOfRawCommits,
        },
        {
          group: "server",
          name: "save p99",
          value: p("save", 99),
          unit: "ms",
          budget: budgets.draftSaveP99Ms,
        },
        {
          group: "server",
          name: "read form by id",
          value: valid("read", rate("read")),
          unit: "req/s",
          budget: budgets.readByIdRate,
          samples: samples("read"),
          note: `${failed("read")}${(ratio("read", "health") * 100).toFixed(0)}% of bare route`,
        },
        {
          group: "server",
          name: "read p99",
          value: p("read", 99),
          unit: "ms",
          budget: budgets.readByIdP99Ms,
        },
        {
          group: "server",
          name: `list drafts, page of ${PAGE_SIZE} of 10,000 forms`,
          value: valid("list", rate("list")),
          unit: "req/s",
          samples: samples("list"),
          note: `${failed("list")}${(ratio("list", "health") * 100).toFixed(0)}% of bare route`,
        },
        {
          group: "server",
          name: "list p95",
          value: p("list", 95),
          unit: "ms",
          budget: budgets.listDraftsP95Ms,
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
