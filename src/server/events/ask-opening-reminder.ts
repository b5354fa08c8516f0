import { and, eq, inArray, sql } from "drizzle-orm";
import { errorText } from "#shared/i18n/error-key.ts";
import { regularsSpots } from "#shared/registration-opening.ts";
import { HELD_STATUSES } from "#shared/registrations.ts";
import type { Db } from "#server/db/client.ts";
import { event, openingReminder, registration } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import { isEventId } from "./event-summary.ts";
import { EVENT_NOT_FOUND } from "./get-event.ts";
import { inRegularsWindow, regularPassFor } from "./regulars.ts";

/**
 * "Tell me when it opens" (docs/series.md, "What each person is told"): someone who may not join a
 * series game yet asks for a mail at its opening. Refused for a game that is gone, cancelled, under
 * way or already open, and for a regular inside the window while the regulars' share still has a
 * spot for them (they may join now): 422, nothing written. A regular whose share is taken waits for
 * the opening like anyone, and may ask.
 * Asking twice keeps the one row (the mail goes once: the opening's "new game" mail and its ledger).
 */
export async function askOpeningReminder(options: { db: Db; eventId: string; userId: string; now: Date }): Promise<{ openingReminder: true }> {
  const { db, eventId, userId, now } = options;
  const game = await readGame(db, eventId);
  if (game.status === "cancelled") throw new AppError("rule", errorText("errors.registration.gameCancelled"));
  if (game.startsAt.getTime() <= now.getTime()) throw new AppError("rule", errorText("errors.registration.gameStarted"));
  if (game.registrationOpensAt === null || game.registrationOpensAt.getTime() <= now.getTime()) throw new AppError("rule", errorText("errors.openingReminder.alreadyOpen"));
  if (inRegularsWindow(game, now)) {
    const pass = await regularPassFor(db, game, userId, now);
    if (pass && (await regularsShareHasRoom(db, game, pass.maxPercent))) throw new AppError("rule", errorText("errors.openingReminder.youMayJoin"));
  }
  await db.insert(openingReminder).values({ eventId, userId }).onConflictDoNothing();
  return { openingReminder: true };
}

/** Undoes the ask; harmless when there was none (or the mail already went: it cannot be unsent). */
export async function withdrawOpeningReminder(options: { db: Db; eventId: string; userId: string }): Promise<{ openingReminder: false }> {
  const { db, eventId, userId } = options;
  await readGame(db, eventId);
  await db.delete(openingReminder).where(and(eq(openingReminder.eventId, eventId), eq(openingReminder.userId, userId)));
  return { openingReminder: false };
}

async function readGame(db: Db, eventId: string) {
  if (!isEventId(eventId)) throw new AppError("not_found", EVENT_NOT_FOUND);
  const [game] = await db
    .select({
      id: event.id,
      status: event.status,
      seriesId: event.seriesId,
      startsAt: event.startsAt,
      registrationOpensAt: event.registrationOpensAt,
      regularsOpenAt: event.regularsOpenAt,
      maxPlayers: event.maxPlayers,
      includeGoalkeepers: event.includeGoalkeepers,
      maxGoalkeepers: event.maxGoalkeepers,
    })
    .from(event)
    .where(eq(event.id, eventId));
  if (!game) throw new AppError("not_found", EVENT_NOT_FOUND);
  return game;
}

/**
 * Whether the regulars' share of either role still has a spot (the join's own check under the lock,
 * registrations/join-batch.ts `checkRegularsShare`, read here without it: an ask writes no spot).
 */
async function regularsShareHasRoom(db: Db, game: Awaited<ReturnType<typeof readGame>>, maxPercent: number): Promise<boolean> {
  const held = await db
    .select({ role: registration.role, spots: sql<number>`coalesce(sum(1 + ${registration.guestCount}), 0)`.mapWith(Number) })
    .from(registration)
    .where(and(eq(registration.eventId, game.id), inArray(registration.status, [...HELD_STATUSES])))
    .groupBy(registration.role);
  const heldBy = (role: string) => held.find((row) => row.role === role)?.spots ?? 0;
  if (heldBy("player") < regularsSpots(game.maxPlayers, maxPercent)) return true;
  return game.includeGoalkeepers && heldBy("goalkeeper") < regularsSpots(game.maxGoalkeepers, maxPercent);
}
