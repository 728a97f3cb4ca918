import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
    environment: "node",
    setupFiles: ["src/test-setup.ts"],
    // Each file gets its own database; PostgreSQL schemas are created per file too.
    pool: "forks",
    testTimeout: 20_000,
  },
});
