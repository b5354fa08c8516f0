import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { type CheckInAnswer, CHECK_IN_MESSAGES, checkInClosedMessage, checkInWindow, countCheckedIn } from "#shared/check-in.ts";
import type { Database } from "#server/db/client.ts";
import { registration } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import { withEventLock } from "#server/events/game-lock.ts";
import { confirmedPeople } from "./get-check-in-list.ts";

/**
 * PUT /api/admin/events/:id/check-in/:registrationId { checkedIn }: the state wanted, not a toggle,
 * so a tap sent again after a lost answer lands on the same state and is never counted twice; the
 * first check-in's time is kept. Under the event lock, so it serialises with the game's list changes
 * (a refund cannot close the spot halfway through). Only the two check-in columns change: never the
 * status, never a payment row (docs/product-rules.md, "Check-in").
 */
export async function setCheckIn(database: Database, options: { eventId: string; registrationId: string; checkedIn: boolean; now: Date }): Promise<CheckInAnswer> {
  const { eventId, registrationId, checkedIn, now } = options;
  return withEventLock(database, eventId, async (tx, game) => {
    const closed = checkInClosedMessage(checkInWindow(game, now).state);
    if (closed) throw new AppError("rule", closed);
    const [row] = await tx.db
      .select({ status: registration.status })
      .from(registration)
      .where(and(eq(registration.id, registrationId), eq(registration.eventId, eventId)));
    if (!row) throw new AppError("not_found", CHECK_IN_MESSAGES.registrationNotFound);
    if (row.status !== "confirmed") throw new AppError("conflict", CHECK_IN_MESSAGES.notConfirmed);

    // Only a row not yet in the wanted state is written: a repeat changes nothing. Checking in
    // someone marked a no-show (they came late) takes the mark away.
    const changed = await tx.db
      .update(registration)
      .set(checkedIn ? { checkedInAt: now, noShowAt: null } : { checkedInAt: null })
      .where(and(eq(registration.id, registrationId), checkedIn ? isNull(registration.checkedInAt) : isNotNull(registration.checkedInAt)))
      .returning({ id: registration.id });

    const people = await confirmedPeople(tx.db, eventId);
    const person = people.find((candidate) => candidate.registrationId === registrationId)!;
    return { person, counts: countCheckedIn(people), changed: changed.length > 0 };
    // Check-in marks are not on the game's page or the lists: nothing for live pages to hear.
  }, { announce: () => false });
}
