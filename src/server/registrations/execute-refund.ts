import { and, eq, sql } from "drizzle-orm";
import { payment } from "../db/schema.ts";
import { GatewayUnavailableError, type RefundOutcome } from "../payments/gateway.ts";
import type { RegistrationDeps } from "./deps.ts";

/** SPEC §8's refund errors, kept on the ledger row an admin sees. */
export const NO_CHARGE_FOR_REFUND = "No charge associated with this payment intent";
export const ERROR_ISSUING_REFUND = "Error issuing refund";

/**
 * The refund job: executes a pending refund row with its idempotency key (a retry refunds once).
 * An unreachable processor throws so pg-boss retries with backoff; after the last try, or when the
 * processor refuses, the row is `failed` with the reason, and admins see it on the event page.
 */
export async function executeRefund(deps: RegistrationDeps, paymentId: string, options: { lastAttempt: boolean }): Promise<void> {
  const { db } = deps.database;
  const [refund] = await db.select().from(payment).where(and(eq(payment.id, paymentId), eq(payment.kind, "refund")));
  if (!refund || refund.status !== "pending") return;
  const [charge] = await db
    .select()
    .from(payment)
    .where(and(eq(payment.registrationId, refund.registrationId), eq(payment.kind, "charge"), eq(payment.status, "succeeded")));
  if (!charge?.gatewayId) {
    await settleRefund(deps, refund.id, { status: "failed", refundId: null, amountCents: refund.amountCents, message: NO_CHARGE_FOR_REFUND });
    return;
  }
  await db.update(payment).set({ attempts: sql`${payment.attempts} + 1` }).where(eq(payment.id, refund.id));
  let outcome: RefundOutcome;
  try {
    outcome = await deps.gateway.refund({
      chargeId: charge.gatewayId,
      amountCents: refund.amountCents,
      idempotencyKey: refund.idempotencyKey,
      metadata: { registrationId: refund.registrationId, eventId: refund.eventId },
    });
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError) || !options.lastAttempt) throw error;
    outcome = { status: "failed", refundId: null, amountCents: refund.amountCents, message: ERROR_ISSUING_REFUND };
  }
  await settleRefund(deps, refund.id, outcome);
}

/** Records a refund's outcome on its pending row; pending (Stripe's asynchronous refunds) stays pending. */
export async function settleRefund(deps: RegistrationDeps, paymentId: string, outcome: RefundOutcome): Promise<void> {
  await deps.database.db
    .update(payment)
    .set(
      outcome.status === "pending"
        ? { gatewayId: outcome.refundId }
        : { status: outcome.status, gatewayId: outcome.refundId, error: outcome.status === "failed" ? outcome.message : null },
    )
    .where(and(eq(payment.id, paymentId), eq(payment.status, "pending")));
}
