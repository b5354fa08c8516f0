import { and, eq, isNull } from "drizzle-orm";
import { type CheckInList, CHECK_IN_MESSAGES, noShowRules } from "#shared/check-in.ts";
import type { Database } from "#server/db/client.ts";
import { registration } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import { withEventLock } from "#server/events/game-lock.ts";
import { readCheckInList } from "./get-check-in-list.ts";

/**
 * POST /api/admin/events/:id/check-in/no-shows, "Mark the rest as no-show": every confirmed spot
 * not checked in gets its no-show time, from kick-off until 24 hours after the end. Marks already
 * there keep theirs, so a repeat only adds those still unmarked. Under the event lock; the status
 * and the ledger are never touched (docs/product-rules.md, "Check-in").
 */
export async function markNoShows(database: Database, options: { eventId: string; now: Date }): Promise<CheckInList> {
  const { eventId, now } = options;
  return withEventLock(database, eventId, async (tx, game) => {
    const rules = noShowRules(game, now);
    if (!rules.canMark) throw new AppError("rule", game.status === "cancelled" ? CHECK_IN_MESSAGES.cancelled : now.getTime() < Date.parse(rules.from) ? CHECK_IN_MESSAGES.noShowsTooEarly : CHECK_IN_MESSAGES.noShowsTooLate);
    await tx.db
      .update(registration)
      .set({ noShowAt: now })
      .where(and(eq(registration.eventId, eventId), eq(registration.status, "confirmed"), isNull(registration.checkedInAt), isNull(registration.noShowAt)));
    return readCheckInList(tx.db, game, now);
    // Check-in marks are not on the game's page or the lists: nothing for live pages to hear.
  }, { announce: () => false });
}
