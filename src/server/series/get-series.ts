import { asc, desc, eq, inArray } from "drizzle-orm";
import type { SeriesDetailResponse, SeriesView } from "#shared/series.ts";
import { lastDateOf, playedOn } from "#shared/series-schedule.ts";
import type { Db } from "#server/db/client.ts";
import { event, series, user } from "#server/db/schema.ts";
import { regularsOf } from "#server/events/regulars.ts";
import { isEventId, summaryColumns, toEventSummary } from "#server/events/event-summary.ts";
import { AppError } from "#server/http/errors.ts";
import type { SeriesRow } from "./generate-games.ts";
import { errorText } from "#shared/i18n/error-key.ts";

export const SERIES_NOT_FOUND = errorText("errors.series.notFound");

export function seriesView(row: SeriesRow): SeriesView {
  return {
    id: row.id,
    title: row.title,
    weekday: row.weekday,
    localTime: row.localTime,
    timeZone: row.timeZone,
    firstDate: row.firstDate,
    endDate: row.endDate,
    gameCount: row.gameCount,
    lastDate: playedOn(row, lastDateOf(row) ?? row.firstDate),
    opensBeforeMinutes: row.opensBeforeMinutes,
    regulars:
      row.regularsWindowMinutes === null
        ? null
        : { windowMinutes: row.regularsWindowMinutes, minGames: row.regularsMinGames, ofLast: row.regularsOfLast, maxPercent: row.regularsMaxPercent },
    durationMinutes: row.durationMinutes,
    locationName: row.locationName,
    costCents: row.costCents,
    maxPlayers: row.maxPlayers,
    includeGoalkeepers: row.includeGoalkeepers,
    goalkeeperCostCents: row.goalkeeperCostCents,
    maxGoalkeepers: row.maxGoalkeepers,
    maxGuestsPerPlayer: row.maxGuestsPerPlayer,
    status: row.status,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** The series row, or a 404 (a malformed id too: it never reaches the uuid column). */
export async function findSeries(db: Db, id: string): Promise<SeriesRow> {
  if (!isEventId(id)) throw new AppError("not_found", SERIES_NOT_FOUND);
  const [row] = await db.select().from(series).where(eq(series.id, id));
  if (!row) throw new AppError("not_found", SERIES_NOT_FOUND);
  return row;
}

/** A series and every game it generated, soonest first (cancelled ones too: the page says so). */
export async function getSeries(db: Db, id: string): Promise<SeriesDetailResponse> {
  const row = await findSeries(db, id);
  const games = await db.select(summaryColumns).from(event).where(eq(event.seriesId, row.id)).orderBy(asc(event.startsAt));
  return { series: seriesView(row), games: games.map(toEventSummary), ...(row.regularsWindowMinutes !== null && { regulars: await regularsNow(db, row) }) };
}

/**
 * The organiser's list of who the regulars are now (docs/series.md, "What each person is told"): the
 * same rule the joins use, for a game kicking off after now (the games played so far count), by name.
 */
async function regularsNow(db: Db, row: SeriesRow): Promise<{ name: string }[]> {
  const now = new Date();
  const ids = await regularsOf(db, { id: row.id, seriesId: row.id, startsAt: now, registrationOpensAt: null, regularsOpenAt: null }, { minGames: row.regularsMinGames, ofLast: row.regularsOfLast }, now);
  if (ids.length === 0) return [];
  const rows = await db.select({ name: user.name }).from(user).where(inArray(user.id, ids)).orderBy(asc(user.name));
  return rows.map(({ name }) => ({ name }));
}

export async function listSeries(db: Db): Promise<SeriesView[]> {
  const rows = await db.select().from(series).orderBy(desc(series.createdAt));
  return rows.map(seriesView);
}
