import { appendFile } from "node:fs";

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

export type TimingSample = LockSample | JoinSample;

let buffer: string[] = [];
let timer: NodeJS.Timeout | undefined;

export function recordTiming(sample: TimingSample): void {
  if (!file) return;
  buffer.push(JSON.stringify(sample));
  timer ??= setInterval(flush, FLUSH_MS).unref();
}

function flush() {
  if (!file || buffer.length === 0) return;
  const lines = buffer.join("\n") + "\n";
  buffer = [];
  appendFile(file, lines, () => undefined);
}

const FLUSH_MS = 500;
