import { afterAll, vi } from "vitest";

/**
 * The server's test files run one after another in each worker process (vitest.config.ts, "server"):
 * after each file, whatever it changed in the process's globals and forgot to put back is put back,
 * so that the next file starts as if alone. Each file still closes what it opened (contexts, bosses,
 * servers) in its own afterAll, which runs before this one.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
