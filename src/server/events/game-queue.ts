/**
 * How many of this process's transactions may be inside one game's event lock or waiting for it in
 * the database at once; the others wait here, in arrival order, without a connection.
 *
 * Why: a transaction waiting for a row lock holds a pooled connection the whole time. Under a burst on
 * one game (1,000 joins at once) every connection of the pool ended up parked behind the game's lock,
 * and everything else a join needs a connection for (the session, the reads and the card check before
 * the lock, the charge after it) queued behind them: the join storm measured seconds there for
 * milliseconds of work (docs/registrations-and-payments.md, "The event lock"). Two per game keep one
 * transaction working under the lock and the next one already waiting in the database, so the lock
 * passes on at COMMIT without a round trip; the rest of the pool stays free.
 *
 * This only orders work within one process: the database's row lock is what makes the rules hold,
 * across instances too.
 */
export const IN_LOCK_PER_GAME = 2;

interface Line {
  inside: number;
  waiting: (() => void)[];
}

const lines = new Map<string, Line>();

export async function inGameQueue<T>(eventId: string, work: () => Promise<T>): Promise<T> {
  let line = lines.get(eventId);
  if (!line) lines.set(eventId, (line = { inside: 0, waiting: [] }));
  if (line.inside < IN_LOCK_PER_GAME) line.inside += 1;
  // Handed a place by the one leaving (below), so nobody arriving meanwhile can take it first.
  else await new Promise<void>((resolve) => line.waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = line.waiting.shift();
    if (next) next();
    else if (--line.inside === 0) lines.delete(eventId);
  }
}

/**
 * Whether this game has work inside or waiting in this process (tests check that its line empties;
 * they ask about their own game, since background jobs may be in another game's line meanwhile).
 */
export function isGameInQueue(eventId: string): boolean {
  return lines.has(eventId);
}
