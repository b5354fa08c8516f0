import { type CreateEventData, DATE_IN_PAST, type EventDetail } from "#shared/events.ts";
import { dateInZone, isValidDate, isValidTime, zonedTimeToUtc } from "#shared/zoned-time.ts";
import type { SessionUser } from "#server/auth/session.ts";
import type { Db } from "#server/db/client.ts";
import { event } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import { getEventDetail } from "./get-event.ts";
import { errorText } from "#shared/i18n/error-key.ts";
import { decisionAt } from "#shared/game-on.ts";

/**
 * Creates an event from the Create New Event form. The date and time are the organiser's wall clock
 * in `timeZone`; the start is stored as an instant and the end is start + duration. A date before
 * today in that zone, or a start already past, is refused with the original product's message,
 * 'Date must be after todays date' (docs/product-rules.md, "Events").
 */
export async function createEvent(options: { db: Db; organizer: SessionUser; input: CreateEventData; now: Date }): Promise<EventDetail> {
  const { db, organizer, input, now } = options;
  const startsAt = startOfNewGame(input, now);
  const endsAt = new Date(startsAt.getTime() + input.durationMinutes * 60_000);

  const [created] = await db
    .insert(event)
    .values({
      ...gameDetailsOf(input),
      gameOnState: gameOnStartOf(input, startsAt, now),
      startsAt,
      endsAt,
      timeZone: input.timeZone,
      organizerId: organizer.id,
      organizerName: organizer.name,
      organizerEmail: organizer.email,
    })
    .returning({ id: event.id });
  return getEventDetail({ db, id: created!.id, viewer: organizer });
}

/**
 * The start of a game about to be created (alone, or the first of a series): a real date and time on
 * the organiser's clock, not before today there and not already past; else a 400 on that field.
 */
/**
 * A game's details as the form gives them, in the columns a game and a series' template share
 * (src/server/series/): one mapping, so both store the same things the same way.
 */
export function gameDetailsOf(input: CreateEventData) {
  return {
    title: input.title,
    durationMinutes: input.durationMinutes,
    latitude: input.location.latitude,
    longitude: input.location.longitude,
    locationName: input.location.name,
    field: input.field,
    notes: input.notes,
    costCents: input.costCents,
    maxPlayers: input.maxPlayers,
    includeGoalkeepers: input.includeGoalkeepers,
    goalkeeperCostCents: input.includeGoalkeepers ? input.goalkeeperCostCents : 0,
    maxGoalkeepers: input.maxGoalkeepers,
    maxGuestsPerPlayer: input.maxGuestsPerPlayer,
    gameOnMinPlayers: input.gameOnMinPlayers,
    gameOnMinGoalkeepers: input.gameOnMinPlayers === null ? null : input.gameOnMinGoalkeepers,
    gameOnDecideHours: input.gameOnDecideHours,
    pitchCostCents: input.gameOnMinPlayers === null ? null : input.pitchCostCents,
  };
}

/**
 * A new game-on game starts `open`; its decision must still be ahead (docs/game-on.md), else the
 * organiser is asked for fewer hours before kick-off.
 */
export function gameOnStartOf(input: Pick<CreateEventData, "gameOnMinPlayers" | "gameOnDecideHours">, startsAt: Date, now: Date): "open" | null {
  if (input.gameOnMinPlayers === null) return null;
  if (decisionAt({ startsAt, gameOnDecideHours: input.gameOnDecideHours }).getTime() <= now.getTime()) {
    throw new AppError("validation", DECISION_PAST, { gameOnDecideHours: DECISION_PAST });
  }
  return "open";
}

export const DECISION_PAST = errorText("errors.gameOn.decisionPast");

export function startOfNewGame(input: Pick<CreateEventData, "date" | "time" | "timeZone">, now: Date): Date {
  if (!isValidDate(input.date)) throw new AppError("validation", errorText("errors.event.validDate"), { date: errorText("errors.event.validDate") });
  if (!isValidTime(input.time)) throw new AppError("validation", errorText("errors.event.validTime"), { time: errorText("errors.event.validTime") });
  if (input.date < dateInZone(now, input.timeZone)) throw new AppError("validation", DATE_IN_PAST, { date: DATE_IN_PAST });
  const startsAt = zonedTimeToUtc(input.date, input.time, input.timeZone);
  if (startsAt.getTime() <= now.getTime()) throw new AppError("validation", DATE_IN_PAST, { time: DATE_IN_PAST });
  return startsAt;
}
