import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const brandDark = "#0f172a";

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
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
