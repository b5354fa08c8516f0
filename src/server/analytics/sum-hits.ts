import type pg from "pg";

/**
 * What a day's raw hits add up to, as rows of `analytics_daily` (day, metric, key, value). The
 * hourly roll-up stores exactly these (roll-up-hits.ts) and the report computes them for the days
 * not rolled up yet (get-analytics.ts), so the two can never count differently.
 *
 * | metric           | key                  | value                                   |
 * | ---------------- | -------------------- | --------------------------------------- |
 * | `visitors`       | ''                   | unique visitor hashes of the day        |
 * | `views`          | ''                   | screens viewed                          |
 * | `shares`         | ''                   | Share button uses                       |
 * | `screen`         | the screen           | screens viewed                          |
 * | `referrer`       | the site, '' for none| first screens of a page load            |
 * | `device`         | phone/tablet/desktop | unique visitors                         |
 * | `game_opened`    | the game's id        | views of its page                       |
 * | `game_signed_in` | the game's id        | views of its page by signed-in viewers  |
 * | `game_shares`    | the game's id        | Share button uses on its page           |
 */
export type Metric = "visitors" | "views" | "shares" | "screen" | "referrer" | "device" | "game_opened" | "game_signed_in" | "game_shares";

export interface DailyRow {
  day: string;
  metric: Metric;
  key: string;
  value: number;
}

/** The sums of the raw hits of the days in $1 (a date[]): one pass over them by the day index. */
export const SUM_HITS_SQL = `
  with hit as materialized (
    select day, kind, screen, event_id, signed_in, landing, referrer, device, visitor from page_hit where day = any($1::date[])
  )
  select day, 'visitors' as metric, '' as key, count(distinct visitor)::int as value from hit group by day
  union all select day, 'views', '', count(*)::int from hit where kind = 'view' group by day
  union all select day, 'shares', '', count(*)::int from hit where kind = 'share' group by day
  union all select day, 'screen', screen::text, count(*)::int from hit where kind = 'view' group by day, screen
  union all select day, 'referrer', coalesce(referrer, ''), count(*)::int from hit where landing group by day, referrer
  union all select day, 'device', device::text, count(distinct visitor)::int from hit group by day, device
  union all select day, 'game_opened', event_id::text, count(*)::int from hit where kind = 'view' and event_id is not null group by day, event_id
  union all select day, 'game_signed_in', event_id::text, count(*)::int from hit where kind = 'view' and event_id is not null and signed_in group by day, event_id
  union all select day, 'game_shares', event_id::text, count(*)::int from hit where kind = 'share' and event_id is not null group by day, event_id`;

/** The sums of the raw hits of `days`, computed now. */
export async function sumHits(pool: pg.Pool, days: string[]): Promise<DailyRow[]> {
  if (days.length === 0) return [];
  const { rows } = await pool.query<DailyRow>(`select day::text as day, metric, key, value from (${SUM_HITS_SQL}) sums`, [days]);
  return rows;
}
