import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ServerProcess, startServerProcess } from "./test-support/start-server-process";

/** The processes the first process started (Linux keeps each process's children in /proc). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return text ? text.split(" ").map(Number) : [];
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
    server = await startServerProcess({ dataDir, env: { WORKERS: "2" } });
    const primary = server.child.pid!;
    await vi.waitFor(() => expect(childrenOf(primary)).toHaveLength(2), { timeout: 30_000 });
    const [killed, kept] = childrenOf(primary) as [number, number];

    process.kill(killed, "SIGKILL");
    expect((await fetch(`${server.url}/api/health`)).ok).toBe(true);
    await vi.waitFor(
      () => {
        const now = childrenOf(primary);
        expect(now).toHaveLength(2);
        expect(now).toContain(kept);
        expect(now).not.toContain(killed);
      },
      { timeout: 30_000, interval: 200 },
    );
    await vi.waitFor(async () => expect((await fetch(`${server!.url}/api/health`)).ok).toBe(true));
    expect(server.output()).toContain("a server process stopped unexpectedly");

    expect(await server.stop("SIGTERM")).toEqual({ code: 0, signal: null });
  }, 90_000);
});
