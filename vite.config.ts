import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { parse as parseMessage } from "@formatjs/icu-messageformat-parser";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { ChunkingContext, CodeSplittingGroup, OutputBundle } from "rolldown";
import { createServer, defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { catalogPart } from "./src/domain/text/i18n/catalog-parts";
import { isPlainText } from "./src/domain/text/i18n/translate";

const brandDark = "#0f172a";

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|wasm|txt)$/;

/**
 * Writes .br and .gz beside every text file of the build, compressed once at their best, so the server sends
 * them as they are (its static files are served with `preCompressed`) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "plant-sheets:precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // Every file of the output, the copied public folder included.
      for (const fileName of readdirSync(outDir, { recursive: true, encoding: "utf8" })) {
        const path = join(outDir, fileName);
        if (!COMPRESSIBLE.test(fileName) || !statSync(path).isFile()) continue;
        const bytes = readFileSync(path);
        if (bytes.length < 1024) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The pages whose first-visit markup the build writes into their HTML, by address. Customer selection is where
 * the home's Start links lead, so a tap on them before the app has arrived opens a painted screen at once.
 * The server finds each page's address in its data-prerendered.
 */
const PRERENDERED_PAGES: Record<string, string> = {
  "/": "index.html",
  "/timesheet": "timesheet.html",
  "/check-sheet": "check-sheet.html",
  "/?screen=customer-selection&form=timesheet": "customer-selection-timesheet.html",
  "/?screen=customer-selection&form=check-sheet": "customer-selection-check-sheet.html",
};

const CATALOG = /[\\/]src[\\/]domain[\\/]text[\\/]catalogs[\\/][^\\/?]+\.json(\?.*)?$/;

/**
 * The message catalogs as modules. `<locale>.json?part=start` and `?part=rest` are the two parts the browser loads
 * (src/domain/text/i18n/catalog-parts.ts); the whole file is the catalog as written. In a build each message comes
 * already parsed (ICU MessageFormat to its syntax tree), so the browser needs no message parser: the formatter's
 * parser is swapped for its parser-less build (decision 048).
 */
export function catalogModules(): Plugin {
  let precompile = false;
  return {
    name: "plant-sheets:catalog-modules",
    enforce: "pre",
    config: (_config, { command }) =>
      command === "build"
        ? {
            resolve: {
              alias: [
                {
                  find: /^@formatjs\/icu-messageformat-parser$/,
                  replacement: "@formatjs/icu-messageformat-parser/no-parser.js",
                },
              ],
            },
          }
        : undefined,
    configResolved(config) {
      precompile = config.command === "build";
    },
    load(id) {
      if (!CATALOG.test(id)) return null;
      const [file = "", query = ""] = id.split("?");
      const part = new URLSearchParams(query).get("part");
      const whole = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
      const messages = part === "start" || part === "rest" ? catalogPart(whole, part) : whole;
      // A message of plain text stays a string (the translator hands it out as it is): most are, and the
      // first screen's English then costs its words, not a syntax tree of them.
      const values = precompile
        ? Object.fromEntries(
            Object.entries(messages).map(([key, message]) => [
              key,
              isPlainText(message) ? message : parseMessage(message),
            ]),
          )
        : messages;
      return { code: `export default ${JSON.stringify(values)};`, moduleType: "js" };
    },
  };
}

/**
 * Writes boot.js, which every page runs before its first paint, into the page's <head>: the first paint then
 * waits for no request but the page's own (on slow 4G each costs 562 ms before its first byte: decision 028).
 */
function bootScript(): Plugin {
  return {
    name: "plant-sheets:boot-script",
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        const boot = readFileSync(resolve(import.meta.dirname, "src/web/boot.js"), "utf8");
        if (/<\/script/i.test(boot)) throw new Error("boot.js would end its own script tag");
        if (!html.includes(BOOT_PLACE)) throw new Error(`index.html has no ${BOOT_PLACE}`);
        return html.replace(BOOT_PLACE, () => `${BOOT_TAG}${boot}</script>`);
      },
    },
  };
}
const BOOT_PLACE = "<!-- boot.js -->";
const BOOT_TAG = "<script data-boot>";

