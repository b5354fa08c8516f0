import { and, asc, eq, lt, or } from "drizzle-orm";
import { payment } from "../db/schema.ts";
import { GatewayUnavailableError } from "../money/processors/gateway.ts";
import { applyChargeOutcome, EXPIRED } from "./apply-charge.ts";
import { nowOf, type RegistrationDeps } from "./deps.ts";
import { executeRefund } from "../money/execute-refund.ts";
import { chargeLookupOf, type PaymentRow } from "../money/ledger.ts";
import { runPromotion } from "./run-promotion.ts";

/**
 * A paid join holds its spot this long while the card is charged or authenticated; then recovery
 * settles it (docs/registrations-and-payments.md, "Recovery").
 */
export const PAYMENT_HOLD_MS = 15 * 60_000;
/** A promotion whose job has not settled it by then is looked at again. */
export const PROMOTION_STALL_MS = 5 * 60_000;
/** A refund still pending after this long is tried again (its job may have been lost with a crash). */
export const REFUND_STALL_MS = 10 * 60_000;

export interface RecoveryReport {
  charges: number;
  refunds: number;
  /** Rows left for the next sweep: the processor unreachable, or an error logged with the row's id. */
  unsettled: number;
}

/**
 * The recovery sweep (a job every minute, and after a crash): every charge still pending past its
 * limit is looked up at the processor (by its id when the ledger has it, else from a consistent list,
 * never by making it again) and settled by what really happened (confirmed, refunded, or released);
 * a charge still waiting for authentication is cancelled first, so it can never land later. Refunds
 * left pending are asked about and executed again with their own key. Each row is settled on its
 * own: one that fails is logged with its id and left for the next sweep, and the sweep goes on.
 */
export async function recoverPayments(deps: RegistrationDeps): Promise<RecoveryReport> {
  const now = nowOf(deps).getTime();
  const { db } = deps.database;
  const report: RecoveryReport = { charges: 0, refunds: 0, unsettled: 0 };
  const settle = async (row: PaymentRow, work: () => Promise<unknown>) => {
    try {
      await work();
      return true;
    } catch (error) {
      report.unsettled += 1;
      // An unreachable processor is expected now and then; anything else is a defect to look at.
      if (error instanceof GatewayUnavailableError) console.warn(`recovery: ${row.kind} ${row.id} (registration ${row.registrationId}) waits for the processor: ${error.message}`);
      else console.error(`recovery: ${row.kind} ${row.id} (registration ${row.registrationId}) could not be settled:`, error);
      return false;
    }
  };

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
    )
    .orderBy(asc(payment.createdAt));
  for (const charge of staleCharges) {
    const settled = await settle(charge, async () => {
      if (charge.offSession) return runPromotion(deps, charge.registrationId);
      const notInTime = { code: EXPIRED, message: "The payment was not completed in time." };
      let found = await deps.gateway.findCharge(chargeLookupOf(charge));
      if (found?.status === "requires_action") {
        found = await deps.gateway.cancelCharge(found.chargeId);
        // Cancelled here because nobody completed it in time: it expired, whatever word the processor
        // uses for a cancelled payment ("canceled"). One that landed meanwhile is applied as it is.
        if (found.status === "failed") found = { ...found, ...notInTime };
      }
      await applyChargeOutcome(deps, charge.registrationId, found ?? { status: "failed", chargeId: null, amountCents: charge.amountCents, ...notInTime });
    });
    if (settled) report.charges += 1;
  }

  const staleRefunds = await db
    .select()
    .from(payment)
    .where(and(eq(payment.kind, "refund"), eq(payment.status, "pending"), lt(payment.updatedAt, new Date(now - REFUND_STALL_MS))))
    .orderBy(asc(payment.createdAt));
  for (const refund of staleRefunds) {
    if (await settle(refund, () => executeRefund(deps, refund.id))) report.refunds += 1;
  }
  return report;
}
