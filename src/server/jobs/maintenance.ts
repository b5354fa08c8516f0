import type pg from "pg";
import { pruneBuckets } from "#server/http/rate-limit-store.ts";
import { pruneRecipientTimes } from "#server/mail/recipient-limit.ts";
import type { Boss } from "./boss.ts";

export const VACUUM_QUEUE = "database-vacuum";
/** Hourly, at an odd minute so it does not meet other hourly work. */
export const VACUUM_CRON = "17 * * * *";

/**
 * The embedded PGlite runs no autovacuum (it has no background processes). Without it dead rows
 * pile up (sessions are touched every few seconds) and the visibility map is never set, so the spot
 * counts on every event list cannot be index-only scans: on the bench data an upcoming list took
 * about 45 ms before a VACUUM and 28 ms after. PostgreSQL vacuums itself; there this is a no-op.
 */
export async function startEmbeddedVacuum(boss: Boss, pool: pg.Pool, options: { embedded: boolean }): Promise<void> {
  if (!options.embedded) return;
  await boss.createQueue(VACUUM_QUEUE, { name: VACUUM_QUEUE, policy: "singleton", retryLimit: 0 });
  await boss.schedule(VACUUM_QUEUE, VACUUM_CRON);
  await boss.work(VACUUM_QUEUE, async () => {
    await pool.query("vacuum analyze");
  });
}

export const RATE_LIMIT_PRUNE_QUEUE = "rate-limit-prune";
/** Hourly, at a minute no other hourly job uses (the vacuum runs at :17, the analytics roll-up at :41). */
export const RATE_LIMIT_PRUNE_CRON = "29 * * * *";

/**
 * Deletes the rate-limit buckets untouched for a whole window (http/rate-limit-store.ts) and the
 * account-mail counts whose last mail is a window old (mail/recipient-limit.ts), so that
 * addresses and accounts seen once do not grow the table forever. One run per hour for the whole
 * deployment: a pg-boss schedule sends one job per minute it names, whichever instances run.
 */
export async function startRateLimitPrune(boss: Boss, pool: pg.Pool, options: { windowMs: number }): Promise<void> {
  await boss.createQueue(RATE_LIMIT_PRUNE_QUEUE, { name: RATE_LIMIT_PRUNE_QUEUE, policy: "singleton", retryLimit: 0 });
  await boss.schedule(RATE_LIMIT_PRUNE_QUEUE, RATE_LIMIT_PRUNE_CRON);
  await boss.work(RATE_LIMIT_PRUNE_QUEUE, async () => {
    await pruneBuckets(pool, options.windowMs);
    await pruneRecipientTimes(pool, options.windowMs);
  });
}
