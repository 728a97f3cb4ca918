import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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
  plugins: [react(), tailwindcss(), precompress()],
  build: { outDir: "../../dist/web", emptyOutDir: true, sourcemap: true },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
