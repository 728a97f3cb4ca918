import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, relative } from "node:path";
import type { Browser } from "@playwright/test";
import { build } from "vite";
import { budgets } from "./budgets";
import { ROOT } from "./build-app";
import { type Figure, median } from "./figure";

const RUNS = 5;
const LIB = join(ROOT, "src/web/lib");

/** The product's own photo-shrinking function: the module in src/web/lib named for it, and its export. */
export function findShrinkFunction(): { file: string; name: string } | null {
  if (!existsSync(LIB)) return null;
  for (const entry of readdirSync(LIB)) {
    if (!/shrink/i.test(entry) || !/\.tsx?$/.test(entry) || /\.test\./.test(entry)) continue;
    const source = readFileSync(join(LIB, entry), "utf8");
    const name = [...source.matchAll(/export\s+(?:async\s+)?function\s+(\w+)/g)]
      .map((m) => m[1]!)
      .find((n) => /shrink/i.test(n));
    if (name) return { file: join(LIB, entry), name };
  }
  return null;
}

const missing = (note: string): Figure[] => [
  {
    group: "photo",
    name: "shrink a 12 MP photo: time",
    value: null,
    unit: "ms",
    budget: budgets.photoShrinkMs,
    note,
  },
  {
    group: "photo",
    name: "shrink a 12 MP photo: output",
    value: null,
    unit: "bytes",
    budget: budgets.photoShrinkBytes,
    note,
  },
];

/**
 * The product's shrink function, built by Vite into a one-file page and run in headless Chromium on a
 * 12-megapixel camera JPEG: the time from File to shrunk Blob (median of 5) and the bytes it would upload.
 */
export async function measurePhotoShrink(browser: Browser, camera: Buffer): Promise<Figure[]> {
  const found = findShrinkFunction();
  if (!found) return missing("the product has no photo-shrinking function in src/web/lib");
  const dir = mkdtempSync(join(tmpdir(), "plant-sheets-shrink-"));
  try {
    const importPath = relative(dir, found.file)
      .replace(/\\/g, "/")
      .replace(/\.tsx?$/, "");
    writeFileSync(
      join(dir, "entry.ts"),
      `import { ${found.name} as shrink } from ${JSON.stringify(importPath)};\n` +
        "(globalThis as unknown as { shrink: unknown }).shrink = shrink;\n",
    );
    writeFileSync(
      join(dir, "index.html"),
      '<!doctype html><html><body><script type="module" src="./entry.ts"></script></body></html>',
    );
    await build({
      root: dir,
      configFile: false,
      logLevel: "warn",
      build: { outDir: join(dir, "dist"), emptyOutDir: true },
    });

    const page = await browser.newPage();
    try {
      const origin = "http://photo-shrink.bench";
      await page.route(`${origin}/**`, async (route) => {
        const path = new URL(route.request().url()).pathname;
        const file = join(dir, "dist", path === "/" ? "index.html" : path);
        if (!existsSync(file)) return route.fulfill({ status: 404 });
        const type =
          extname(file) === ".html"
            ? "text/html"
            : extname(file) === ".js"
              ? "text/javascript"
              : "application/octet-stream";
        await route.fulfill({ body: readFileSync(file), contentType: type });
      });
      await page.goto(`${origin}/`);
      await page.waitForFunction("typeof globalThis.shrink === 'function'");
      const results = (await page.evaluate(
        `(async (base64, runs) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const out = [];
          for (let i = 0; i <= runs; i++) {
            const file = new File([bytes], "IMG_0001.jpg", { type: "image/jpeg", lastModified: 0 });
            const start = performance.now();
            const shrunk = await globalThis.shrink(file);
            const ms = performance.now() - start;
            if (i > 0) out.push({ ms, bytes: shrunk.size, type: shrunk.type });
          }
          return out;
        })(${JSON.stringify(camera.toString("base64"))}, ${RUNS})`,
      )) as { ms: number; bytes: number; type: string }[];
      const ms = results.map((r) => r.ms);
      const sizes = results.map((r) => r.bytes);
      const note = `${found.name} from ${relative(ROOT, found.file)}; input ${(camera.length / 1024 / 1024).toFixed(1)} MB, out ${results[0]?.type}`;
      return [
        {
          group: "photo",
          name: "shrink a 12 MP photo: time",
          value: median(ms),
          unit: "ms",
          budget: budgets.photoShrinkMs,
          samples: ms,
          note,
        },
        {
          group: "photo",
          name: "shrink a 12 MP photo: output",
          value: median(sizes),
          unit: "bytes",
          budget: budgets.photoShrinkBytes,
          samples: sizes,
        },
      ];
    } finally {
      await page.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
