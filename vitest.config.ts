import { defineConfig } from "vitest/config";
import { catalogModules } from "./vite.config";

export default defineConfig({
  // Catalog parts are modules the build makes (vite.config.ts); the web code the tests import asks for them.
  plugins: [catalogModules()],
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
    environment: "node",
    setupFiles: ["src/test-setup.ts"],
    // Each file gets its own database; PostgreSQL schemas are created per file too.
    pool: "forks",
    testTimeout: 20_000,
  },
});
