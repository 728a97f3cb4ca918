import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

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

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
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
        globPatterns: ["**/*.{js,css,html,svg,png,wasm}"],
        // The QR decoder's WebAssembly is about 1 MB; it must be there offline too.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      manifest: {
        id: "/",
        name: "Plant Sheets",
        short_name: "Plant Sheets",
        description: "Weekly timesheets and daily plant defect check sheets. Works offline.",
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
  build: { outDir: "../../dist/web", emptyOutDir: true, sourcemap: true },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
