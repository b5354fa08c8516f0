import type { CreateEventData } from "#shared/events.ts";
import type { SeriesRepeat } from "#shared/series.ts";
import { isoWeekday } from "#shared/series-schedule.ts";
import type { SessionUser } from "#server/auth/session.ts";
import type { Db } from "#server/db/client.ts";
import { series } from "#server/db/schema.ts";
import { gameDetailsOf, startOfNewGame } from "#server/events/create-event.ts";
import { generateGamesOf } from "./generate-games.ts";

/**
 * An admin creates a weekly series from the Create New Event form with "Repeat weekly": the form's
 * date and time are the first game's, checked as a single game's would be. The series row and its
 * first games (the generation horizon's worth) are written in one transaction, so the organiser lands
 * on a series that already lists its games; the scheduled job adds the later ones (docs/series.md).
 */
export async function createSeries(options: { db: Db; organizer: SessionUser; game: CreateEventData; repeat: SeriesRepeat; now: Date }): Promise<{ seriesId: string; gameIds: string[] }> {
  const { db, organizer, game, repeat, now } = options;
  startOfNewGame(game, now);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(series)
      .values({
        ...gameDetailsOf(game),
        firstDate: game.date,
        weekday: isoWeekday(game.date),
        localTime: game.time,
        timeZone: game.timeZone,
        endDate: repeat.endDate,
        gameCount: repeat.gameCount,
        opensBeforeMinutes: repeat.opensBeforeMinutes,
        ...(repeat.regulars && {
          regularsWindowMinutes: repeat.regulars.windowMinutes,
          regularsMinGames: repeat.regulars.minGames,
          regularsOfLast: repeat.regulars.ofLast,
          regularsMaxPercent: repeat.regulars.maxPercent,
        }),
        organizerId: organizer.id,
        organizerName: organizer.name,
        organizerEmail: organizer.email,
      })
      .returning();
    const gameIds = await generateGamesOf(tx, row!, { now });
    return { seriesId: row!.id, gameIds };
  });
}
