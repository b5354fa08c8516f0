import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Database, Tx } from "#server/db/client.ts";
import * as schema from "#server/db/schema.ts";
import { event } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import { EVENT_NOT_FOUND } from "./get-event.ts";
import { announceEventChange } from "./announce.ts";
import { inGameQueue } from "./game-queue.ts";
import { lockTimingOn, recordTiming } from "./lock-timing.ts";


export type EventRow = typeof event.$inferSelect;

/**
 * Every change of an event's lists runs here: one transaction that first locks the event row, so
 * capacity checks, positions and promotions of one game happen one at a time. Nothing slow may run
 * inside (no gateway call, no mail, no query on another connection): the embedded database runs one
 * transaction at a time, so every other connection waits for this one. See
 * docs/registrations-and-payments.md, "The event lock".
 *
 * Within this process at most IN_LOCK_PER_GAME of a game's transactions hold or wait for its lock
 * with a connection; the others wait their turn without one (game-queue.ts).
 *
 * Unless `announce` says the work changed nothing, the game's version is bumped and NOTIFYed just
 * before COMMIT, in this transaction: live pages and every instance's caches hear of exactly the
 * changes that committed (docs/live-updates.md).
 */
export async function withEventLock<T>(
  database: Database,
  eventId: string,
  work: (tx: Tx, event: EventRow) => Promise<T>,
  options: { announce?: (result: T) => boolean } = {},
): Promise<T> {
  const asked = lockTimingOn ? performance.now() : 0;
  return inGameQueue(eventId, () => lockedTransaction(database, eventId, work, options, asked));
}

async function lockedTransaction<T>(
  database: Database,
  eventId: string,
  work: (tx: Tx, event: EventRow) => Promise<T>,
  options: { announce?: (result: T) => boolean },
  asked: number,
): Promise<T> {
  let granted = 0;
  const client = await database.pool.connect();
  // A connection whose rollback failed is broken: it is destroyed rather than given back to the pool.
  let broken: Error | undefined;
  try {
    await client.query("begin");
    const tx: Tx = { db: drizzle(client, { schema }), client };
    const [locked] = await tx.db.select().from(event).where(eq(event.id, eventId)).for("update");
    if (!locked) throw new AppError("not_found", EVENT_NOT_FOUND);
    if (lockTimingOn) granted = performance.now();
    const result = await work(tx, locked);
    if (options.announce?.(result) ?? true) await announceEventChange(client, locked.id);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
    if (granted) recordTiming({ kind: "lock", eventId, waitMs: granted - asked, holdMs: performance.now() - granted });
  }
}
