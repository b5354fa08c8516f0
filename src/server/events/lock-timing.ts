import { appendFile } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

/**
 * Where a join's time goes under a burst, for `npm run bench:storm` (docs/testing-and-budgets.md,
 * "The join storm's timings"). Off unless LOCK_TIMING_FILE names a file: then each event-lock
 * transaction and each join records its phases in memory, and a timer appends them to that file as
 * JSON lines twice a second, off the request path. Off, every call is one comparison.
 */
const file = process.env.LOCK_TIMING_FILE;

export const lockTimingOn = Boolean(file);

/** One withEventLock transaction: waiting for a connection and the lock, then holding it until COMMIT returned. */
export interface LockSample {
  kind: "lock";
  eventId: string;
  /** From calling withEventLock (its turn in this process's line for the game, a connection) until the event row was locked. */
  waitMs: number;
  /** From the lock being granted until COMMIT returned (or ROLLBACK, on a refusal). */
  holdMs: number;
}

/** One join (joinEvent), server side. */
export interface JoinSample {
  kind: "join";
  eventId: string;
  /** The reads and the card check before the lock. */
  beforeMs: number;
  /** The whole withEventLock call: connection, lock, statements, commit. */
  lockedMs: number;
  /** The charge and the recording of its outcome, outside the lock (0 for a free spot or a waitlist place). */
  chargeMs: number;
  totalMs: number;
}

/** One turn of a game's lock taken by joins (join-batch.ts): how many joins it reserved together. */
export interface TurnSample {
  kind: "turn";
  eventId: string;
  joins: number;
}

/**
 * How late the event loop ran its callbacks over one flush interval (ms): every await of a join (each
 * round trip under the lock included) waits that long again before it goes on.
 */
export interface LoopSample {
  kind: "loop";
  /** Date.now() at the end of the interval. */
  at: number;
  p50: number;
  p99: number;
}

export type TimingSample = LockSample | JoinSample | TurnSample | LoopSample;

let buffer: string[] = [];
let timer: NodeJS.Timeout | undefined;
const loopDelay = file ? monitorEventLoopDelay({ resolution: 5 }) : undefined;

export function recordTiming(sample: TimingSample): void {
  if (!file) return;
  buffer.push(JSON.stringify(sample));
  if (!timer) {
    loopDelay?.enable();
    timer = setInterval(flush, FLUSH_MS).unref();
  }
}

function flush() {
  if (loopDelay && loopDelay.count > 0) {
    buffer.push(JSON.stringify({ kind: "loop", at: Date.now(), p50: loopDelay.percentile(50) / 1e6, p99: loopDelay.percentile(99) / 1e6 } satisfies LoopSample));
    loopDelay.reset();
  }
  if (!file || buffer.length === 0) return;
  const lines = buffer.join("\n") + "\n";
  buffer = [];
  appendFile(file, lines, () => undefined);
}

const FLUSH_MS = 500;
