import { and, eq, isNotNull } from "drizzle-orm";
import { type CheckInList, CHECK_IN_MESSAGES, noShowRules } from "#shared/check-in.ts";
import type { Database } from "#server/db/client.ts";
import { registration } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import { withEventLock } from "#server/events/game-lock.ts";
import { readCheckInList } from "./get-check-in-list.ts";

/**
 * DELETE /api/admin/events/:id/check-in/no-shows: the Undo of "Mark the rest as no-show", until 24
 * hours after the game's end; every no-show mark of the game goes. Nothing to undo is a no-op.
 */
export async function undoNoShows(database: Database, options: { eventId: string; now: Date }): Promise<CheckInList> {
  const { eventId, now } = options;
  return withEventLock(database, eventId, async (tx, game) => {
    if (!noShowRules(game, now).canUndo) throw new AppError("rule", game.status === "cancelled" ? CHECK_IN_MESSAGES.cancelled : CHECK_IN_MESSAGES.noShowsTooLate);
    await tx.db
      .update(registration)
      .set({ noShowAt: null })
      .where(and(eq(registration.eventId, eventId), isNotNull(registration.noShowAt)));
    return readCheckInList(tx.db, game, now);
    // Check-in marks are not on the game's page or the lists: nothing for live pages to hear.
  }, { announce: () => false });
}