/**
 * Writes the stylesheet into the page, as boot.js is, and hands the app's module script to boot.js (data-app),
 * with every module it imports (data-preload), which starts the app at once or, on a prerendered screen, once it
 * is painted.
 */
function startAppFromBoot(html: string, bundle: OutputBundle): string {
  const app = /<script type="module" crossorigin src="\/([^"]+)"><\/script>\s*/.exec(html);
  const entry = app ? bundle[app[1]!] : undefined;
  if (!app || entry?.type !== "chunk")
    throw new Error("index.html has no module script to start the app with");
  // Each chunk after those it imports: boot.js runs them in this order, one task each.
  const imports = new Set<string>();
  const visited = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (visited.has(fileName) || chunk?.type !== "chunk") return;
    visited.add(fileName);
    chunk.imports.forEach(visit);
    imports.add(fileName);
  };
  entry.imports.forEach(visit);
  const preload = [...imports].map((fileName) => `/${fileName}`).join(" ");
  const stylesheet = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/.exec(html);
  const css = stylesheet ? bundle[stylesheet[1]!] : undefined;
  if (!stylesheet || css?.type !== "asset") throw new Error("index.html has no stylesheet to write into it");
  const styles = String(css.source);
  if (/<\/style/i.test(styles)) throw new Error("the stylesheet would end its own style tag");
  // Every page carries it, so no page asks for the file.
  delete bundle[stylesheet[1]!];
  if (!html.includes(BOOT_TAG)) throw new Error("index.html does not run boot.js");
  return html
    .replace(app[0], "")
    .replace(stylesheet[0], () => `<style>${styles}</style>`)
    .replace(BOOT_TAG, `<script data-boot data-app="/${entry.fileName}" data-preload="${preload}">`);
}

/**
 * Writes each page of PRERENDERED_PAGES with the app's markup for a first visit already in it
 * (src/web/prerender.tsx, run in Node through Vite), so a phone paints the screen before the JavaScript has
 * arrived; the app then takes that markup over (src/web/main.tsx). boot.js decides before the first
 * paint whether the markup is what this visitor would see, and starts the app.
 */
function prerender(): Plugin {
  let configFile: string | undefined;
  let mode = "production";
  return {
    name: "plant-sheets:prerender",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      configFile = config.configFile;
      mode = config.mode;
    },
    async generateBundle(_options, bundle) {
      const shell = bundle["index.html"];
      if (shell?.type !== "asset") return;
      const template = startAppFromBoot(String(shell.source), bundle);
      const emptyRoot = '<div id="root"></div>';
      if (!template.includes(emptyRoot)) throw new Error("index.html has no empty #root to prerender into");
      // Its own cache folder, so builds running side by side (tests, the bench) do not share one.
      const cacheDir = mkdtempSync(join(tmpdir(), "plant-sheets-prerender-"));
      const server = await createServer({
        configFile,
        mode,
        cacheDir,
        logLevel: "error",
        appType: "custom",
        optimizeDeps: { noDiscovery: true, include: [] },
        server: { middlewareMode: true, hmr: false, watch: null },
      });
      try {
        const { prerenderPath } = (await server.ssrLoadModule("/prerender.tsx")) as {
          prerenderPath: (path: string) => Promise<string>;
        };
        for (const [path, fileName] of Object.entries(PRERENDERED_PAGES)) {
          const markup = await prerenderPath(path);
          // React puts the preloads it wants first; they belong in <head>.
          const preloads = markup.match(/^(?:<link [^>]*>)*/)?.[0] ?? "";
          const html = template
            .replace("<html ", `<html data-prerendered="${path.replaceAll("&", "&amp;")}" `)
            .replace("</head>", `${preloads}</head>`)
            .replace(emptyRoot, `<div id="root">${markup.slice(preloads.length)}</div>`);
          if (fileName === "index.html") shell.source = html;
          else this.emitFile({ type: "asset", fileName, source: html });
        }
      } finally {
        await server.close();
        rmSync(cacheDir, { recursive: true, force: true });
      }
    },
  };
}

