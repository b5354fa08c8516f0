import type pg from "pg";
import { type AnalyticsGame, type AnalyticsReport, DEVICES, type Device, SCREENS, type Screen } from "#shared/analytics.ts";
import { isValidDate, zonedTimeToUtc } from "#shared/zoned-time.ts";
import { AppError } from "#server/http/errors.ts";
import { addDays } from "./roll-up-hits.ts";
import { type DailyRow, sumHits } from "./sum-hits.ts";
import { type ErrorText, errorText } from "#shared/i18n/error-key.ts";

/** The longest period a report covers: two years (a leap day included). */
export const MAX_PERIOD_DAYS = 731;
export const DEFAULT_PERIOD_DAYS = 30;
const TOP_REFERRERS = 10;
const TOP_GAMES = 100;

export interface AnalyticsPeriod {
  from: string;
  to: string;
}

/**
 * Whole days `from`..`to` (both included) in the organiser's zone; without dates, the last 30 days
 * up to today. A malformed, reversed or longer than two-year period is a 400 that says which.
 */
export function analyticsPeriod(query: { from?: string; to?: string }, today: string): AnalyticsPeriod {
  const refuse = (field: "from" | "to", message: ErrorText) => new AppError("validation", message, { [field]: message });
  if (query.from !== undefined && !isValidDate(query.from)) throw refuse("from", errorText("errors.analytics.startDate"));
  if (query.to !== undefined && !isValidDate(query.to)) throw refuse("to", errorText("errors.analytics.endDate"));
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_PERIOD_DAYS - 1) : today);
  const from = query.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  if (from > to) throw refuse("to", errorText("errors.analytics.endBeforeStart"));
  if (addDays(from, MAX_PERIOD_DAYS) <= to) throw refuse("to", errorText("errors.analytics.periodTooLong"));
  return { from, to };
}

const PER_DAY: DailyRow["metric"][] = ["visitors", "views", "shares", "screen"];
const TOTALS: DailyRow["metric"][] = ["referrer", "device", "game_opened", "game_signed_in", "game_shares"];

/**
 * The admin report (GET /api/admin/analytics): the daily sums kept for good (`analytics_daily`)
 * for the days rolled up, the raw hits summed now for the days that are not yet (today, and
 * yesterday until the hourly job has run). Every query is a range of a primary key or index:
 * the sums by day, the raw hits by day, registrations and charges by game.
 */
export async function getAnalytics(pool: pg.Pool, options: AnalyticsPeriod & { timeZone: string; today: string }): Promise<AnalyticsReport> {
  const { from, to, timeZone, today } = options;
  const raw = await sumHits(pool, await daysNotRolledUp(pool, { from, to, today }));
  const perDay = [
    ...(
      await pool.query<DailyRow>(
        "select day::text as day, metric, key, value from analytics_daily where day between $1 and $2 and metric = any($3::text[])",
        [from, to, PER_DAY],
      )
    ).rows,
    ...raw.filter((row) => PER_DAY.includes(row.metric)),
  ];
  const totals = new Map<string, number>();
  const addTotal = (metric: string, key: string, value: number) => totals.set(`${metric}|${key}`, (totals.get(`${metric}|${key}`) ?? 0) + value);
  const { rows: rolledTotals } = await pool.query<{ metric: string; key: string; value: number }>(
    `select metric, key, sum(value)::int as value from analytics_daily
     where day between $1 and $2 and metric = any($3::text[]) group by metric, key`,
    [from, to, TOTALS],
  );
  for (const row of rolledTotals) addTotal(row.metric, row.key, row.value);
  for (const row of raw) if (TOTALS.includes(row.metric)) addTotal(row.metric, row.key, row.value);
  const total = (metric: string, key: string) => totals.get(`${metric}|${key}`) ?? 0;
  const keysOf = (metric: string) => [...totals.keys()].filter((key) => key.startsWith(`${metric}|`)).map((key) => key.slice(metric.length + 1));

  const days = new Map<string, AnalyticsReport["days"][number]>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.set(day, { day, views: 0, visitors: 0, shares: 0, screens: Object.fromEntries(SCREENS.map((screen) => [screen, 0])) as Record<Screen, number> });
  }
  for (const row of perDay) {
    const entry = days.get(row.day);
    if (!entry) continue;
    if (row.metric === "screen") entry.screens[row.key as Screen] = (entry.screens[row.key as Screen] ?? 0) + row.value;
    else entry[row.metric as "views" | "visitors" | "shares"] += row.value;
  }
  const daily = [...days.values()];
  const sum = (pick: (entry: (typeof daily)[number]) => number) => daily.reduce((all, entry) => all + pick(entry), 0);
  const mostFirst = <T,>(items: T[], count: (item: T) => number) => items.sort((a, b) => count(b) - count(a));

  return {
    period: { from, to, timeZone },
    totals: { views: sum((entry) => entry.views), visitors: sum((entry) => entry.visitors), shares: sum((entry) => entry.shares) },
    days: daily,
    screens: mostFirst(
      SCREENS.map((screen) => ({ screen, views: sum((entry) => entry.screens[screen]) })),
      (item) => item.views,
    ),
    referrers: mostFirst(
      keysOf("referrer").map((host) => ({ host: host === "" ? null : host, visits: total("referrer", host) })),
      (item) => item.visits,
    ).slice(0, TOP_REFERRERS),
    devices: mostFirst(
      DEVICES.map((device: Device) => ({ device, visitors: total("device", device) })),
      (item) => item.visitors,
    ),
    games: await funnels(pool, { from, to, timeZone, total, keysOf }),
  };
}

