import { eq } from "drizzle-orm";
import { payment, registration } from "#server/db/schema.ts";
import type { ChargeOutcome } from "#server/money/processors/gateway.ts";
import type { RegistrationDeps } from "./deps.ts";
import { EXPIRED } from "#server/money/stale-payments.ts";
import { enqueueIn } from "./jobs.ts";
import { promoteNext } from "./promote-next.ts";
import { closeOtherWaitlist, closeRegistration, moveRegistration, type RegistrationRow } from "./queries.ts";
import { chargeOf, insertRefund } from "#server/money/ledger.ts";
import { withEventLock } from "#server/events/game-lock.ts";

/**
 * Records what the processor says about a registration's charge, whoever learnt it (the join
 * request, the browser after authentication, the promotion job, recovery). Applied once: the charge
 * row leaves `pending` here, under the event lock, so a second caller with the same news changes
 * nothing. A charge that succeeded after its spot was released (an admin cancel, an expiry, an
 * account deletion) is refunded in full: every charge belongs to a held spot or has a refund.
 */
export async function applyChargeOutcome(deps: RegistrationDeps, registrationId: string, outcome: ChargeOutcome): Promise<RegistrationRow> {
  const [found] = await deps.database.db.select({ eventId: registration.eventId }).from(registration).where(eq(registration.id, registrationId));
  if (!found) throw new Error(`no registration ${registrationId}`);
  const result = await withEventLock(deps.database, found.eventId, async (tx, event) => {
    const [current] = await tx.db.select().from(registration).where(eq(registration.id, registrationId));
    const reg = current!;
    const charge = await chargeOf(tx, reg.id);
    if (!charge || charge.status !== "pending") return { reg, changed: false };
    const enqueue = enqueueIn(tx, deps);
    const held = reg.status === "pending_payment" || reg.status === "promoting";

    if (outcome.status === "requires_action") {
      await tx.db.update(payment).set({ gatewayId: outcome.chargeId }).where(eq(payment.id, charge.id));
      return { reg, changed: false };
    }

    if (outcome.status === "succeeded") {
      await tx.db.update(payment).set({ status: "succeeded", gatewayId: outcome.chargeId, error: null }).where(eq(payment.id, charge.id));
      if (held) {
        await moveRegistration(tx, reg.id, "confirmed");
        await closeOtherWaitlist(tx, reg);
        await enqueue.mail({ kind: reg.status === "promoting" ? "promoted" : "payment_confirmed", registrationId: reg.id, chargeId: charge.id });
        return { reg: { ...reg, status: "confirmed" as const }, changed: true };
      }
      const refundId = await insertRefund(tx, reg, { amountCents: charge.amountCents, currency: charge.currency, reason: "late_charge" });
      await moveRegistration(tx, reg.id, "refunded", { refundedCents: charge.amountCents });
      if (refundId) await enqueue.refund(refundId);
      // They may have been told "nothing was charged" when the spot was released: say both facts.
      await enqueue.mail({ kind: "late_charge_refunded", registrationId: reg.id, chargeId: charge.id, ...(refundId && { refundId }) });
      return { reg: { ...reg, status: "refunded" as const, refundedCents: charge.amountCents }, changed: true };
    }

    await tx.db
      .update(payment)
      .set({ status: "failed", gatewayId: outcome.chargeId, error: outcome.message })
      .where(eq(payment.id, charge.id));
    if (!held) return { reg, changed: false };
    const closedReason = outcome.code === EXPIRED ? "payment_expired" : "payment_failed";
    await closeRegistration(tx, reg.id, { status: "payment_failed", closedReason });
    if (reg.status === "promoting") await enqueue.mail({ kind: "promotion_failed", registrationId: reg.id, chargeId: charge.id });
    // The spot is free again: the next waitlister gets their chance.
    await promoteNext(tx, deps, event, reg.role);
    return { reg: { ...reg, status: "payment_failed" as const }, changed: true };
  }, { announce: (applied) => applied.changed });
  if (result.changed) deps.listCache?.invalidate();
  return result.reg;
}
