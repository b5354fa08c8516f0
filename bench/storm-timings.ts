// Where the storm's joins spent their time, from the app's own timings (LOCK_TIMING_FILE,
// src/server/events/lock-timing.ts): the event lock's wait and hold per transaction, and each
// join's phases on the server. The client's latency minus the server's is HTTP, the session lookup and
// the wait for Node's event loop.
import { existsSync, readFileSync } from "node:fs";
import type { JoinSample, LockSample, LoopSample, TimingSample, TurnSample } from "#server/events/lock-timing.ts";
import { pause, percentile } from "./storm-http.ts";

export interface Spread {
  p50: number;
  p99: number;
}

export interface StormTimings {
  /** withEventLock transactions on the storm's game (joins, and the promotions that ran meanwhile). */
  locks: number;
  hold: Spread;
  /** From calling withEventLock (the line for the game in the app, a connection) until the lock was granted. */
  wait: Spread;
  joins: number;
  /** Turns of the lock taken by joins (src/server/registrations/join-batch.ts) and how many joins each reserved. */
  turns: number;
  joinsPerTurn: Spread & { mean: number };
  before: Spread;
  locked: Spread;
  charge: Spread;
  total: Spread;
  /** The app's event-loop delay over the storm (the median and the worst of its half-second p50s and p99s). */
  loop?: { p50: number; p99: number };
}

/** The app appends its timings every 500 ms: this waits for the last batch, then reads those of one game. */
export async function readStormTimings(file: string, eventId: string, window: { from: number; to: number }): Promise<StormTimings | undefined> {
  await pause(1_200);
  if (!existsSync(file)) return undefined;
  const all = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TimingSample);
  const loops = all.filter((sample): sample is LoopSample => sample.kind === "loop" && sample.at >= window.from && sample.at <= window.to + 500);
  const samples = all.filter((sample) => sample.kind !== "loop" && sample.eventId === eventId);
  const locks = samples.filter((sample): sample is LockSample => sample.kind === "lock");
  const joins = samples.filter((sample): sample is JoinSample => sample.kind === "join");
  const turns = samples.filter((sample): sample is TurnSample => sample.kind === "turn");
  const perTurn = turns.map((s) => s.joins);
  return {
    locks: locks.length,
    hold: spread(locks.map((s) => s.holdMs)),
    wait: spread(locks.map((s) => s.waitMs)),
    joins: joins.length,
    turns: turns.length,
    joinsPerTurn: { ...spread([...perTurn]), mean: perTurn.length ? perTurn.reduce((a, b) => a + b, 0) / perTurn.length : 0 },
    before: spread(joins.map((s) => s.beforeMs)),
    locked: spread(joins.map((s) => s.lockedMs)),
    charge: spread(joins.map((s) => s.chargeMs)),
    total: spread(joins.map((s) => s.totalMs)),
    loop: loops.length ? { p50: spread(loops.map((s) => s.p50)).p50, p99: Math.max(...loops.map((s) => s.p99)) } : undefined,
  };
}

function spread(values: number[]): Spread {
  const sorted = values.sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}
