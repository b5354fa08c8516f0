import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One browser and one app server for the run; spec files take turns.
    fileParallelism: false,
    pool: "forks",
  },
});
