import { decisionAt } from "#shared/game-on.ts";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { occurrencesWithin } from "#shared/series-schedule.ts";
import type { Db } from "#server/db/client.ts";
import { event, series } from "#server/db/schema.ts";
import type { ListCache } from "#server/events/list-cache.ts";
import { LIVE_CHANNEL } from "#server/events/live-messages.ts";

export type SeriesRow = typeof series.$inferSelect;

/** Games are generated this far ahead: two months of a weekly game on the home list (docs/series.md). */
export const SERIES_HORIZON_DAYS = 56;

/** Series handled per transaction: bounds how long one holds the embedded database, which runs one at a time. */
const SERIES_PER_TRANSACTION = 50;
/** Rows per INSERT: 22 parameters a row stays far below PostgreSQL's 65,535 per statement. */
const ROWS_PER_INSERT = 1000;

/**
 * Creates the games the series should have now and does not: each day of each series from today to
 * `horizonDays` ahead. Each game is keyed by (series, day) with a unique index and inserted with ON
 * CONFLICT DO NOTHING, so a second run, a retried job or another instance running at the same moment
 * create nothing twice, without a lock. Returns the ids of the games this call created.
 */
export async function generateGamesOf(db: Pick<Db, "insert" | "select">, rows: SeriesRow | SeriesRow[], options: { now: Date; horizonDays?: number }): Promise<string[]> {
  const active = (Array.isArray(rows) ? rows : [rows]).filter((row) => row.status === "active");
  if (active.length === 0) return [];
  // The days already generated are skipped before building the insert: an hourly run mostly finds
  // every game there. The unique key still decides, for a run that inserts between this read and its insert.
  const existing = await db
    .select({ seriesId: event.seriesId, date: event.occurrenceDate })
    .from(event)
    .where(and(inArray(event.seriesId, active.map((row) => row.id)), gte(event.startsAt, options.now)));
  const have = new Set(existing.map((game) => `${game.seriesId}:${game.date}`));
  const games = active.flatMap((row) => gamesToGenerate(row, options)).filter((game) => !have.has(`${game.seriesId}:${game.occurrenceDate}`));
  const created: string[] = [];
  for (let start = 0; start < games.length; start += ROWS_PER_INSERT) {
    const inserted = await db
      .insert(event)
      .values(games.slice(start, start + ROWS_PER_INSERT))
      .onConflictDoNothing({ target: [event.seriesId, event.occurrenceDate] })
      .returning({ id: event.id });
    created.push(...inserted.map((game) => game.id));
  }
  return created;
}

function gameOnOf(row: SeriesRow, startsAt: Date, now: Date) {
  const decided = decisionAt({ startsAt, gameOnDecideHours: row.gameOnDecideHours }).getTime() <= now.getTime();
  if (row.gameOnMinPlayers === null || decided) return { gameOnMinPlayers: null, gameOnMinGoalkeepers: null, gameOnDecideHours: row.gameOnDecideHours, gameOnState: null, pitchCostCents: null };
  return {
    gameOnMinPlayers: row.gameOnMinPlayers,
    gameOnMinGoalkeepers: row.gameOnMinGoalkeepers,
    gameOnDecideHours: row.gameOnDecideHours,
    gameOnState: "open" as const,
    pitchCostCents: row.pitchCostCents,
  };
}

function gamesToGenerate(row: SeriesRow, options: { now: Date; horizonDays?: number }): (typeof event.$inferInsert)[] {
  return occurrencesWithin(row, { now: options.now, horizonDays: options.horizonDays ?? SERIES_HORIZON_DAYS }).map((occurrence) => ({
    seriesId: row.id,
    occurrenceDate: occurrence.date,
    startsAt: occurrence.startsAt,
    endsAt: occurrence.endsAt,
    registrationOpensAt: occurrence.registrationOpensAt,
    regularsOpenAt: row.regularsWindowMinutes === null ? null : new Date(occurrence.registrationOpensAt.getTime() - row.regularsWindowMinutes * 60_000),
    title: row.title,
    timeZone: row.timeZone,
    durationMinutes: row.durationMinutes,
    latitude: row.latitude,
    longitude: row.longitude,
    locationName: row.locationName,
    field: row.field,
    notes: row.notes,
    costCents: row.costCents,
    maxPlayers: row.maxPlayers,
    includeGoalkeepers: row.includeGoalkeepers,
    goalkeeperCostCents: row.goalkeeperCostCents,
    maxGoalkeepers: row.maxGoalkeepers,
    maxGuestsPerPlayer: row.maxGuestsPerPlayer,
    // Game on (docs/game-on.md): each game is decided on its own; a game generated with its decision
    // already past (a template changed late) is an ordinary game.
    ...gameOnOf(row, occurrence.startsAt, options.now),
    organizerId: row.organizerId,
    organizerName: row.organizerName,
    organizerEmail: row.organizerEmail,
  }));
}

/**
 * The scheduled job's work: every active series (or those named) gets its missing games, up to 50
 * series per transaction under their locks (withSeriesLock). Open home lists hear of the new games
 * (docs/live-updates.md) and the list cache is dropped. Returns how many games were created.
 */
export async function generateSeriesGames(
  deps: { db: Db; listCache?: ListCache },
  options: { now?: Date; horizonDays?: number; seriesIds?: string[] } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const filter = options.seriesIds ? and(eq(series.status, "active"), inArray(series.id, options.seriesIds)) : eq(series.status, "active");
  const ids = (await deps.db.select({ id: series.id }).from(series).where(filter)).map((row) => row.id);
  const created: string[] = [];
  for (let start = 0; start < ids.length; start += SERIES_PER_TRANSACTION) {
    const batch = ids.slice(start, start + SERIES_PER_TRANSACTION);
    created.push(...(await withSeriesLock(deps.db, batch, (tx, rows) => generateGamesOf(tx, rows, { now, horizonDays: options.horizonDays }))));
  }
  if (created.length > 0) {
    deps.listCache?.invalidate();
    await announceNewGames(deps.db, created);
  }
  return created.length;
}

type SeriesTx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * A transaction holding the advisory lock of each series named, with their rows read under them.
 * Generation reads the template here, and a change of the template (an edit of the following games,
 * the end of the series) is written here: a generation then either committed its games before the
 * change (and the change's caller sees them) or reads the changed template (docs/series.md,
 * "Generation"). Locks are taken in id order, so two batches never wait for each other in a circle.
 */
export async function withSeriesLock<T>(db: Db, seriesIds: string[], work: (tx: SeriesTx, rows: SeriesRow[]) => Promise<T>): Promise<T> {
  const ids = [...seriesIds].sort();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('series:' || id)) from (select id from unnest(${`{${ids.join(",")}}`}::text[]) as id order by id) as ordered`);
    const rows = ids.length === 0 ? [] : await tx.select().from(series).where(inArray(series.id, ids));
    return work(tx, rows);
  });
}

/** One statement for all of them: each new game is announced as announceNewEvent does one. */
export async function announceNewGames(db: Db, ids: string[]): Promise<void> {
  await db.execute(
    sql`select pg_notify(${LIVE_CHANNEL}, json_build_object('type', 'event', 'eventId', id, 'version', version)::text) from "event" where id = any(${`{${ids.join(",")}}`}::uuid[])`,
  );
}
