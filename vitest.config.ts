import { defineConfig } from "vitest/config";
import { compiledCatalogs } from "./scripts/vite-compiled-catalogs.ts";

export default defineConfig({
  plugins: [compiledCatalogs()],
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    globalSetup: ["src/test/global-setup.ts"],
    setupFiles: ["src/web/i18n/test-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two cores: more workers only contend for the CPU with the databases they start.
    maxWorkers: 2,
  },
});
