import { and, asc, eq, lt, notLike, or } from "drizzle-orm";
import { payment } from "#server/db/schema.ts";
import type { MoneyDeps } from "./deps.ts";
import { chargeLookupOf, type PaymentRow } from "./ledger.ts";
import type { ChargeOutcome } from "./processors/gateway.ts";
import { translate } from "#server/i18n/translate.ts";

/**
 * The ledger rows the recovery sweep settles (registrations/recover.ts), and what the processor says
 * about a charge left pending: docs/registrations-and-payments.md, "Recovery".
 */

/** A paid join holds its spot this long while the card is charged or authenticated; then recovery settles it. */
export const PAYMENT_HOLD_MS = 15 * 60_000;
/** A promotion whose job has not settled it by then is looked at again. */
export const PROMOTION_STALL_MS = 5 * 60_000;
/** A refund still pending after this long is tried again (its job may have been lost with a crash). */
export const REFUND_STALL_MS = 10 * 60_000;

/** The failure code recovery gives a held payment that was never completed in time. */
export const EXPIRED = "expired";

/**
 * Charges still pending past their limit, oldest first: a join's after the hold, a promotion's after
 * its stall. Not a hold's capture (key `capture:{registrationId}`): its capture job and the sweep's
 * hold steps settle it (stale-holds.ts); read as a join's charge, a capture would be applied to the
 * spot as a late charge and refunded.
 */
export function staleCharges(deps: Pick<MoneyDeps, "database">, now: number): Promise<PaymentRow[]> {
  return deps.database.db
    .select()
    .from(payment)
    .where(
      and(
        eq(payment.kind, "charge"),
        eq(payment.status, "pending"),
        notLike(payment.idempotencyKey, "capture:%"),
        or(
          and(eq(payment.offSession, false), lt(payment.createdAt, new Date(now - PAYMENT_HOLD_MS))),
          and(eq(payment.offSession, true), lt(payment.createdAt, new Date(now - PROMOTION_STALL_MS))),
        ),
      ),
    )
    .orderBy(asc(payment.createdAt));
}

/** Refunds still pending after their stall, oldest first. */
export function staleRefunds(deps: Pick<MoneyDeps, "database">, now: number): Promise<PaymentRow[]> {
  return deps.database.db
    .select()
    .from(payment)
    .where(and(eq(payment.kind, "refund"), eq(payment.status, "pending"), lt(payment.updatedAt, new Date(now - REFUND_STALL_MS))))
    .orderBy(asc(payment.createdAt));
}

/**
 * What became of a join's charge nobody completed in time, learnt from the processor (by its id when
 * the ledger has it, else from a consistent list, never by making it again). One still waiting for
 * authentication is cancelled first, so it can never land later; a charge the processor never saw
 * failed. Either is an expiry, whatever word the processor uses for a cancelled payment ("canceled");
 * one that landed meanwhile is returned as it is.
 */
export async function learnExpiredCharge(deps: Pick<MoneyDeps, "gateway">, charge: PaymentRow): Promise<ChargeOutcome> {
  // The ledger keeps the note in English (a record); a mail that quotes it words it (decline-text.ts).
  const notInTime = { code: EXPIRED, message: translate("en", "errors.ledger.notInTime") };
  let found = await deps.gateway.findCharge(chargeLookupOf(charge));
  if (found?.status === "requires_action") {
    found = await deps.gateway.cancelCharge(found.chargeId);
    if (found.status === "failed") found = { ...found, ...notInTime };
  }
  return found ?? { status: "failed", chargeId: null, amountCents: charge.amountCents, ...notInTime };
}
