import { and, asc, eq, gt } from "drizzle-orm";
import type { CreateEventData } from "../../shared/events.ts";
import type { EditScope, EditSeriesGamesResponse, RefusedSeriesEdit } from "../../shared/series.ts";
import { dateInZone } from "../../shared/zoned-time.ts";
import { event, series } from "../db/schema.ts";
import { gameDetailsOf } from "../events/create-event.ts";
import { editEvent } from "../events/edit-event.ts";
import { EVENT_NOT_FOUND } from "../events/get-event.ts";
import { AppError } from "../http/errors.ts";
import { nowOf, type RegistrationDeps } from "../registrations/deps.ts";
import { findSeries } from "./get-series.ts";
import { withSeriesLock } from "./generate-games.ts";

export const FOLLOWING_KEEP_THEIR_DAY =
  "Only this game can move to another day. To play the following games on another day, end this series and create a new one.";
export const SERIES_ENDED = "This series has ended: edit its games one at a time.";

/**
 * Edits a game of a series, alone ("this") or with the games after it ("following"): each game through
 * the one edit of a game (editEvent, its own transaction under its lock, its own mails), so a series'
 * game follows exactly the rules of any game. "Following" also rewrites the series' template, so games
 * generated later have the new details; the day of each game stays its own (only the time of day, the
 * venue, capacity, prices and the rest change). The chosen game's refusal is the request's answer; a
 * following game whose edit is refused (say, its goalkeepers cannot be removed) keeps its details and
 * is listed in the answer (docs/series.md, "Editing").
 */
export async function editSeriesGames(
  deps: RegistrationDeps,
  options: { seriesId: string; eventId: string; scope: EditScope; input: CreateEventData },
): Promise<EditSeriesGamesResponse> {
  const { db } = deps.database;
  const row = await findSeries(db, options.seriesId);
  const [game] = await db.select().from(event).where(and(eq(event.id, options.eventId), eq(event.seriesId, row.id)));
  if (!game) throw new AppError("not_found", EVENT_NOT_FOUND);
  if (options.scope === "this") {
    const edited = await editEvent(deps, { eventId: game.id, input: options.input });
    return { edited: edited.changes.length > 0 ? 1 : 0, notified: edited.notified, refused: [] };
  }

  if (row.status === "ended") throw new AppError("rule", SERIES_ENDED);
  const input = options.input;
  if (input.date !== dateInZone(game.startsAt, game.timeZone)) throw new AppError("validation", FOLLOWING_KEEP_THEIR_DAY, { date: FOLLOWING_KEEP_THEIR_DAY });
  const first = await editEvent(deps, { eventId: game.id, input });

  // The template first, under the series' lock: a generation running now has either committed its
  // games (the query below finds them) or will read the new template.
  const following = await withSeriesLock(db, [row.id], async (tx) => {
    await tx.update(series).set(templateOf(input)).where(eq(series.id, row.id));
    return tx
      .select({ id: event.id, startsAt: event.startsAt, timeZone: event.timeZone })
      .from(event)
      .where(and(eq(event.seriesId, row.id), gt(event.occurrenceDate, game.occurrenceDate!), eq(event.status, "active"), gt(event.startsAt, nowOf(deps))))
      .orderBy(asc(event.startsAt));
  });

  let edited = first.changes.length > 0 ? 1 : 0;
  let notified = first.notified;
  const refused: RefusedSeriesEdit[] = [];
  for (const next of following) {
    try {
      const result = await editEvent(deps, { eventId: next.id, input: { ...input, date: dateInZone(next.startsAt, next.timeZone), timeZone: next.timeZone } });
      if (result.changes.length > 0) edited += 1;
      notified += result.notified;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused.push({ eventId: next.id, startsAt: next.startsAt.toISOString(), message: error.message });
    }
  }
  return { edited, notified, refused };
}

/** What games generated from now on copy: the edit form's details, the day of the week unchanged. */
function templateOf(input: CreateEventData) {
  return { ...gameDetailsOf(input), localTime: input.time };
}
