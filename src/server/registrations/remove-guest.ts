import { and, eq, inArray, sql } from "drizzle-orm";
import { GUEST_NOT_FOUND, type RemoveGuestResponse } from "#shared/guests.ts";
import { refundAfterFeeCents } from "#shared/money.ts";
import { ACTIVE_STATUSES, CANCEL_WINDOW_TEXT, isCancellable } from "#shared/registrations.ts";
import type { SessionUser } from "#server/auth/session.ts";
import { registration, registrationGuest } from "#server/db/schema.ts";
import { isEventId } from "#server/events/event-summary.ts";
import { EVENT_NOT_FOUND } from "#server/events/get-event.ts";
import { AppError } from "#server/http/errors.ts";
import { PAYMENT_IN_PROGRESS } from "./cancel.ts";
import { feeRuleOf, nowOf, type RegistrationDeps } from "./deps.ts";
import { enqueueIn } from "./jobs.ts";
import { promoteNext } from "./promote-next.ts";
import { chargeOf, insertRefund } from "#server/money/ledger.ts";
import { withEventLock } from "#server/events/game-lock.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/**
 * DELETE /api/events/:id/registrations/me/guests/:guestId: takes one guest out of the viewer's party,
 * under the rule a cancel follows (while the start is at least 24 hours away). One transaction under
 * the game's lock: the guest is marked removed, the party's count and price drop by the guest's share,
 * a paid spot's share goes back minus the fee (a pending refund row keyed refund-guest:{guestId} and
 * its job), and the spot freed goes to the waitlist. A waitlisted party waits smaller, for a smaller
 * automatic charge, and is promoted at once if it now fits the spots free. See docs/guests.md.
 */
export async function removeGuest(deps: RegistrationDeps, options: { user: SessionUser; eventId: string; guestId: string }): Promise<RemoveGuestResponse> {
  const { user, eventId, guestId } = options;
  if (!isEventId(eventId)) throw new AppError("not_found", EVENT_NOT_FOUND);
  if (!isEventId(guestId)) throw new AppError("not_found", GUEST_NOT_FOUND);
  const refundCents = await withEventLock(deps.database, eventId, async (tx, event) => {
    if (event.status === "cancelled") throw new AppError("rule", errorText("errors.registration.gameCancelled"));
    if (!isCancellable(event.startsAt, nowOf(deps))) throw new AppError("rule", CANCEL_WINDOW_TEXT);
    const [found] = await tx.db
      .select({ guest: registrationGuest, reg: registration })
      .from(registrationGuest)
      .innerJoin(registration, eq(registration.id, registrationGuest.registrationId))
      .where(
        and(
          eq(registrationGuest.id, guestId),
          eq(registrationGuest.status, "active"),
          eq(registration.eventId, event.id),
          eq(registration.userId, user.id),
          inArray(registration.status, [...ACTIVE_STATUSES]),
        ),
      );
    if (!found) throw new AppError("not_found", GUEST_NOT_FOUND);
    const { guest, reg } = found;
    if (reg.status === "pending_payment" || reg.status === "promoting") throw new AppError("conflict", PAYMENT_IN_PROGRESS);

    // A confirmed paid spot gives the guest's share back as a cancel would: the share minus the fee.
    const charge = reg.status === "confirmed" ? await chargeOf(tx, reg.id) : undefined;
    const paid = charge?.status === "succeeded";
    const refund = paid ? Math.min(guest.shareCents, refundAfterFeeCents(guest.shareCents, feeRuleOf(deps))) : 0;
    await tx.db
      .update(registrationGuest)
      .set({ status: "removed", removedAt: new Date(), refundedCents: paid ? refund : null })
      .where(eq(registrationGuest.id, guest.id));
    await tx.db
      .update(registration)
      .set({ guestCount: sql`${registration.guestCount} - 1`, amountCents: sql`${registration.amountCents} - ${guest.shareCents}` })
      .where(eq(registration.id, reg.id));
    const refundId = refund > 0 ? await insertRefund(tx, reg, { amountCents: refund, currency: charge!.currency, reason: "guest_removed", guestId: guest.id }) : undefined;
    if (refundId) await enqueueIn(tx, deps).refund(refundId);
    // A paid party's receipt for the guest's share, naming its refund row; also when the fee covers all of it (docs/mails.md).
    if (paid) await enqueueIn(tx, deps).mail({ kind: "guest_removed", registrationId: reg.id, guestId: guest.id, ...(refundId && { refundId }) });
    // A spot freed goes to the waitlist; a waitlisted party now smaller may fit the spots already free
    // (it is first in line for them: a newcomer must not take them ahead of it).
    await promoteNext(tx, deps, event, reg.role);
    return refund;
  });
  deps.listCache?.invalidate();
  return { refundCents };
}
