import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..");
/** The bench's own build, so it never disturbs `dist/web` or the browser tests' build. */
export const BENCH_WEB_ROOT = resolve(ROOT, "dist/bench-web");

/** A production build of the web app with Vite's manifest, which the size figures read. */
export function buildApp(): void {
  execFileSync(
    resolve(ROOT, "node_modules/.bin/vite"),
    ["build", "--outDir", BENCH_WEB_ROOT, "--emptyOutDir", "--manifest", "--logLevel", "warn"],
    { cwd: ROOT, stdio: "inherit" },
  );
}
