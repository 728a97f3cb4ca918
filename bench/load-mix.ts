// Load test: many drivers at once, each doing what a driver does over a working week, against the real server
// process on SQLite. Fails (exit 1) on any error, timeout or non-2xx answer.
//
//   npm run bench:load                                   # 200 drivers (connections) for 60 s
//   LOAD_CONNECTIONS=50 LOAD_DURATION_S=20 npm run bench:load
//
// The mix is one driver's week with a timesheet, repeated. A driver logs in when they have no session (at the
// start, and again once a session's 30 minutes are up, as the app asks them to), not on every visit. On each of
// five visits they list their forms (as the home screen does), start the week's draft on the first visit and
// open it on the others, and save it at each of the wizard's steps; on the fifth visit they submit it with the
// one-step completion, which renders the PDF and queues the mail. Per week that is 30 requests: list 5, open 4,
// save 20 (1 create, 19 updates), submit 1; plus one login per driver per 30 minutes. Every driver logs in at
// the same moment when the run starts, the worst case for the password hashing.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SESSION_IDLE_MS } from "../src/domain/accounts/session";
import { CallTimeoutError, callServer } from "../src/server/test-support/http-client";
import { takeSignUpToken } from "../src/server/test-support/sign-up-mail";
import { signedWeek } from "../src/server/test-support/signed-week";
import { startServerProcess } from "../src/server/test-support/start-server-process";

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 60);
const TIMEOUT_MS = 30_000;
const PASSWORD = "load-test-password";
const VISITS_PER_WEEK = 5;
/** Saves per visit: one at each step of the wizard. */
const SAVES_PER_VISIT = 4;

type Kind = "login" | "list forms" | "open draft" | "save draft" | "submit";

interface Tally {
  latencies: number[];
  errors: number;
  timeouts: number;
  non2xx: Map<number, number>;
}

const tallies = new Map<Kind, Tally>();
function tallyOf(kind: Kind): Tally {
  let tally = tallies.get(kind);
  if (!tally) {
    tally = { latencies: [], errors: 0, timeouts: 0, non2xx: new Map() };
    tallies.set(kind, tally);
  }
  return tally;
}

/** One driver on their own phone: own account, own address behind the proxy, one kept-alive connection. */
class Driver {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  private cookie: string | undefined;
  private loggedInAt = 0;
  private draftId: string | undefined;

  constructor(
    private readonly origin: string,
    private readonly email: string,
    private readonly address: string,
  ) {}

  /** One call, timed and tallied; false when it failed (the rest of the visit is then pointless). */
  private async call(kind: Kind, method: string, path: string, body?: unknown): Promise<boolean> {
    const tally = tallyOf(kind);
    const started = performance.now();
    try {
      const answer = await callServer(this.origin, method, path, {
        body,
        cookie: this.cookie,
        headers: { "x-forwarded-for": this.address },
        agent: this.agent,
        timeoutMs: TIMEOUT_MS,
      });
      tally.latencies.push(performance.now() - started);
      if (answer.status >= 200 && answer.status < 300) {
        if (kind === "login") this.cookie = answer.setCookie[0]?.split(";")[0];
        return true;
      }
      if (kind === "login") this.cookie = undefined;
      tally.non2xx.set(answer.status, (tally.non2xx.get(answer.status) ?? 0) + 1);
    } catch (error) {
      if (error instanceof CallTimeoutError) tally.timeouts += 1;
      else tally.errors += 1;
    }
    return false;
  }

  /** One visit of the week: `day` 0 starts the week's draft, day 4 submits it. */
  async visit(day: number, week: Record<string, unknown>): Promise<void> {
    if (!this.cookie || performance.now() - this.loggedInAt >= SESSION_IDLE_MS) {
      this.loggedInAt = performance.now();
      const credentials = { email: this.email, password: PASSWORD };
      if (!(await this.call("login", "POST", "/api/drivers/login", credentials))) return;
    }
    if (!(await this.call("list forms", "GET", "/api/timesheets"))) return;
    if (day === 0 || !this.draftId) {
      this.draftId = randomUUID();
      const created = { id: this.draftId, company: "Acme Plant Hire", mondayStart: "07:00" };
      if (!(await this.call("save draft", "POST", "/api/timesheets", created))) return;
    } else if (!(await this.call("open draft", "GET", `/api/timesheets/${this.draftId}`))) {
      return;
    }
    for (let step = day === 0 ? 1 : 0; step < SAVES_PER_VISIT; step += 1) {
      const saved = { [`${DAY_NAMES[day]}Finish`]: "16:30", [`${DAY_NAMES[day]}Break`]: 30 + step };
      if (!(await this.call("save draft", "PUT", `/api/timesheets/${this.draftId}`, saved))) return;
    }
    if (day === VISITS_PER_WEEK - 1) {
      // Each driver mails their own client's office: one office getting every driver's weeks would soon pass
      // the per-recipient mail limit (decision record 023), which no real office does.
      const submissionEmails = [`office.${this.email.split("@")[0]}@buildco.co.uk`];
      const body = {
        timesheetData: { ...week, id: this.draftId, submissionEmails },
        supervisorRating: "happy",
      };
      await this.call("submit", "POST", "/api/timesheets/one-step-completion", body);
      this.draftId = undefined;
    }
  }

