import { and, eq, sql } from "drizzle-orm";
import { payment } from "#server/db/schema.ts";
import type { MoneyDeps } from "./deps.ts";
import { chargeGatewayIdOf, learnRefund, recordRefundOutcome } from "./settle-refund.ts";

/** The original product's refund error, kept on the ledger row an admin sees. */
export const NO_CHARGE_FOR_REFUND = "No charge associated with this payment intent";

/**
 * The refund job (and the recovery sweep): executes a pending refund row with its idempotency key.
 * When an earlier try may have reached the processor, the processor is asked first (its list of the
 * charge's refunds), so money goes back once even after a key's memory at the processor has expired.
 * An unknown outcome (the processor unreachable, the answer lost) throws: the row stays pending, the
 * job retries with backoff and, after its last try, the recovery sweep goes on asking. Only the
 * processor's own refusal makes the row `failed`, which admins see with a Retry. Every write is made
 * only while the row is still at the attempt (key) it was read at, so an admin's Retry committed
 * meanwhile is never overwritten with the outcome of the attempt it replaced; the refund carries
 * that key (Stripe: `metadata.refundKey`), so news about it names its attempt.
 */
export async function executeRefund(deps: MoneyDeps, paymentId: string): Promise<void> {
  const { db } = deps.database;
  const [refund] = await db.select().from(payment).where(and(eq(payment.id, paymentId), eq(payment.kind, "refund")));
  if (!refund || refund.status !== "pending") return;
  const chargeGatewayId = await chargeGatewayIdOf(deps, refund);
  if (!chargeGatewayId) {
    await recordRefundOutcome(deps, refund, { status: "failed", refundId: null, amountCents: refund.amountCents, message: NO_CHARGE_FOR_REFUND });
    return;
  }
  if (refund.attempts > 0 || refund.gatewayId) {
    // Done, on its way, or refused under this row's key: the processor's word settles it.
    const learnt = await learnRefund(deps, refund, chargeGatewayId);
    if (learnt) {
      await recordRefundOutcome(deps, refund, learnt);
      return;
    }
  }
  const [counted] = await db
    .update(payment)
    .set({ attempts: sql`${payment.attempts} + 1` })
    .where(and(eq(payment.id, refund.id), eq(payment.status, "pending"), eq(payment.idempotencyKey, refund.idempotencyKey)))
    .returning({ id: payment.id });
  // Settled, or moved to another attempt, since it was read: that attempt's job sends it.
  if (!counted) return;
  const outcome = await deps.gateway.refund({
    chargeId: chargeGatewayId,
    amountCents: refund.amountCents,
    idempotencyKey: refund.idempotencyKey,
    // The attempt's own key (a Retry's included): its first part matches every attempt of the row
    // (settle-refund.ts), the whole of it this attempt only.
    metadata: { registrationId: refund.registrationId, eventId: refund.eventId, refundKey: refund.idempotencyKey },
  });
  await recordRefundOutcome(deps, refund, outcome);
}
