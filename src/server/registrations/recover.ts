import { and, eq, lt, or } from "drizzle-orm";
import { payment } from "../db/schema.ts";
import { GatewayUnavailableError } from "../payments/gateway.ts";
import { applyChargeOutcome, EXPIRED } from "./apply-charge.ts";
import { nowOf, type RegistrationDeps } from "./deps.ts";
import { executeRefund, settleRefund } from "./execute-refund.ts";
import { runPromotion } from "./run-promotion.ts";

/** A paid join holds its spot this long while the card is charged or authenticated (DESIGN §6). */
export const PAYMENT_HOLD_MS = 15 * 60_000;
/** A promotion whose job has not settled it by then is looked at again. */
export const PROMOTION_STALL_MS = 5 * 60_000;
/** A refund still pending after this long is tried again (its job may have been lost with a crash). */
export const REFUND_STALL_MS = 10 * 60_000;

export interface RecoveryReport {
  charges: number;
  refunds: number;
}

/**
 * The recovery sweep (a job every minute, and after a crash): every charge still pending past its
 * limit is looked up at the processor by its idempotency key and settled by what really happened
 * (confirmed, refunded, or released); a charge still waiting for authentication is cancelled first,
 * so it can never land later. Refunds left pending are executed again with their own key.
 */
export async function recoverPayments(deps: RegistrationDeps): Promise<RecoveryReport> {
  const now = nowOf(deps).getTime();
  const { db } = deps.database;
  const staleCharges = await db
    .select()
    .from(payment)
    .where(
      and(
        eq(payment.kind, "charge"),
        eq(payment.status, "pending"),
        or(
          and(eq(payment.offSession, false), lt(payment.createdAt, new Date(now - PAYMENT_HOLD_MS))),
          and(eq(payment.offSession, true), lt(payment.createdAt, new Date(now - PROMOTION_STALL_MS))),
        ),
      ),
    );
  const report: RecoveryReport = { charges: 0, refunds: 0 };
  for (const charge of staleCharges) {
    try {
      if (charge.offSession) {
        await runPromotion(deps, charge.registrationId);
      } else {
        let found = await deps.gateway.findCharge({ idempotencyKey: charge.idempotencyKey, registrationId: charge.registrationId });
        if (found?.status === "requires_action") found = await deps.gateway.cancelCharge(found.chargeId);
        await applyChargeOutcome(
          deps,
          charge.registrationId,
          found ?? { status: "failed", chargeId: null, amountCents: charge.amountCents, code: EXPIRED, message: "The payment was not completed in time." },
        );
      }
      report.charges += 1;
    } catch (error) {
      // The processor is unreachable: the next sweep tries again.
      if (!(error instanceof GatewayUnavailableError)) throw error;
    }
  }

  const staleRefunds = await db
    .select()
    .from(payment)
    .where(and(eq(payment.kind, "refund"), eq(payment.status, "pending"), lt(payment.updatedAt, new Date(now - REFUND_STALL_MS))));
  for (const refund of staleRefunds) {
    try {
      if (refund.gatewayId) await settleRefund(deps, refund.id, await deps.gateway.getRefund(refund.gatewayId));
      else await executeRefund(deps, refund.id, { lastAttempt: false });
      report.refunds += 1;
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
    }
  }
  return report;
}