const WEB = resolve(import.meta.dirname, "src/web");
const MAIN = `${WEB}/main.tsx`;
const HOME = `${WEB}/features/home/home-page.tsx`;
const ROUTES = `${WEB}/routes.tsx`;
/** The module a wizard imports to run zod's library in a step of its own (routes.tsx). */
const ZOD_LIBRARY = `${WEB}/lib/zod-library.ts`;
const WIZARDS = {
  // Each wizard's screen and its rules, which routes.tsx runs in steps.
  timesheet: [
    `${WEB}/features/forms/timesheet/timesheet-page.tsx`,
    resolve(import.meta.dirname, "src/domain/hours/timesheet.ts"),
  ],
  "check-sheet": [
    `${WEB}/features/forms/check-sheet/check-sheet-page.tsx`,
    resolve(import.meta.dirname, "src/domain/checks/check-sheet.ts"),
  ],
};

/** The modules `starts` import, and theirs, statically, but for those `known` has. */
function staticImports(ctx: ChunkingContext, starts: readonly string[], known: { has(id: string): boolean }) {
  const found = new Set<string>();
  const next = [...starts];
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    const info = found.has(id) || known.has(id) ? null : ctx.getModuleInfo(id);
    if (!info) continue;
    found.add(id);
    next.push(...info.importedIds);
  }
  return found;
}

/** The modules the app and the home screen import later (a dialog, a menu), in the order found: not the screens. */
function laterImports(ctx: ChunkingContext): string[] {
  const later = new Set<string>();
  const seen = new Set<string>();
  const next = [MAIN, HOME];
  for (let id = next.shift(); id !== undefined; id = next.shift()) {
    const info = seen.has(id) ? null : ctx.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    next.push(...info.importedIds);
    if (id === ROUTES) continue;
    for (const lazy of info.dynamicallyImportedIds) {
      // A catalog's part is a chunk of its own, fetched with its language (src/web/lib/i18n.ts).
      if (lazy === HOME || later.has(lazy) || CATALOG.test(lazy)) continue;
      later.add(lazy);
      next.push(lazy);
    }
  }
  return [...later];
}

/** The parts of a visit after the home, at most (planChunks checks): the two wizards and the later imports. */
const MAX_PARTS = 34;
/**
 * The order in which the groups take their modules: a group also takes in what its modules import that no group
 * before it has taken, so what is shared must be taken before what shares it. The app, the home, then what more
 * parts of a visit need first: a module a part needs brings everything it imports into that part, so what a
 * module imports is needed by as many parts as it is, or more.
 */
const RANK = {
  app: 0,
  home: 1,
  part: (parts: number) => 2 + MAX_PARTS - parts,
  last: 1 + MAX_PARTS,
};
type Placement = { rank: number; chunk: string };

/** The chunks named apart from the parts of a visit. */
const OWN_CHUNKS = new Set(["app", "home", "zod", "react-dom"]);

/** A chunk's name from the parts that need it; one name a set, short enough for a file name. */
function partsChunkName(parts: readonly string[]): string {
  const all = parts.join("~");
  if (all.length <= 60) return all;
  return `${parts.length}-parts~${createHash("sha256").update(all).digest("hex").slice(0, 8)}`;
}

/**
 * Where the app's modules go, by the parts of a visit that need them: what main.tsx imports, what the home screen
 * imports beyond it, then a chunk for each set of the later parts that needs a module: each wizard (its screen and
 * its rules), and each of what the app and the home load later (a dialog, a menu, the draft check). A phone pays
 * for each script a page loads, however small (decision 032), and for every module of a script it loads, needed or
 * not (decision 033); so a module is in a chunk with the modules that the same parts import (statically, before
 * tree-shaking: a package whose entry imports all its modules would go whole to the app, so each icon is imported
 * from its own module, which biome.json enforces).
 * Nothing the home loads first is in a wizard's chunks, and no wizard runs what only the other wizard, or only
 * what the home loads later, needs; a wizard does run the home's chunk, whose modules it shares in part. Other
 * screens' modules are left to the bundler.
 */