  close(): void {
    this.agent.destroy();
  }
}

const DAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function describeLatencies(latencies: readonly number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (p: number) => `${Math.round(percentile(sorted, p))} ms`;
  return `p50 ${ms(50)}, p99 ${ms(99)}, max ${Math.round(sorted.at(-1) ?? 0)} ms`;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "plant-sheets-load-"));
  // Behind a reverse proxy, as in production: each driver's address comes from X-Forwarded-For, so the per-address
  // limits apply per phone, not to the whole test.
  const server = await startServerProcess({ dataDir, env: { TRUST_PROXY: "true", LOG_LEVEL: "error" } });
  const origin = server.url;
  const drivers: Driver[] = [];
  try {
    for (let i = 0; i < CONNECTIONS; i += 1) {
      const email = `load${i}@haulage.co.uk`;
      const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const res = await callServer(origin, "POST", "/api/drivers/register", {
        body: { fullName: `Load Driver ${i}`, email },
        headers: { "x-forwarded-for": address },
      });
      if (res.status !== 202) throw new Error(`registering ${email} failed: ${res.status}`);
      // The account is made on the emailed link's page, where the password is chosen.
      const token = await takeSignUpToken(join(dataDir, "mail"), email);
      const made = await callServer(origin, "POST", "/api/drivers/register/confirm", {
        body: { token, password: PASSWORD },
        headers: { "x-forwarded-for": address },
      });
      if (made.status !== 201) throw new Error(`confirming ${email} failed: ${made.status}`);
      drivers.push(new Driver(origin, email, address));
    }
    const week = signedWeek();

    console.info(`Load mix: ${CONNECTIONS} drivers for ${DURATION_S} s against ${origin} (SQLite)`);
    const started = performance.now();
    const deadline = started + DURATION_S * 1000;
    // Each driver starts on a different day of the week, as real drivers do not all submit at once.
    await Promise.all(
      drivers.map(async (driver, i) => {
        for (let visit = i; performance.now() < deadline; visit += 1) {
          await driver.visit(visit % VISITS_PER_WEEK, week);
        }
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;

    let total = 0;
    let failures = 0;
    const all: number[] = [];
    const lines: string[] = [];
    for (const [kind, tally] of tallies) {
      const non2xx = [...tally.non2xx.values()].reduce((sum, n) => sum + n, 0);
      const failed = tally.errors + tally.timeouts + non2xx;
      total += tally.latencies.length + tally.errors + tally.timeouts;
      failures += failed;
      all.push(...tally.latencies);
      const statuses = [...tally.non2xx].map(([status, n]) => `${status} x${n}`).join(", ");
      lines.push(
        `  ${kind}: ${tally.latencies.length + tally.errors + tally.timeouts} requests, ${describeLatencies(tally.latencies)}` +
          (failed > 0 ? `; errors ${tally.errors}, timeouts ${tally.timeouts}, non-2xx ${statuses}` : ""),
      );
    }
    const errors = [...tallies.values()].reduce((sum, t) => sum + t.errors, 0);
    const timeouts = [...tallies.values()].reduce((sum, t) => sum + t.timeouts, 0);
    console.info(
      [
        `requests: ${total} in ${elapsedS.toFixed(1)} s (${(total / elapsedS).toFixed(1)}/s average)`,
        `latency: ${describeLatencies(all)}`,
        `errors: ${errors}, timeouts: ${timeouts}, non-2xx: ${failures - errors - timeouts}`,
        ...lines,
      ].join("\n"),
    );
    if (failures > 0 || total === 0) {
      console.error("Load test FAILED: every request must be answered 2xx.");
      process.exitCode = 1;
    }
  } finally {
    for (const driver of drivers) driver.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
