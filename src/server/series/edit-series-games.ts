import { and, asc, eq, gt } from "drizzle-orm";
import type { CreateEventData } from "#shared/events.ts";
import type { EditScope, EditSeriesGamesResponse, RefusedSeriesEdit } from "#shared/series.ts";
import { addDays, dayNumber, isoWeekday } from "#shared/series-schedule.ts";
import { dateInZone } from "#shared/zoned-time.ts";
import { event, series } from "#server/db/schema.ts";
import { gameDetailsOf } from "#server/events/create-event.ts";
import { editEvent } from "#server/registrations/edit-event.ts";
import { EVENT_NOT_FOUND } from "#server/events/get-event.ts";
import { AppError } from "#server/http/errors.ts";
import { nowOf, type RegistrationDeps } from "#server/registrations/deps.ts";
import { findSeries } from "./get-series.ts";
import { withSeriesLock } from "./generate-games.ts";
import { errorText } from "#shared/i18n/error-key.ts";
import { translate } from "#server/i18n/translate.ts";

/** A game is played at most this many days from its day in the series' weekly rhythm (its key). */
const MAX_DAY_OFFSET = 6;
/** Its English, what the tests compare; thrown by key ("errors.series.followingWithinAWeek"). */
export const FOLLOWING_WITHIN_A_WEEK = translate("en", "errors.series.followingWithinAWeek");
export const SERIES_ENDED = errorText("errors.series.endedEditOneByOne");

/**
 * Edits a game of a series, alone ("this") or with the games after it ("following"): each game through
 * the one edit of a game (editEvent, its own transaction under its lock, its own mails), so a series'
 * game follows exactly the rules of any game. "Following" also rewrites the series' template, so games
 * generated later have the new details. A new day for the chosen game moves each following game to
 * that weekday of its own week, and the games generated later too (the template's day offset);
 * otherwise each keeps its own day. The chosen game's refusal is the request's answer; a following game whose edit is refused
 * (say, its goalkeepers cannot be removed) keeps its details and is listed in the answer
 * (docs/series.md, "Editing").
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
  const shift = dayNumber(input.date) - dayNumber(dateInZone(game.startsAt, game.timeZone));
  // The new day, counted from the game's day in the weekly rhythm: the template's offset from now on.
  const offset = dayNumber(input.date) - dayNumber(game.occurrenceDate!);
  if (shift !== 0 && Math.abs(offset) > MAX_DAY_OFFSET) throw new AppError("validation", errorText("errors.series.followingWithinAWeek"), { date: errorText("errors.series.followingWithinAWeek") });
  const first = await editEvent(deps, { eventId: game.id, input });

  // The template first, under the series' lock: a generation running now has either committed its
  // games (the query below finds them) or will read the new template.
  const following = await withSeriesLock(db, [row.id], async (tx) => {
    const moved = shift === 0 ? {} : { dayOffset: offset, offsetFrom: game.occurrenceDate!, weekday: isoWeekday(input.date) };
    await tx.update(series).set({ ...templateOf(input), ...moved }).where(eq(series.id, row.id));
    return tx
      .select({ id: event.id, startsAt: event.startsAt, timeZone: event.timeZone, occurrenceDate: event.occurrenceDate })
      .from(event)
      .where(and(eq(event.seriesId, row.id), gt(event.occurrenceDate, game.occurrenceDate!), eq(event.status, "active"), gt(event.startsAt, nowOf(deps))))
      .orderBy(asc(event.startsAt));
  });

  let edited = first.changes.length > 0 ? 1 : 0;
  let notified = first.notified;
  const refused: RefusedSeriesEdit[] = [];
  for (const next of following) {
    try {
      // Moved: the new weekday of its own week, as the games generated later (a game moved alone
      // before follows too, as its time follows a new time). Otherwise: its own day, whatever it is.
      const date = shift === 0 ? dateInZone(next.startsAt, next.timeZone) : addDays(next.occurrenceDate!, offset);
      const result = await editEvent(deps, { eventId: next.id, input: { ...input, date, timeZone: next.timeZone } });
      if (result.changes.length > 0) edited += 1;
      notified += result.notified;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused.push({ eventId: next.id, startsAt: next.startsAt.toISOString(), message: error.message });
    }
  }
  return { edited, notified, refused };
}

/** What games generated from now on copy: the edit form's details (the day is moved apart, above). */
function templateOf(input: CreateEventData) {
  return { ...gameDetailsOf(input), localTime: input.time };
}
