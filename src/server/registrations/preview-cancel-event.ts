import { and, countDistinct, eq, inArray, sql, sum } from "drizzle-orm";
import type { CancelEventPreview } from "../../shared/events.ts";
import { ACTIVE_STATUSES } from "../../shared/registrations.ts";
import type { Db } from "../db/client.ts";
import { event, payment, registration } from "../db/schema.ts";
import { isEventId } from "../events/event-summary.ts";
import { EVENT_NOT_FOUND } from "../events/get-event.ts";
import { AppError } from "../http/errors.ts";

/**
 * What an admin cancel would do now, read the way cancelEvent does it: every confirmed spot's
 * succeeded charge goes back in full, everyone holding a spot or a waitlist place gets one mail
 * (docs/registrations-and-payments.md, "Admin cancels the game"). A spot still being paid for is not
 * counted: its charge, if it lands, is refunded when it does.
 */
export async function previewCancelEvent(db: Db, eventId: string): Promise<CancelEventPreview> {
  if (!isEventId(eventId)) throw new AppError("not_found", EVENT_NOT_FOUND);
  const [game] = await db.select({ id: event.id }).from(event).where(eq(event.id, eventId));
  if (!game) throw new AppError("not_found", EVENT_NOT_FOUND);
  const [refunds] = await db
    // What each party holds now: its charge, less the shares of guests removed since (docs/guests.md).
    .select({ count: countDistinct(registration.id), total: sum(sql`least(${payment.amountCents}, ${registration.amountCents})`).mapWith(Number) })
    .from(payment)
    .innerJoin(registration, eq(registration.id, payment.registrationId))
    .where(and(eq(registration.eventId, eventId), eq(registration.status, "confirmed"), eq(payment.kind, "charge"), eq(payment.status, "succeeded")));
  const [people] = await db
    .select({ count: countDistinct(registration.userId) })
    .from(registration)
    .where(and(eq(registration.eventId, eventId), inArray(registration.status, [...ACTIVE_STATUSES])));
  return { refundCount: refunds?.count ?? 0, refundTotalCents: refunds?.total ?? 0, notifyCount: people?.count ?? 0 };
}
