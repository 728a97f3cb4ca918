import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import type { ImportPreview, ImportResult } from "../src/domain/company/list-import";
import { buildApp } from "../src/server/app";
import { hashPassword } from "../src/server/auth/password-hash";
import { SESSION_COOKIE } from "../src/server/auth/sessions";
import { loadConfig } from "../src/server/config";
import { insertAccount } from "../src/server/db/accounts-repository";
import { type Database, openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import { budgets } from "./budgets";
import { type Figure, median } from "./figure";

const ORIGIN = "http://sheets.test";
const ROWS = 1000;
const WARM_UP = 1;
const ROUNDS = 5;
const PASSWORD = "bench-imports-1";

/** A fleet file as Excel writes one in a semicolon locale: a byte order mark, CRLF, quoted cells. */
function fleetFile(rows: number, tag: string): string {
  const lines = ["\uFEFFQR code;Plant number;Machine;Type;Description;Check list"];
  for (let i = 0; i < rows; i += 1) {
    lines.push(
      `${tag}-QR-${i};${tag}-P-${i};JCB 86C;Midi excavator;"8,5 tonne midi; quick hitch, ""blue"" cab";excavator`,
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

function customerFile(rows: number, tag: string): string {
  const lines = ["\uFEFFName;Order number required"];
  for (let i = 0; i < rows; i += 1)
    lines.push(`${tag} Groundworks & Civils ${i} Ltd;${i % 3 === 0 ? "yes" : "no"}`);
  return `${lines.join("\r\n")}\r\n`;
}

const LISTS = [
  { list: "fleet", path: "vehicles", file: fleetFile },
  { list: "customers", path: "customers", file: customerFile },
] as const;

/** A new account that makes a company of its own: the admin's session cookie and the company's id. */
async function newCompany(app: FastifyInstance, passwordHash: string) {
  const email = `admin-${randomUUID()}@bench.test`;
  await insertAccount(app.deps.database.db, {
    id: randomUUID(),
    fullName: "Bench Admin",
    email,
    passwordHash,
  });
  const login = await app.inject({
    method: "POST",
    url: "/api/drivers/login",
    headers: { origin: ORIGIN },
    payload: { email, password: PASSWORD },
  });
  const session = login.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  if (!session) throw new Error(`logging the admin in answered ${login.statusCode}: ${login.body}`);
  const cookie = `${SESSION_COOKIE}=${session.value}`;
  const made = await app.inject({
    method: "POST",
    url: "/api/organisations",
    headers: { origin: ORIGIN, cookie },
    payload: { name: "Bench Plant Hire Ltd" },
  });
  if (made.statusCode !== 201)
    throw new Error(`making the company answered ${made.statusCode}: ${made.body}`);
  return { cookie, id: (made.json() as { id: string }).id };
}

/** One POST of the file, timed to its whole answer; a refusal stops the bench rather than being timed. */
async function timedPost(app: FastifyInstance, url: string, cookie: string, file: string, status: number) {
  const started = performance.now();
  const res = await app.inject({
    method: "POST",
    url,
    headers: { origin: ORIGIN, cookie, "content-type": "text/csv" },
    payload: file,
  });
  const ms = performance.now() - started;
  if (res.statusCode !== status)
    throw new Error(`POST ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return { ms, body: res.json() as unknown };
}

/**
 * An admin's import of 1,000 machines, and of 1,000 customers, each into a company of its own: the preview of the
 * file (read, every row checked against the company's list and, for machines, every QR code against the other
 * fleets) and the save (all of that again in one transaction holding the company's row, then the inserts), in
 * process through the app's routes, on a durable SQLite file with the shipped settings and, when BENCH_DATABASE_URL
 * is set, on PostgreSQL in a schema of its own. Median of 5 rounds after a warm-up.
 */
export async function measureImports(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), "plant-sheets-imports-"));
  try {
    figures.push(...(await measureOn("SQLite", await openDatabase({ dataDir }), dataDir)));
    const postgresUrl = process.env.BENCH_DATABASE_URL;
    if (postgresUrl) {
      const schema = `bench_imports_${randomBytes(6).toString("hex")}`;
      await withClient(postgresUrl, (client) => client.query(`create schema ${schema}`));
      try {
        const database = await openDatabase({ databaseUrl: postgresUrl, dataDir, schema });
        figures.push(...(await measureOn("PostgreSQL", database, dataDir)));
      } finally {
        await withClient(postgresUrl, (client) => client.query(`drop schema if exists ${schema} cascade`));
      }
    } else console.info("bench: imports: BENCH_DATABASE_URL is not set, so PostgreSQL is not measured");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function measureOn(databaseName: string, database: Database, dataDir: string): Promise<Figure[]> {
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db);
    app = await buildApp({
      config: loadConfig({ PUBLIC_URL: ORIGIN, DATA_DIR: dataDir }),
      database,
      now: () => new Date(),
    });
    await app.ready();
    const passwordHash = await hashPassword(PASSWORD);
    const figures: Figure[] = [];
    for (const { list, path, file } of LISTS) {
      const previews: number[] = [];
      const saves: number[] = [];
      const totals: number[] = [];
      for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
        const company = await newCompany(app, passwordHash);
        const text = file(ROWS, `R${round}${randomBytes(3).toString("hex")}`);
        const base = `/api/organisations/${company.id}/${path}/import`;
        const preview = await timedPost(app, `${base}/preview`, company.cookie, text, 200);
        const { goodRows, fingerprint } = preview.body as ImportPreview;
        if (goodRows !== ROWS) throw new Error(`the preview found ${goodRows} good rows of ${ROWS}`);
        const save = await timedPost(app, `${base}?expect=${fingerprint}`, company.cookie, text, 201);
        if ((save.body as ImportResult).added !== ROWS)
          throw new Error(`the save added ${JSON.stringify(save.body)}`);
        if (round < WARM_UP) continue;
        previews.push(preview.ms);
        saves.push(save.ms);
        totals.push(preview.ms + save.ms);
      }
      figures.push({
        group: "imports",
        name: `import ${ROWS.toLocaleString("en-GB")} ${list === "fleet" ? "machines" : "customers"}: preview and save, ${databaseName}`,
        value: median(totals),
        unit: "ms",
        budget: budgets.importThousandRowsMs,
        samples: totals,
        note: `preview ${median(previews).toFixed(0)} ms, save ${median(saves).toFixed(0)} ms; file ${(Buffer.byteLength(file(ROWS, "R0abcdef")) / 1024).toFixed(0)} KB`,
      });
    }
    return figures;
  } finally {
    await app?.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const figure of await measureImports()) {
    console.info(`${figure.name}: ${figure.value?.toFixed(0)} ms (${figure.note})`);
  }
}
