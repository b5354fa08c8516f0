import { and, asc, eq, gt, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { event, registration } from "#server/db/schema.ts";
import type { CalendarGame } from "./game-calendar.ts";

/** A game the reader left, or that was cancelled, stays in the feed this long after, marked cancelled. */
export const FEED_KEEPS_CANCELLED_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * The games of a person's feed (docs/calendar-and-reminders.md, "What the feed lists"): those where
 * they hold a spot (confirmed), the past ones for 30 days after their end; and, for 30 days after it
 * happened, those whose spot they gave up or whose game was cancelled, as cancelled entries, so a
 * subscribed calendar crosses them out rather than silently dropping them. A waitlist place is not
 * a spot: one never promoted (waitlisted_at set, promoted_at not) does not count.
 */
export async function listFeedGames(db: Db, userId: string, now: Date): Promise<CalendarGame[]> {
  const since = new Date(now.getTime() - FEED_KEEPS_CANCELLED_DAYS * DAY_MS);
  const rows = await db
    .select({ game: event, status: registration.status, changedAt: registration.updatedAt })
    .from(registration)
    .innerJoin(event, eq(event.id, registration.eventId))
    .where(
      and(
        eq(registration.userId, userId),
        or(
          and(eq(registration.status, "confirmed"), gt(event.endsAt, since)),
          and(
            inArray(registration.status, ["cancelled", "refunded"]),
            inArray(registration.closedReason, ["user_left", "event_cancelled"]),
            or(isNull(registration.waitlistedAt), isNotNull(registration.promotedAt)),
            gt(registration.updatedAt, since),
          ),
        ),
      ),
    )
    .orderBy(asc(event.startsAt));

  // One entry per game: held if any of its rows holds a spot (someone who left and joined again).
  const games = new Map<string, CalendarGame>();
  for (const { game, status, changedAt } of rows) {
    const held = status === "confirmed" && game.status === "active";
    const found = games.get(game.id);
    const latest = new Date(Math.max(game.updatedAt.getTime(), changedAt.getTime(), found?.changedAt.getTime() ?? 0));
    games.set(game.id, {
      id: game.id,
      title: game.title,
      startsAt: game.startsAt,
      endsAt: game.endsAt,
      timeZone: game.timeZone,
      locationName: game.locationName,
      latitude: game.latitude,
      longitude: game.longitude,
      field: game.field,
      notes: game.notes,
      cancelled: found ? found.cancelled && !held : !held,
      changedAt: latest,
    });
  }
  return [...games.values()];
}
