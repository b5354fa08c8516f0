import { eq } from "drizzle-orm";
import type { RegistrationRole } from "#shared/registrations.ts";
import { holdsSpot } from "#shared/registrations.ts";
import { cardHold, payment, user } from "#server/db/schema.ts";
import { holdPlacedFrom } from "#shared/game-on.ts";
import { holdKey } from "#server/money/hold-ledger.ts";
import { customerColumn } from "#server/money/customers.ts";
import { type RegistrationDeps, nowOf } from "./deps.ts";
import { enqueueIn } from "./jobs.ts";
import { hasSpotWatchers } from "./spot-opened.ts";
import { activeRegistrationsOf, capacityOf, closeOtherWaitlist, closeRegistration, firstWaitlistedFitting, heldSpots, moveRegistration, type RegistrationRow } from "./queries.ts";
import { promotionKey } from "#server/money/ledger.ts";
import type { EventRow } from "#server/events/game-lock.ts";
import type { Tx } from "#server/db/client.ts";

/**
 * Fills the free spots of a role from its waitlist, in arrival order (skipping parties larger than the
 * spots free), inside the caller's event lock. A free spot is given at once; a paid one is held as `promoting` while a job
 * charges the saved card off-session (promote:{registrationId}); that job confirms it, or fails it
 * and calls this again for the next person. Nobody is promoted once the game has started. See
 * docs/registrations-and-payments.md, "Promotion".
 */
export async function promoteNext(tx: Tx, deps: RegistrationDeps, event: EventRow, role: RegistrationRole): Promise<void> {
  if (event.status === "cancelled" || event.startsAt.getTime() <= nowOf(deps).getTime()) return;
  const enqueue = enqueueIn(tx, deps);
  const capacity = capacityOf(event, role);
  for (;;) {
    const free = capacity - (await heldSpots(tx, event.id, role));
    if (free <= 0) return;
    // A party is promoted whole or not at all: one too large for the spots free keeps its place, and
    // the next that fits goes first (docs/guests.md).
    const next = await firstWaitlistedFitting(tx, event.id, role, free);
    if (!next) {
      // A spot no one waits for: those who asked to be told of one are pushed (spot-opened.ts).
      if (await hasSpotWatchers(tx, event.id)) await enqueue.spotOpened(event.id);
      return;
    }
    if (!next.userId) {
      await closeRegistration(tx, next.id, { status: "cancelled", closedReason: "account_deleted" });
      continue;
    }
    // Someone who got a spot in the other role meanwhile keeps that one (one spot per user).
    const theirs = await activeRegistrationsOf(tx, event.id, next.userId);
    if (theirs.some((other) => holdsSpot(other.status))) {
      await closeRegistration(tx, next.id, { status: "cancelled", closedReason: "promoted_other_role" });
      continue;
    }
    if (next.amountCents === 0) {
      await moveRegistration(tx, next.id, "confirmed", { promotedAt: new Date() });
      await closeOtherWaitlist(tx, next);
      await enqueue.mail({ kind: "promoted", registrationId: next.id });
      continue;
    }
    const [owner] = await tx.db.select({ customerId: customerColumn(deps.gateway) }).from(user).where(eq(user.id, next.userId));
    if (!owner?.customerId || !next.paymentMethodId || !next.consentToAutoCharge) {
      // Cannot be charged: the place is lost, they are told, and the next person is tried.
      await closeRegistration(tx, next.id, { status: "payment_failed", closedReason: "payment_failed" });
      await enqueue.mail({ kind: "promotion_failed", registrationId: next.id });
      continue;
    }
    if (event.gameOnState === "open") {
      await promoteOntoHold(tx, deps, event, next, owner.customerId);
      continue;
    }
    await moveRegistration(tx, next.id, "promoting", { promotedAt: new Date() });
    await tx.db.insert(payment).values({
      registrationId: next.id,
      eventId: event.id,
      userId: next.userId,
      kind: "charge",
      amountCents: next.amountCents,
      currency: deps.config.payments.currency,
      idempotencyKey: promotionKey(next.id),
      offSession: true,
      customerId: owner.customerId,
      paymentMethodId: next.paymentMethodId,
    });
    await enqueue.promotion(next.id);
  }
}

/**
 * Game on (docs/game-on.md): before the decision a promoted waitlister's card is held, not charged,
 * under the consent they gave (key hold:{registrationId}): placed off-session by the promotion job, or,
 * when the decision is further off than a hold lasts, the spot confirmed at once and the hold
 * scheduled.
 */
async function promoteOntoHold(tx: Tx, deps: RegistrationDeps, event: EventRow, next: RegistrationRow, customerId: string): Promise<void> {
  const placeAfter = holdPlacedFrom(event, nowOf(deps));
  await moveRegistration(tx, next.id, placeAfter ? "confirmed" : "promoting", { promotedAt: new Date() });
  await tx.db.insert(cardHold).values({
    registrationId: next.id,
    eventId: event.id,
    userId: next.userId,
    status: placeAfter ? "scheduled" : "pending",
    amountCents: next.amountCents,
    currency: deps.config.payments.currency,
    idempotencyKey: holdKey(next.id),
    offSession: true,
    customerId,
    paymentMethodId: next.paymentMethodId!,
    placeAfter,
  });
  const enqueue = enqueueIn(tx, deps);
  if (placeAfter) {
    await closeOtherWaitlist(tx, next);
    await enqueue.mail({ kind: "hold_placed", registrationId: next.id, promoted: true });
  } else {
    await enqueue.promotion(next.id);
  }
}
