import { and, countDistinct, eq, inArray } from "drizzle-orm";
import type { CancelEventPreview } from "#shared/events.ts";
import { LET_GO_STATUSES } from "#shared/holds.ts";
import { ACTIVE_STATUSES } from "#shared/registrations.ts";
import type { Db } from "#server/db/client.ts";
import { heldChargeCents, NO_FEE, summarizeLedger } from "#shared/ledger.ts";
import { cardHold, event, registration } from "#server/db/schema.ts";
import { ledgerByRegistration } from "#server/money/read-money.ts";
import { isEventId } from "#server/events/event-summary.ts";
import { EVENT_NOT_FOUND } from "#server/events/get-event.ts";
import { AppError } from "#server/http/errors.ts";

/**
 * What an admin cancel would do now, read the way cancelEvent does it: every confirmed spot's
 * succeeded charge goes back in full, everyone holding a spot or a waitlist place gets one mail
 * (docs/registrations-and-payments.md, "Admin cancels the game"). A spot still being paid for is not
 * counted: its charge, if it lands, is refunded when it does. Before a game-on decision, the cards held
 * (or still to be held) are let go with nothing charged (docs/game-on.md, "Calling a game off").
 */
export async function previewCancelEvent(db: Db, eventId: string): Promise<CancelEventPreview> {
  if (!isEventId(eventId)) throw new AppError("not_found", EVENT_NOT_FOUND);
  const [game] = await db.select({ id: event.id }).from(event).where(eq(event.id, eventId));
  if (!game) throw new AppError("not_found", EVENT_NOT_FOUND);
  const [confirmed, ledger] = await Promise.all([
    db
      .select({ id: registration.id, amountCents: registration.amountCents })
      .from(registration)
      .where(and(eq(registration.eventId, eventId), eq(registration.status, "confirmed"))),
    ledgerByRegistration(db, { eventId }),
  ]);
  // Each confirmed party gets back what it holds of its charge, as releaseConfirmedSpot computes it.
  const due = confirmed
    .map((party) => heldChargeCents(summarizeLedger(ledger.get(party.id) ?? [], NO_FEE).chargedCents, party.amountCents))
    .filter((cents) => cents > 0);
  const [people] = await db
    .select({ count: countDistinct(registration.userId) })
    .from(registration)
    .where(and(eq(registration.eventId, eventId), inArray(registration.status, [...ACTIVE_STATUSES])));
  const [holds] = await db
    .select({ count: countDistinct(cardHold.id) })
    .from(cardHold)
    .where(and(eq(cardHold.eventId, eventId), inArray(cardHold.status, [...LET_GO_STATUSES])));
  return { refundCount: due.length, refundTotalCents: due.reduce((total, cents) => total + cents, 0), notifyCount: people?.count ?? 0, heldCount: holds?.count ?? 0 };
}
