import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ServerProcess, startServerProcess } from "./test-support/start-server-process";

/** The processes the first process started (Linux keeps each process's children in /proc). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return text ? text.split(" ").map(Number) : [];
}

/**
 * The health check's status on a connection of its own: a kept-alive one may belong to the worker that was killed,
 * as a browser's would, and be reset.
 */
function healthOnNewConnection(url: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    get(`${url}/api/health`, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode);
    }).on("error", reject);
  });
}

describe("the server's worker processes", () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  afterEach(async () => {
    await server?.stop("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("replaces a worker that dies, answering meanwhile, and all stop on SIGTERM", async () => {
    dataDir = mkdtempSync(join(tmpdir(), "plant-sheets-workers-"));
    server = await startServerProcess({ dataDir, env: { WORKERS: "2", LOG_LEVEL: "info" } });
    const primary = server.child.pid!;
    // Said once every worker listens.
    await vi.waitFor(() => expect(server!.output()).toContain("Plant Sheets is running at"), {
      timeout: 30_000,
    });
    expect(childrenOf(primary)).toHaveLength(2);
    const [killed, kept] = childrenOf(primary) as [number, number];

    process.kill(killed, "SIGKILL");
    // Once the first process has seen it go, and before the replacement starts, the other answers.
    await vi.waitFor(() => expect(server!.output()).toContain("a server process stopped unexpectedly"));
    expect(await healthOnNewConnection(server.url)).toBe(200);
    await vi.waitFor(
      () => {
        const now = childrenOf(primary);
        expect(now).toHaveLength(2);
        expect(now).toContain(kept);
        expect(now).not.toContain(killed);
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(await healthOnNewConnection(server.url)).toBe(200);

    expect(await server.stop("SIGTERM")).toEqual({ code: 0, signal: null });
  }, 90_000);
});
