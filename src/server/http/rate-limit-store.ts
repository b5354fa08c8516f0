import { createHash } from "node:crypto";
import type pg from "pg";

/** Beyond this many keys the least recently used are forgotten, so a process's memory stays bounded under a flood. */
const MAX_MEMORY_KEYS = 100_000;

/**
 * Where token buckets are kept. Each key may spend `capacity` tokens at once, and they come back
 * evenly over `windowMs` (a limit of 10 per 15 minutes gives one back every 90 s).
 */
export interface BucketStore {
  /** Spends one token: null when taken, else the seconds until one is back (at least 1). */
  take(key: string, capacity: number, windowMs: number): Promise<number | null>;
  /** Returns a token spent by take(), never above capacity. */
  giveBack(key: string, capacity: number, windowMs: number): Promise<void>;
}

const retryAfterSeconds = (tokens: number, capacity: number, windowMs: number) => Math.max(1, Math.ceil((1 - tokens) / (capacity / windowMs) / 1000));

/**
 * The buckets in the database, shared by every instance of the app (docs/decisions/026-shared-state.md).
 * One statement takes or refuses atomically: the row is locked by the upsert, so two instances (or
 * two requests) can never both spend the last token. The clock is the database's, the same for all
 * instances. `taken` records whether this statement spent a token, which RETURNING cannot otherwise
 * tell from the new count alone.
 */
export function databaseBucketStore(pool: pg.Pool): BucketStore {
  return {
    async take(key, capacity, windowMs) {
      // Unnamed statements: the embedded database is one session for every connection, where named
      // prepared statements of two connections would collide (db/pglite-session-queue.ts).
      const { rows } = await pool.query<{ tokens: number; taken: boolean }>(TAKE, [storedKey(key), capacity, capacity / windowMs]);
      const row = rows[0]!;
      return row.taken ? null : retryAfterSeconds(row.tokens, capacity, windowMs);
    },
    async giveBack(key, capacity, windowMs) {
      await pool.query(GIVE_BACK, [storedKey(key), capacity, capacity / windowMs]);
    },
  };
}

/**
 * A key as stored: its SHA-256. Keys hold what a client sent (an email typed at sign-in, which may
 * even hold a NUL byte that a text column refuses), and the table need not keep addresses and
 * emails in the clear.
 */
export function storedKey(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}

/** $1 key, $2 capacity, $3 tokens per millisecond. A missing row is a full bucket. */
const REFILLED = `least($2::float8, b.tokens + extract(epoch from (now() - b.updated_at)) * 1000 * $3::float8)`;
const TAKE = `
  insert into rate_limit_bucket as b (key, tokens, taken, updated_at) values ($1, $2::float8 - 1, true, now())
  on conflict (key) do update set
    tokens = ${REFILLED} - case when ${REFILLED} >= 1 then 1 else 0 end,
    taken = ${REFILLED} >= 1,
    updated_at = now()
  returning tokens, taken`;
const GIVE_BACK = `update rate_limit_bucket as b set tokens = least($2::float8, ${REFILLED} + 1), updated_at = now() where key = $1`;

/**
 * Deletes the buckets nobody touched for a whole window: they are full again, the same as no row.
 * Run hourly by the maintenance job (jobs/maintenance.ts), so old keys never grow the table.
 */
export async function pruneBuckets(pool: pg.Pool, windowMs: number): Promise<number> {
  const { rowCount } = await pool.query("delete from rate_limit_bucket where updated_at < now() - make_interval(secs => $1)", [windowMs / 1000]);
  return rowCount ?? 0;
}

interface MemoryBucket {
  tokens: number;
  at: number;
}

/**
 * The buckets in this process's memory: for a limit that may count per instance (the analytics
 * beacon, up to thousands a second, where a database write per beacon would cost more than the hit).
 */
export function memoryBucketStore(now: () => number = Date.now): BucketStore {
  const buckets = new Map<string, MemoryBucket>();
  const refilled = (key: string, capacity: number, windowMs: number): MemoryBucket => {
    const at = now();
    const found = buckets.get(key);
    const bucket = { tokens: found ? Math.min(capacity, found.tokens + ((at - found.at) * capacity) / windowMs) : capacity, at };
    // Re-inserted so that the Map's order is least recently used first.
    buckets.delete(key);
    buckets.set(key, bucket);
    for (const oldest of buckets.keys()) {
      if (buckets.size <= MAX_MEMORY_KEYS) break;
      buckets.delete(oldest);
    }
    return bucket;
  };
  return {
    take(key, capacity, windowMs) {
      const bucket = refilled(key, capacity, windowMs);
      if (bucket.tokens < 1) return Promise.resolve(retryAfterSeconds(bucket.tokens, capacity, windowMs));
      bucket.tokens -= 1;
      return Promise.resolve(null);
    },
    giveBack(key, capacity, windowMs) {
      const bucket = refilled(key, capacity, windowMs);
      bucket.tokens = Math.min(capacity, bucket.tokens + 1);
      return Promise.resolve();
    },
  };
}