/**
 * The days of the period that may have raw hits but no sums yet: from the oldest raw hit (the
 * index on day) to today, minus the days already rolled up. Usually today, and yesterday for the
 * first minutes of a day.
 */
async function daysNotRolledUp(pool: pg.Pool, options: { from: string; to: string; today: string }): Promise<string[]> {
  const { rows: oldest } = await pool.query<{ day: string | null }>("select min(day)::text as day from page_hit");
  const first = oldest[0]?.day;
  if (!first) return [];
  const start = first > options.from ? first : options.from;
  const end = options.to < options.today ? options.to : options.today;
  if (start > end) return [];
  const { rows } = await pool.query<{ day: string }>("select distinct day::text as day from analytics_daily where day between $1 and $2", [start, end]);
  const rolled = new Set(rows.map((row) => row.day));
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) if (!rolled.has(day)) days.push(day);
  return days;
}

/**
 * The funnel of the most opened games: views and shares from the hits, registrations and
 * succeeded charges of the same games in the same days (by the game's id, indexed).
 */
async function funnels(
  pool: pg.Pool,
  options: AnalyticsPeriod & { timeZone: string; total: (metric: string, key: string) => number; keysOf: (metric: string) => string[] },
): Promise<AnalyticsGame[]> {
  const { total, keysOf } = options;
  const ids = [...new Set([...keysOf("game_opened"), ...keysOf("game_shares")])]
    .sort((a, b) => total("game_opened", b) - total("game_opened", a) || total("game_shares", b) - total("game_shares", a) || a.localeCompare(b))
    .slice(0, TOP_GAMES);
  if (ids.length === 0) return [];
  const start = zonedTimeToUtc(options.from, "00:00", options.timeZone);
  const end = zonedTimeToUtc(addDays(options.to, 1), "00:00", options.timeZone);
  const [games, joined, paid] = await Promise.all([
    pool.query<{ id: string; title: string; startsAt: Date }>(`select id, title, starts_at as "startsAt" from event where id = any($1::uuid[])`, [ids]),
    pool.query<{ eventId: string; count: number }>(
      `select event_id as "eventId", count(*)::int as count from registration
       where event_id = any($1::uuid[]) and created_at >= $2 and created_at < $3 group by event_id`,
      [ids, start, end],
    ),
    pool.query<{ eventId: string; count: number }>(
      `select event_id as "eventId", count(*)::int as count from payment
       where event_id = any($1::uuid[]) and kind = 'charge' and status = 'succeeded' and created_at >= $2 and created_at < $3 group by event_id`,
      [ids, start, end],
    ),
  ]);
  const countOf = (rows: { eventId: string; count: number }[]) => new Map(rows.map((row) => [row.eventId, row.count]));
  const joinedBy = countOf(joined.rows);
  const paidBy = countOf(paid.rows);
  const found = new Map(games.rows.map((game) => [game.id, game]));
  // Hits name games by the id in the address: one that does not exist (a mistyped link) is left out.
  return ids.flatMap((id) => {
    const game = found.get(id);
    if (!game) return [];
    return [
      {
        eventId: id,
        title: game.title,
        startsAt: game.startsAt.toISOString(),
        opened: total("game_opened", id),
        signedIn: total("game_signed_in", id),
        joined: joinedBy.get(id) ?? 0,
        paid: paidBy.get(id) ?? 0,
        shares: total("game_shares", id),
      },
    ];
  });
}
