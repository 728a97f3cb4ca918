import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const MAX_OUTPUT_CHARS = 200_000;

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ServerProcessOptions {
  dataDir: string;
  /** Added to (and overriding) the embedded defaults below. */
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /** A fixed port; a free one is picked otherwise. */
  port?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (src/server/main.ts) as its own process, exactly as production runs it, and waits until
 * it answers its health check. Node runs it directly with the tsx loader (not through npx), so a signal sent to
 * `child` reaches the server itself: SIGKILL really kills it mid-write.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", join(REPO_ROOT, "src/server/main.ts")], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      WEB_ROOT: join(options.dataDir, "no-web-build"),
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-MAX_OUTPUT_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (hasExited) throw new Error(`The server exited during start-up:\n${printed}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not answer its health check in time:\n${printed}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    child,
    output: () => printed,
    exited,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (!hasExited) child.kill(signal);
      return exited;
    },
  };
}
