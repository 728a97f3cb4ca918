import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/server/app";
import { hashPassword } from "../src/server/auth/password-hash";
import { loadConfig } from "../src/server/config";
import { insertAccount } from "../src/server/db/accounts-repository";
import { openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import { budgets } from "./budgets";
import { type Figure, median } from "./figure";

/** Pairs of requests, one for an address with an account and one for an address without, per route. */
const PAIRS = 200;
const WARM_UP_PAIRS = 20;

interface Route {
  name: string;
  url: string;
  body: (email: string) => object;
}

const ROUTES: readonly Route[] = [
  {
    name: "register",
    url: "/api/drivers/register",
    body: (email) => ({ fullName: "Timing Test", email }),
  },
  { name: "reset-password", url: "/api/drivers/reset-password", body: (email) => ({ email }) },
];

/**
 * Whether an answer's timing tells which addresses have an account: for each route, 200 pairs of requests (an
 * address with an account, one without), the two of a pair back to back in alternating order, each pair from its
 * own client address and with addresses of its own (so no limit is reached). The figure is the median of the
 * pairs' differences (known minus unknown), in process on a durable SQLite file, as the server runs them.
 */
export async function measureAccountTiming(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "plant-sheets-account-timing-"));
  const database = await openDatabase({ dataDir });
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db);
    const total = PAIRS + WARM_UP_PAIRS;
    const passwordHash = await hashPassword("an-existing-password");
    for (const route of ROUTES) {
      for (let i = 0; i < total; i += 1) {
        await insertAccount(database.db, {
          id: randomUUID(),
          fullName: `Known Driver ${i}`,
          email: known(route, i),
          passwordHash,
        });
      }
    }
    app = await buildApp({
      config: loadConfig({
        PUBLIC_URL: "http://sheets.test",
        DATA_DIR: dataDir,
        REGISTRATIONS_PER_ADDRESS_PER_HOUR: "100000",
      }),
      database,
      now: () => new Date(),
    });
    await app.ready();
    const figures: Figure[] = [];
    for (const route of ROUTES) figures.push(...(await measureRoute(app, route, total)));
    return figures;
  } finally {
    await app?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const known = (route: Route, i: number) => `known-${route.name}-${i}@haulage.co.uk`;
const unknown = (route: Route, i: number) => `unknown-${route.name}-${i}@haulage.co.uk`;

async function measureRoute(app: FastifyInstance, route: Route, total: number): Promise<Figure[]> {
  const time = async (email: string, remoteAddress: string) => {
    const started = performance.now();
    const res = await app.inject({
      method: "POST",
      url: route.url,
      payload: route.body(email),
      headers: { origin: "http://sheets.test" },
      remoteAddress,
    });
    const ms = performance.now() - started;
    if (res.statusCode >= 300) throw new Error(`${route.url} answered ${res.statusCode}: ${res.body}`);
    return { ms, body: res.body };
  };
  const differences: number[] = [];
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  for (let i = 0; i < total; i += 1) {
    const remoteAddress = `10.${route.name.length}.${i >> 8}.${i & 255}`;
    const knownFirst = i % 2 === 0;
    const first = await time(knownFirst ? known(route, i) : unknown(route, i), remoteAddress);
    const second = await time(knownFirst ? unknown(route, i) : known(route, i), remoteAddress);
    if (first.body !== second.body) throw new Error(`${route.url}: the two answers differ`);
    if (i < WARM_UP_PAIRS) continue;
    const [k, u] = knownFirst ? [first.ms, second.ms] : [second.ms, first.ms];
    knownMs.push(k);
    unknownMs.push(u);
    differences.push(k - u);
  }
  const difference = median(differences);
  return [
    {
      group: "accounts",
      name: `${route.name}: known minus unknown address (median of ${PAIRS} pairs)`,
      value: Math.abs(difference),
      unit: "ms",
      budget: budgets.accountTimingDifferenceMs,
      samples: differences,
      note: `signed ${difference.toFixed(2)} ms; known ${median(knownMs).toFixed(1)} ms, unknown ${median(unknownMs).toFixed(1)} ms`,
    },
  ];
}
