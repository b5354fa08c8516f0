import type pg from "pg";
import type { Device, HitKind, Screen } from "#shared/analytics.ts";

/** A hit as stored in `page_hit`: counts and classes only (no address, no user agent, no user). */
export interface PageHitRow {
  at: Date;
  /** The organiser's calendar day it arrived on (ANALYTICS_TIME_ZONE), "yyyy-MM-dd". */
  day: string;
  kind: HitKind;
  screen: Screen;
  eventId: string | null;
  signedIn: boolean;
  /** The first screen of a page load: the hit that says where the visit came from. */
  landing: boolean;
  referrer: string | null;
  device: Device;
  visitor: string;
}

/** Written when this many are waiting, or every FLUSH_INTERVAL_MS, whichever comes first. */
export const BATCH_SIZE = 200;
export const FLUSH_INTERVAL_MS = 1_000;
/**
 * Hits waiting beyond this (the database down or far behind) are dropped and counted in the log:
 * analytics must never take the app's memory with it.
 */
export const MAX_WAITING = 20_000;

export interface HitBuffer {
  push(row: PageHitRow): void;
  /** Writes everything waiting now; resolves when it is stored (or dropped after a failure, which is logged). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left (shutdown). */
  close(): Promise<void>;
  readonly waiting: number;
}

/**
 * Hits are kept in memory and written in batches, one INSERT of up to BATCH_SIZE rows at a time: a
 * beacon costs the request no database round trip, and thousands a second cost the database a few
 * statements. At most one write runs at a time. A hit still waiting when the process dies is lost
 * (at most a second's worth); main.ts flushes on shutdown.
 */
export function createHitBuffer(pool: pg.Pool, options: { log?: (line: string) => void } = {}): HitBuffer {
  const log = options.log ?? ((line: string) => console.error(line));
  let waiting: PageHitRow[] = [];
  let dropped = 0;
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const write = async (rows: PageHitRow[]) => {
    try {
      await insertHits(pool, rows);
    } catch (error) {
      // Not retried: a batch the database refused would be refused again, and counts are not worth
      // holding the memory for. The failure is visible in the log.
      log(`analytics: ${rows.length} hits could not be stored and were dropped: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const flush = (): Promise<void> => {
    if (dropped > 0) {
      log(`analytics: ${dropped} hits dropped, ${MAX_WAITING} were already waiting to be stored`);
      dropped = 0;
    }
    // Chained: batches are written one after another, each with what was waiting when its turn came.
    writing = writing.then(async () => {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, BATCH_SIZE);
        waiting = waiting.slice(batch.length);
        await write(batch);
      }
    });
    return writing;
  };

  return {
    push(row) {
      if (waiting.length >= MAX_WAITING) {
        dropped++;
        return;
      }
      waiting.push(row);
      if (!timer) {
        timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
        // Never what keeps a process (a test, a tool) alive.
        timer.unref();
      }
      if (waiting.length === BATCH_SIZE) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/** One statement for the whole batch: each column as an array, unnested into rows. */
async function insertHits(pool: pg.Pool, rows: PageHitRow[]): Promise<void> {
  await pool.query(
    `insert into page_hit (at, day, kind, screen, event_id, signed_in, landing, referrer, device, visitor)
     select * from unnest($1::timestamptz[], $2::date[], $3::analytics_hit_kind[], $4::analytics_screen[], $5::uuid[],
                          $6::boolean[], $7::boolean[], $8::text[], $9::analytics_device[], $10::text[])`,
    [
      rows.map((row) => row.at),
      rows.map((row) => row.day),
      rows.map((row) => row.kind),
      rows.map((row) => row.screen),
      rows.map((row) => row.eventId),
      rows.map((row) => row.signedIn),
      rows.map((row) => row.landing),
      rows.map((row) => row.referrer),
      rows.map((row) => row.device),
      rows.map((row) => row.visitor),
    ],
  );
}
