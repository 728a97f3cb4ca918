import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ROOT } from "./build-app";

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** The bench's ports: BENCH_PORT and the next few, so it can run beside a developer's own server. */
export function benchPort(offset = 0): number {
  return Number(process.env.BENCH_PORT ?? 3800) + offset;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the server did not answer ${url}/api/health within ${timeoutMs} ms`);
}

/** What `npm start` gives tsx after the build: the server's Node flags and its entry. */
function serverArguments(): string[] {
  const { scripts } = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const server = /\btsx (.+)$/.exec(scripts.start);
  if (!server) throw new Error("the start script does not run the server with tsx");
  return server[1]!.split(" ");
}

/**
 * The real server, as `npm start` runs it (tsx, one process per core), in its own process: on the embedded SQLite
 * file with its durable settings, or on the PostgreSQL database `databaseUrl` names.
 */
export async function startServer(options: {
  port: number;
  dataDir: string;
  webRoot: string;
  /** A postgres:// URL to serve from; without it, SQLite in `dataDir` (never a DATABASE_URL of the environment). */
  databaseUrl?: string;
  /** More settings of the server's, over the bench's own. */
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(resolve(ROOT, "node_modules/.bin/tsx"), serverArguments(), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      WEB_ROOT: options.webRoot,
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      DATABASE_URL: options.databaseUrl ?? "",
      SMTP_URL: "",
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    // Two processes starting through tsx on a machine shared with other work can take over a minute.
    await waitForHealth(url, child, 180_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        child.once("exit", () => {
          clearTimeout(timer);
          done();
        });
        child.kill("SIGTERM");
      }),
  };
}
