import type pg from "pg";
import { dateInZone } from "#shared/zoned-time.ts";
import { SUM_HITS_SQL } from "./sum-hits.ts";

/** Raw hits are deleted once their day is more than this many days old; the daily sums stay. */
export const RAW_HIT_DAYS = 30;
/** A day's salt is deleted on the second day after it (docs/decisions/018-first-party-analytics.md). */
export const SALT_DAYS = 2;

export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The hourly analytics job: every finished day (in the organiser's zone) that has raw hits and no
 * sums yet is added up into `analytics_daily`, and yesterday again (a batch written just after
 * midnight lands in it); then raw hits older than RAW_HIT_DAYS and salts older than SALT_DAYS are
 * deleted. Each day is one statement, so on the embedded database other work gets its turn between
 * days. Running it twice, or on two instances, gives the same sums (an upsert of the same counts).
 */
export async function rollUpHits(pool: pg.Pool, options: { timeZone: string; now: Date }) {
  const today = dateInZone(options.now, options.timeZone);
  const yesterday = addDays(today, -1);
  const rolledUp: string[] = [];
  const { rows: oldest } = await pool.query<{ day: string | null }>("select min(day)::text as day from page_hit");
  const first = oldest[0]?.day;
  if (first && first < today) {
    const { rows } = await pool.query<{ day: string }>("select distinct day::text as day from analytics_daily where day >= $1", [first]);
    const done = new Set(rows.map((row) => row.day));
    for (let day = first; day < today; day = addDays(day, 1)) {
      if (done.has(day) && day !== yesterday) continue;
      // An upsert, never a delete: a day whose raw hits are gone keeps its sums.
      await pool.query(
        `insert into analytics_daily (day, metric, key, value)
         select day, metric, key, value from (${SUM_HITS_SQL}) sums
         on conflict (day, metric, key) do update set value = excluded.value`,
        [[day]],
      );
      rolledUp.push(day);
    }
  }
  const hits = await pool.query("delete from page_hit where day < $1", [addDays(today, -RAW_HIT_DAYS)]);
  const salts = await pool.query("delete from analytics_salt where day <= $1", [addDays(today, -SALT_DAYS)]);
  return { rolledUp, deletedHits: hits.rowCount ?? 0, deletedSalts: salts.rowCount ?? 0 };
}