function planChunks(ctx: ChunkingContext): Map<string, Placement> {
  const placed = new Map<string, Placement>();
  const place = (modules: Iterable<string>, rank: number, chunk: string) => {
    for (const id of modules) placed.set(id, { rank, chunk });
  };
  place(staticImports(ctx, [MAIN], placed), RANK.app, "app");
  place(staticImports(ctx, [HOME], placed), RANK.home, "home");
  const fileName = (id: string) => id.replace(/^.*[\\/]/, "").replace(/\.[^.]+$/, "");
  const parts: [name: string, starts: readonly string[]][] = [
    ...Object.entries(WIZARDS),
    ...laterImports(ctx).map((id): [string, string[]] => [fileName(id), [id]]),
  ];
  if (parts.length > MAX_PARTS) throw new Error(`more than ${MAX_PARTS} parts of a visit to plan`);
  const names = parts.map(([name]) => name);
  const clash = names.find((name, i) => OWN_CHUNKS.has(name) || names.indexOf(name) !== i);
  if (clash) throw new Error(`two chunks would be named "${clash}": rename the module`);
  const neededBy = new Map<string, string[]>();
  for (const [name, starts] of parts)
    for (const id of staticImports(ctx, starts, placed))
      neededBy.set(id, [...(neededBy.get(id) ?? []), name]);
  for (const [id, names] of neededBy) place([id], RANK.part(names.length), partsChunkName(names));
  return placed;
}

let plan: { main: object | null; placed: Map<string, Placement> } | undefined;
/** One plan a build (the service worker's build has no app in it, and gets none). */
function placementOf(id: string, ctx: ChunkingContext): Placement | undefined {
  const main = ctx.getModuleInfo(MAIN);
  if (plan?.main !== main) plan = { main, placed: main ? planChunks(ctx) : new Map() };
  return plan.placed.get(id);
}

/**
 * React's renderer in a chunk of its own, so boot.js can run it in a task apart from the app's code; zod's
 * library in one of its own, with the module through which a wizard runs it in a task apart from the schemas
 * (routes.tsx); then a group for each rank of planChunks, in its order.
 */
const CHUNK_GROUPS: CodeSplittingGroup[] = [
  { name: "react-dom", test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: RANK.last + 2 },
  {
    name: "zod",
    test: (id) => id === ZOD_LIBRARY || /node_modules[\\/]zod[\\/]/.test(id),
    priority: RANK.last + 2,
  },
  ...Array.from({ length: RANK.last + 1 }, (_, rank) => ({
    debugName: `rank ${rank}`,
    name: (id: string, ctx: ChunkingContext) => {
      const placement = placementOf(id, ctx);
      return placement?.rank === rank ? placement.chunk : null;
    },
    priority: RANK.last + 1 - rank,
  })),
];

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [
    catalogModules(),
    react(),
    tailwindcss(),
    bootScript(),
    prerender(),
    precompress(),
    // The installable app: our own service worker (src/web/offline/service-worker.ts) gets the list of every
    // built file injected, so a cold start with no signal opens any screen, the QR decoder included.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "offline",
      filename: "service-worker.ts",
      // A new version waits for the driver's Reload (src/web/offline/update-prompt.tsx), never swapped mid-form.
      registerType: "prompt",
      injectRegister: false,
      // The icons are among the built files already.
      includeManifestIcons: false,
      injectManifest: {
        // A classic script, as the worker is registered: no `import.meta` left in it.
        rollupFormat: "iife",
        // The worker's own build: the English messages it imports come parsed too, as it has no parser either.
        buildPlugins: { vite: [catalogModules()] },
        globPatterns: ["**/*.{js,css,html,svg,png,wasm}"],
        // The QR decoder's WebAssembly is about 1 MB; it must be there offline too.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      manifest: {
        id: "/",
        name: "Plant Sheets",
        short_name: "Plant Sheets",
        description: "Weekly timesheets, daily plant defect check sheets and off-hire notes. Works offline.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        lang: "en-GB",
        theme_color: brandDark,
        background_color: brandDark,
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
    }),
  ],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // A lazy screen's modules arrive as the browser finds them: preloading them all at once took a long task
    // on a slow phone (a link element each, dozens for a wizard). The app's own imports are preloaded by boot.js.
    // (`false` would swap in a helper the service worker's build cannot run.)
    modulePreload: { resolveDependencies: () => [] },
    // One stylesheet, written into every page: no lazy screen asks for a stylesheet file of its own.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
