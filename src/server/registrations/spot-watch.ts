import { and, eq, inArray, sql } from "drizzle-orm";
import { errorText } from "#shared/i18n/error-key.ts";
import { ACTIVE_STATUSES, HELD_STATUSES, type RegistrationRole } from "#shared/registrations.ts";
import type { Db } from "#server/db/client.ts";
import { event, registration, spotWatch } from "#server/db/schema.ts";
import { isEventId } from "#server/events/event-summary.ts";
import { EVENT_NOT_FOUND } from "#server/events/get-event.ts";
import { AppError } from "#server/http/errors.ts";

export const SPOT_FREE = errorText("errors.spotWatch.spotFree");
export const ALREADY_ON_LISTS = errorText("errors.spotWatch.alreadyOnLists");

/**
 * "Tell me if a spot opens" (docs/notifications.md, "A freed spot"): someone who is not on a full
 * game's lists asks to be pushed when a spot frees that no one waits for. Refused (422, nothing
 * written) for a game that is gone, cancelled, under way or not open to everyone, one with a spot free
 * now (join instead), and for someone already holding a spot or waiting. Asking twice keeps one row.
 */
export async function askSpotWatch(options: { db: Db; eventId: string; userId: string; now: Date }): Promise<{ spotWatch: true }> {
  const { db, eventId, userId, now } = options;
  const game = await readGame(db, eventId);
  if (game.status === "cancelled") throw new AppError("rule", errorText("errors.registration.gameCancelled"));
  if (game.startsAt.getTime() <= now.getTime()) throw new AppError("rule", errorText("errors.registration.gameStarted"));
  if (game.registrationOpensAt && game.registrationOpensAt.getTime() > now.getTime()) throw new AppError("rule", errorText("errors.registration.notOpenYet"));
  const [mine] = await db
    .select({ id: registration.id })
    .from(registration)
    .where(and(eq(registration.eventId, eventId), eq(registration.userId, userId), inArray(registration.status, [...ACTIVE_STATUSES])))
    .limit(1);
  if (mine) throw new AppError("rule", ALREADY_ON_LISTS);
  if ((await freeRoles(db, game)).length > 0) throw new AppError("rule", SPOT_FREE);
  await db.insert(spotWatch).values({ eventId, userId }).onConflictDoNothing();
  return { spotWatch: true };
}

/** Undoes the ask; harmless when there was none. */
export async function withdrawSpotWatch(options: { db: Db; eventId: string; userId: string }): Promise<{ spotWatch: false }> {
  const { db, eventId, userId } = options;
  await readGame(db, eventId);
  await db.delete(spotWatch).where(and(eq(spotWatch.eventId, eventId), eq(spotWatch.userId, userId)));
  return { spotWatch: false };
}

export type WatchedGame = Awaited<ReturnType<typeof readGame>>;

export async function readGame(db: Db, eventId: string) {
  if (!isEventId(eventId)) throw new AppError("not_found", EVENT_NOT_FOUND);
  const [game] = await db.select().from(event).where(eq(event.id, eventId));
  if (!game) throw new AppError("not_found", EVENT_NOT_FOUND);
  return game;
}

/**
 * The roles with a spot free that no one waits for, players first: what a watcher may take. Read
 * without the game's lock: a push only says a spot is there; the join checks it again under the lock.
 */
export async function freeRoles(db: Db, game: Pick<WatchedGame, "id" | "maxPlayers" | "includeGoalkeepers" | "maxGoalkeepers">): Promise<RegistrationRole[]> {
  const rows = await db
    .select({
      role: registration.role,
      held: sql<number>`coalesce(sum(1 + ${registration.guestCount}) filter (where ${registration.status} in (${sql.join(
        HELD_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})), 0)`.mapWith(Number),
      waiting: sql<number>`count(*) filter (where ${registration.status} = 'waitlisted')`.mapWith(Number),
    })
    .from(registration)
    .where(and(eq(registration.eventId, game.id), inArray(registration.status, [...ACTIVE_STATUSES])))
    .groupBy(registration.role);
  const of = (role: RegistrationRole) => rows.find((row) => row.role === role) ?? { held: 0, waiting: 0 };
  const roles: RegistrationRole[] = game.includeGoalkeepers ? ["player", "goalkeeper"] : ["player"];
  return roles.filter((role) => {
    const { held, waiting } = of(role);
    return held < (role === "player" ? game.maxPlayers : game.maxGoalkeepers) && waiting === 0;
  });
}
