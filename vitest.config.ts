import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { compiledCatalogs } from "./scripts/vite-compiled-catalogs.ts";
import { preactCompat } from "./scripts/vite-preact-compat.ts";

/**
 * The files that take longest (half a minute to two each on the 2-core CI machine: they start real
 * processes and builds, or wait on a processor's time budget), started first so that none of them
 * is left running alone at the end. Without this, a fresh clone (no results cache) starts the
 * largest files first. Only the order changes, never what runs.
 */
const LONGEST_FIRST = [
  "src/server/registrations/game-on.test.ts",
  "src/server/main.test.ts",
  "src/server/registrations/faults.test.ts",
  "src/mobile/native-projects.test.ts",
  "src/server/registrations/payment-flows.test.ts",
  "src/server/registrations/concurrency.test.ts",
  "src/server/registrations/cancel.test.ts",
  "src/server/auth/auth.test.ts",
  "src/server/registrations/mails.test.ts",
];

/**
 * The listed files first, then as Vitest orders them (by project: the server's, then the web's; in
 * each, files that failed last time, then the longest last time, or the largest without a cache).
 * `--sequence.shuffle` still shuffles the files (with --sequence.seed), as it does without a sequencer.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed } = this.ctx.config.sequence;
    if (shuffle) return shuffled(files, seed);
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const listed = LONGEST_FIRST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return listed === -1 ? LONGEST_FIRST.length : listed;
    };
    return sorted
      .map((spec, index) => ({ spec, rank: rank(spec), index }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ spec }) => spec);
  }
}

/** Fisher-Yates with a seeded generator (mulberry32): the same seed gives the same order. */
function shuffled<T>(items: T[], seed: number): T[] {
  const result = [...items];
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

const ALL = ["src/**/*.test.ts", "src/**/*.test.tsx"];
const WEB_AND_SHARED = ["src/web/**/*.test.ts", "src/web/**/*.test.tsx", "src/shared/**/*.test.ts", "src/shared/**/*.test.tsx"];
/** Web and shared files that need a fresh module graph: Zod must not have been loaded before zod-config.ts. */
const NEED_THEIR_OWN_PROCESS = ["src/web/lib/zod-config.test.ts"];

export default defineConfig({
  plugins: [compiledCatalogs()],
  resolve: {
    alias: [
      ...preactCompat,
      // Its ES module build: Node's condition names the CommonJS one, whose require("react") no alias reaches.
      { find: /^react-router$/, replacement: fileURLToPath(new URL("node_modules/react-router/dist/development/index.mjs", import.meta.url)) },
    ],
  },
  test: {
    // Loaded through Vite, not Node, so that their imports of React reach Preact too (scripts/vite-preact-compat.ts).
    server: { deps: { inline: [/[\\/]node_modules[\\/](react-router|@tanstack[\\/]react-query)[\\/]/] } },
    setupFiles: ["src/web/i18n/test-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two cores: more workers only contend for the CPU with the databases they start.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          // Each file on its own clone of the migrated template, and closing what it opened. A worker
          // runs file after file and loads the app (Hono, better-auth, Drizzle, pg-boss, Stripe...)
          // once, not per file: a third of the suite's CPU time when each file had a process of its
          // own. What a file leaves changed in the process's globals is put back (file-hygiene.ts).
          name: "server",
          include: ALL,
          exclude: [...configDefaults.exclude, ...WEB_AND_SHARED],
          globalSetup: ["src/test/global-setup.ts"],
          setupFiles: ["src/test/file-hygiene.ts"],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Pure code (no database, no servers; globals stubbed are restored by the tests that stub
          // them): a worker runs file after file and loads React, Zod and the catalogs once, not per
          // file. setupFiles still run before every file.
          name: "web",
          include: WEB_AND_SHARED,
          exclude: [...configDefaults.exclude, ...NEED_THEIR_OWN_PROCESS],
          isolate: false,
        },
      },
      { extends: true, test: { name: "web, isolated", include: NEED_THEIR_OWN_PROCESS } },
    ],
  },
});
