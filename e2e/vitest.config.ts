import { defineConfig } from "vitest/config";
import { E2E_LANES } from "./support/lane-count.ts";

export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    testTimeout: 60_000,
    // A poll waits on a browser and an app sharing two cores with another lane's: vitest's default of
    // 1 s was a busy moment away from failing (a menu's chunk, a live update, a mail's job). A poll
    // still fails when what it waits for never comes, only later; specs that wait on jobs ask for more.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 150_000,
    // One app per lane (global-setup.ts): as many spec files at once as there are lanes, each with
    // its own browser, each lane's files in turn.
    fileParallelism: E2E_LANES > 1,
    maxWorkers: E2E_LANES,
    pool: "forks",
    // A lane's worker runs its files one after another and loads Playwright and the support modules
    // once, not per file; its files share one browser, each closing the contexts it opened
    // (support/browser.ts). What a spec keeps between its tests is in the spec file, loaded anew each time.
    isolate: false,
  },
});
