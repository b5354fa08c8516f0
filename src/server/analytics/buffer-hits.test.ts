import type pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BATCH_SIZE, createHitBuffer, FLUSH_INTERVAL_MS, MAX_WAITING, type PageHitRow } from "./buffer-hits.ts";

/** The buffer against a stand-in pool that notes each INSERT's batch size (the SQL itself runs in analytics.test.ts). */
function fakePool(options: { fail?: () => boolean } = {}) {
  const batches: number[] = [];
  const pool = {
    query: vi.fn(async (_text: string, values: unknown[][]) => {
      if (options.fail?.()) throw new Error("connection refused");
      batches.push(values[0]!.length);
      return { rows: [], rowCount: values[0]!.length };
    }),
  };
  return { pool: pool as unknown as pg.Pool, batches };
}

const row = (): PageHitRow => ({
  at: new Date(),
  day: "2026-11-23",
  kind: "view",
  screen: "home",
  eventId: null,
  signedIn: true,
  landing: false,
  referrer: null,
  device: "phone",
  visitor: "abc",
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the hit buffer", () => {
  it(`writes ${BATCH_SIZE} at a time as soon as that many wait, one INSERT after another`, async () => {
    const { pool, batches } = fakePool();
    const buffer = createHitBuffer(pool);
    for (let i = 0; i < 450; i++) buffer.push(row());
    await vi.waitFor(() => expect(batches).toEqual([200, 200, 50]));
    expect(buffer.waiting).toBe(0);
    await buffer.close();
  });

  it(`writes fewer every ${FLUSH_INTERVAL_MS} ms, and what is left on close`, async () => {
    vi.useFakeTimers();
    const { pool, batches } = fakePool();
    const buffer = createHitBuffer(pool);
    for (let i = 0; i < 10; i++) buffer.push(row());
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(batches).toEqual([10]);
    buffer.push(row());
    await buffer.close();
    expect(batches).toEqual([10, 1]);
  });

  it("drops a batch the database refused (logged) and goes on with the next", async () => {
    let failing = true;
    const { pool, batches } = fakePool({ fail: () => failing });
    const log = vi.fn();
    const buffer = createHitBuffer(pool, { log });
    buffer.push(row());
    await buffer.flush();
    expect(log).toHaveBeenCalledWith(expect.stringContaining("1 hits could not be stored and were dropped: connection refused"));
    failing = false;
    buffer.push(row());
    await buffer.close();
    expect(batches).toEqual([1]);
  });

  it(`keeps at most ${MAX_WAITING} waiting: beyond that hits are dropped and counted in the log`, async () => {
    const { pool } = fakePool({ fail: () => true });
    const log = vi.fn();
    const buffer = createHitBuffer(pool, { log });
    // Pushed in one go, so no write gets a turn in between.
    for (let i = 0; i < MAX_WAITING + 5; i++) buffer.push(row());
    expect(buffer.waiting).toBe(MAX_WAITING);
    await buffer.close();
    expect(log).toHaveBeenCalledWith(`analytics: 5 hits dropped, ${MAX_WAITING} were already waiting to be stored`);
  });
});
