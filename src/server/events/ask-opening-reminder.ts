import { and, eq } from "drizzle-orm";
import { errorText } from "#shared/i18n/error-key.ts";
import type { Db } from "#server/db/client.ts";
import { event, openingReminder } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import { isEventId } from "./event-summary.ts";
import { EVENT_NOT_FOUND } from "./get-event.ts";
import { inRegularsWindow, regularPassFor } from "./regulars.ts";

/**
 * "Tell me when it opens" (docs/series.md, "What each person is told"): someone who may not join a
 * series game yet asks for a mail at its opening. Refused for a game that is gone, cancelled, under
 * way or already open, and for a regular inside the window (they may join now): 422, nothing written.
 * Asking twice keeps the one row (the mail goes once: the opening's "new game" mail and its ledger).
 */
export async function askOpeningReminder(options: { db: Db; eventId: string; userId: string; now: Date }): Promise<{ openingReminder: true }> {
  const { db, eventId, userId, now } = options;
  const game = await readGame(db, eventId);
  if (game.status === "cancelled") throw new AppError("rule", errorText("errors.registration.gameCancelled"));
  if (game.startsAt.getTime() <= now.getTime()) throw new AppError("rule", errorText("errors.registration.gameStarted"));
  if (game.registrationOpensAt === null || game.registrationOpensAt.getTime() <= now.getTime()) throw new AppError("rule", errorText("errors.openingReminder.alreadyOpen"));
  if (inRegularsWindow(game, now) && (await regularPassFor(db, game, userId, now))) throw new AppError("rule", errorText("errors.openingReminder.youMayJoin"));
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
    .select({ id: event.id, status: event.status, seriesId: event.seriesId, startsAt: event.startsAt, registrationOpensAt: event.registrationOpensAt, regularsOpenAt: event.regularsOpenAt })
    .from(event)
    .where(eq(event.id, eventId));
  if (!game) throw new AppError("not_found", EVENT_NOT_FOUND);
  return game;
}
