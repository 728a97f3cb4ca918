// Load test: a realistic mix of what drivers do (log in, list drafts, save a draft, update it, submit it with the
// one-step completion that renders the PDF and queues the mail) against the real server process on SQLite.
// Fails (exit 1) on any error, timeout or non-2xx answer.
//
//   npm run bench:load                                   # 200 connections for 60 s
//   LOAD_CONNECTIONS=50 LOAD_DURATION_S=20 npm run bench:load
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { callServer } from "../src/server/test-support/http-client";
import { signedWeek } from "../src/server/test-support/signed-week";
import { startServerProcess } from "../src/server/test-support/start-server-process";

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 60);
const PASSWORD = "load-test-password";

interface Connection {
  email?: string;
  address?: string;
  cookie?: string;
  draftId?: string;
}

let accountsHandedOut = 0;
let serverOrigin = "";
/** Answers other than 2xx, by request and status, to say what went wrong. */
const refusals = new Map<string, number>();
function tally(name: string) {
  return (status: number) => {
    if (status >= 200 && status < 300) return;
    const key = `${name} -> ${status}`;
    refusals.set(key, (refusals.get(key) ?? 0) + 1);
  };
}

/** Each connection is one driver on their own phone (own account, own address behind the proxy). */
function driverOf(context: Connection, accounts: readonly string[]): Connection {
  if (!context.email) {
    const n = accountsHandedOut++;
    context.email = accounts[n % accounts.length];
    context.address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }
  return context;
}

function headersOf(context: Connection, json: boolean): Record<string, string> {
  return {
    origin: serverOrigin,
    "x-forwarded-for": context.address ?? "10.255.255.255",
    ...(json ? { "content-type": "application/json" } : {}),
    ...(context.cookie ? { cookie: context.cookie } : {}),
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "plant-sheets-load-"));
  // Behind a reverse proxy, as in production: each driver's address comes from X-Forwarded-For, so the per-address
  // login limit applies per phone, not to the whole test.
  const server = await startServerProcess({ dataDir, env: { TRUST_PROXY: "true", LOG_LEVEL: "error" } });
  const origin = server.url;
  serverOrigin = origin;
  try {
    const accounts: string[] = [];
    for (let i = 0; i < CONNECTIONS; i += 1) {
      const email = `load${i}@haulage.co.uk`;
      const res = await callServer(origin, "POST", "/api/drivers/register", {
        body: { fullName: `Load Driver ${i}`, email, password: PASSWORD },
        headers: { "x-forwarded-for": `10.200.${i >> 8}.${i & 255}` },
      });
      if (res.status !== 201) throw new Error(`registering ${email} failed: ${res.status}`);
      accounts.push(email);
    }
    const week = signedWeek();

    console.info(`Load mix: ${CONNECTIONS} connections for ${DURATION_S} s against ${origin} (SQLite)`);
    const result = await autocannon({
      url: origin,
      connections: CONNECTIONS,
      duration: DURATION_S,
      timeout: 30,
      requests: [
        {
          method: "POST",
          path: "/api/drivers/login",
          setupRequest: (req, ctx) => {
            const driver = driverOf(ctx as Connection, accounts);
            driver.cookie = undefined;
            return {
              ...req,
              headers: headersOf(driver, true),
              body: JSON.stringify({ email: driver.email, password: PASSWORD }),
            };
          },
          onResponse: (status, _body, ctx, headers) => {
            tally("login")(status);
            const setCookie = (headers as Record<string, string | string[]>)["set-cookie"];
            const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
            (ctx as Connection).cookie = first?.split(";")[0];
          },
        },
        {
          method: "GET",
          path: "/api/timesheets?status=draft",
          setupRequest: (req, ctx) => ({ ...req, headers: headersOf(ctx as Connection, false) }),
          onResponse: tally("list drafts"),
        },
        {
          method: "POST",
          path: "/api/timesheets",
          setupRequest: (req, ctx) => {
            const driver = ctx as Connection;
            driver.draftId = randomUUID();
            return {
              ...req,
              headers: headersOf(driver, true),
              body: JSON.stringify({ id: driver.draftId, company: "Acme Plant Hire", mondayStart: "07:00" }),
            };
          },
          onResponse: tally("save draft"),
        },
        {
          method: "PUT",
          setupRequest: (req, ctx) => {
            const driver = ctx as Connection;
            return {
              ...req,
              path: `/api/timesheets/${driver.draftId}`,
              headers: headersOf(driver, true),
              body: JSON.stringify({ mondayFinish: "16:30", mondayBreak: 30 }),
            };
          },
          onResponse: tally("update draft"),
        },
        {
          method: "POST",
          path: "/api/timesheets/one-step-completion",
          setupRequest: (req, ctx) => {
            const driver = ctx as Connection;
            return {
              ...req,
              headers: headersOf(driver, true),
              body: JSON.stringify({
                timesheetData: { ...week, id: driver.draftId },
                supervisorRating: "happy",
              }),
            };
          },
          onResponse: tally("submit"),
        },
      ],
    });

    const failures = result.errors + result.timeouts + result.non2xx;
    console.info(
      [
        `requests: ${result.requests.total} (${result.requests.average.toFixed(1)}/s average)`,
        `latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
        `errors: ${result.errors}, timeouts: ${result.timeouts}, non-2xx: ${result.non2xx}`,
      ].join("\n"),
    );
    for (const [what, count] of refusals) console.info(`  ${what}: ${count}`);
    if (failures > 0 || result.requests.total === 0) {
      console.error("Load test FAILED: every request must be answered 2xx.");
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
