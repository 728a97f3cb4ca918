import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { LOCALES } from "../src/domain/text/i18n/locales";
import { budgets } from "./budgets";
import { BENCH_WEB_ROOT } from "./build-app";
import type { Figure } from "./figure";

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunk vite.config.ts puts the home screen in: the route's lazy screen, loaded at first paint. */
const HOME_CHUNK = "home";
/** A language's catalog (src/domain/text/catalogs/<locale>.json) is a chunk of its own, named by its locale. */
const isCatalog = (chunk: ManifestChunk) => (LOCALES as readonly string[]).includes(chunk.name ?? "");
/** The QR decoder: may be larger than a lazy chunk's budget because it loads only when the scanner opens. */
const QR_DECODER = /barcode-detector|zxing/;

const gzipSize = (file: string) => gzipSync(readFileSync(join(BENCH_WEB_ROOT, file)), { level: 9 }).length;

/** Keys of a chunk and everything it imports statically. */
function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

function filesOf(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}

/** Files the page itself references: index.html, and icons, manifest, scripts outside the JS graph. */
function htmlAndLinkedFiles(): string[] {
  const html = readFileSync(join(BENCH_WEB_ROOT, "index.html"), "utf8");
  const linked = [...html.matchAll(/<(?:link[^>]+href|script[^>]+src)="\/?([^"]+)"/g)]
    .map((m) => m[1]!)
    .filter((href) => !href.startsWith("http") && !href.startsWith("assets/"));
  return ["index.html", ...linked];
}

function fontsIn(css: string): string[] {
  return [...new Set([...css.matchAll(/url\(\/?(assets\/[^)]+\.woff2?)\)/g)].map((m) => m[1]!))];
}

/** The stylesheet, which the build writes into every page (vite.config.ts). */
function pageStylesheet(): string {
  const html = readFileSync(join(BENCH_WEB_ROOT, "index.html"), "utf8");
  const styles = /<style>([\s\S]*?)<\/style>/.exec(html);
  if (!styles) throw new Error("index.html has no stylesheet in it");
  return styles[1]!;
}

/**
 * Sizes from Vite's build manifest: what the browser needs before the home screen is usable (the entry, its
 * static imports, its CSS and the home route's lazy screen with its imports), the whole critical path (that,
 * plus the HTML and what it links and fonts the CSS uses), and the largest chunk that loads later.
 */
export function measureBundleSizes(): Figure[] {
  const manifest = JSON.parse(readFileSync(join(BENCH_WEB_ROOT, ".vite/manifest.json"), "utf8")) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const homeRoute = Object.keys(manifest).filter((key) => manifest[key]!.name === HOME_CHUNK);
  if (entries.length === 0) throw new Error("the manifest has no entry chunk");
  if (homeRoute.length === 0) throw new Error("the manifest has no home screen chunk");

  const homeKeys = staticClosure(manifest, [...entries, ...homeRoute]);
  const homeFiles = filesOf(manifest, homeKeys);
  const css = pageStylesheet();
  const jsBytes = [...homeFiles].reduce((sum, file) => sum + gzipSize(file), 0);
  const homeBytes = jsBytes + gzipSync(css, { level: 9 }).length;
  // Fonts are already compressed: counted as they are.
  const fontBytes = fontsIn(css).reduce((sum, f) => sum + readFileSync(join(BENCH_WEB_ROOT, f)).length, 0);
  // The page carries the stylesheet: counted with it.
  const pageBytes = htmlAndLinkedFiles().reduce((sum, f) => sum + gzipSize(f), 0);

  const qrKeys = new Set(
    Object.keys(manifest).filter((key) => QR_DECODER.test(key) || QR_DECODER.test(manifest[key]!.src ?? "")),
  );
  // Each language's two parts (src/domain/text/i18n/catalog-parts.ts): what its first screen waits for, and
  // the whole language once the rest has followed.
  const firstParts = new Map<string, number>();
  const wholeLanguages = new Map<string, number>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!isCatalog(chunk) || homeFiles.has(chunk.file)) continue;
    const bytes = gzipSize(chunk.file);
    const language = chunk.name ?? "";
    wholeLanguages.set(language, (wholeLanguages.get(language) ?? 0) + bytes);
    if (key.endsWith("?part=start")) firstParts.set(language, bytes);
  }
  const largest = (sizes: Map<string, number>) =>
    [...sizes].reduce((most, [file, bytes]) => (bytes > most.bytes ? { file, bytes } : most), {
      file: "",
      bytes: 0,
    });
  const largestFirstPart = largest(firstParts);
  const largestLanguage = largest(wholeLanguages);
  if (largestFirstPart.bytes === 0) throw new Error("the manifest has no language catalog chunk");
  let largestLazy = { file: "", bytes: 0 };
  let qrBytes = 0;
  const chunkFiles = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) {
      if (homeFiles.has(file) || chunkFiles.has(file)) continue;
      chunkFiles.add(file);
      const bytes = gzipSize(file);
      if (qrKeys.has(key) || QR_DECODER.test(file)) qrBytes += bytes;
      else if (/\.(js|css)$/.test(file) && bytes > largestLazy.bytes) largestLazy = { file, bytes };
    }
  }

  return [
    {
      group: "bundle",
      name: "home screen JS+CSS (gzip)",
      value: homeBytes,
      unit: "bytes",
      budget: budgets.homeScreenGzip,
      note: `${homeFiles.size} JS files and the stylesheet in the page`,
    },
    {
      group: "bundle",
      name: "whole critical path (gzip)",
      value: jsBytes + pageBytes + fontBytes,
      unit: "bytes",
      budget: budgets.criticalPathGzip,
      note: "HTML, linked icons, fonts, JS, CSS",
    },
    {
      group: "bundle",
      name: "largest lazy chunk (gzip)",
      value: largestLazy.bytes,
      unit: "bytes",
      budget: budgets.lazyChunkGzip,
      note: largestLazy.file.replace(/^assets\//, ""),
    },
    {
      group: "bundle",
      name: "largest language's first screen (gzip)",
      value: largestFirstPart.bytes,
      unit: "bytes",
      budget: budgets.catalogGzip,
      note: `${largestFirstPart.file}: fetched only when its language is chosen, before its first screen`,
    },
    {
      group: "bundle",
      name: "largest language, every screen (gzip)",
      value: largestLanguage.bytes,
      unit: "bytes",
      note: `${largestLanguage.file}: the rest fetched while the first screen is read`,
    },
    {
      group: "bundle",
      name: "QR decoder, JS+WASM (gzip)",
      value: qrBytes,
      unit: "bytes",
      note: "loads only when the scanner opens",
    },
  ];
}
