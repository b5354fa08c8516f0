import { and, eq, inArray, sql } from "drizzle-orm";
import { payment } from "#server/db/schema.ts";
import type { RefundOutcome } from "./processors/gateway.ts";
import type { MoneyDeps } from "./deps.ts";
import type { PaymentRow } from "./ledger.ts";

/**
 * Refunds whose outcome is not known (an answer lost, a webhook about an earlier attempt, an admin's
 * Retry) are settled by asking the processor, never by guessing: docs/registrations-and-payments.md,
 * "Unknown outcomes".
 */

/** The succeeded charge a refund row gives money back from, as the processor knows it. */
export async function chargeGatewayIdOf(deps: MoneyDeps, refund: PaymentRow): Promise<string | null> {
  const [charge] = await deps.database.db
    .select({ gatewayId: payment.gatewayId })
    .from(payment)
    .where(and(eq(payment.registrationId, refund.registrationId), eq(payment.kind, "charge"), eq(payment.status, "succeeded")));
  return charge?.gatewayId ?? null;
}

/**
 * What the processor holds for this refund row, from its list of the charge's refunds (every key
 * ever used for the row shows there): a refund that went through or is on its way wins; else the
 * row's current attempt if the processor refused it; else null, when nothing reached the processor
 * under the row's current key (an earlier attempt's refusal is that attempt's, never the retry's).
 */
export async function learnRefund(deps: MoneyDeps, refund: PaymentRow, chargeGatewayId: string): Promise<RefundOutcome | null> {
  // One charge may carry several refunds (a removed guest's share, then the rest: docs/guests.md):
  // only this row's count.
  const held = (await deps.gateway.listRefunds(chargeGatewayId)).filter((candidate) => isRefundOf(candidate, refund));
  const live = held.filter((candidate) => candidate.status !== "failed");
  if (live.length > 1) {
    // Only possible if money went back twice before these rules existed: reconcile shows it.
    console.error(`refund ${refund.id} (registration ${refund.registrationId}): the processor holds ${live.length} refunds for one ledger row`);
  }
  const own = live.find((candidate) => candidate.refundId === refund.gatewayId) ?? live[0];
  if (own) return own;
  return held.find((candidate) => isCurrentAttempt(candidate, refund)) ?? null;
}

/**
 * Whether a refund the processor holds for the charge was made for this ledger row, by any of its
 * attempts: its id is the row's, or it carries the row's key (any Retry's key starts with the first).
 * A refund carrying no key was made before refunds carried one, when a charge had only its
 * registration's refund.
 */
function isRefundOf(candidate: RefundOutcome, refund: PaymentRow): boolean {
  if (candidate.refundId !== null && candidate.refundId === refund.gatewayId) return true;
  if (candidate.key) return firstKeyOf(candidate.key) === firstKeyOf(refund.idempotencyKey);
  return refund.guestId === null;
}

/**
 * Whether a refund the processor holds is the row's CURRENT attempt: its id is the one the row
 * stores, or it was made under the row's current key (Stripe: `metadata.refundKey`; the simulated
 * processor: its key). A refund made under an earlier key (the attempt an admin's Retry replaced) is
 * news about that attempt only: it never moves the row (docs/guests.md, "One charge, several
 * refunds"). Stripe refunds made before the key carried the Retry's suffix carry the first key;
 * a keyless one is from before guests, when a registration's only refund was never retried.
 */
export function isCurrentAttempt(candidate: RefundOutcome, refund: Pick<PaymentRow, "gatewayId" | "idempotencyKey" | "guestId">): boolean {
  if (candidate.refundId !== null && candidate.refundId === refund.gatewayId) return true;
  if (candidate.key) return candidate.key === refund.idempotencyKey;
  return refund.guestId === null && refund.gatewayId === null && firstKeyOf(refund.idempotencyKey) === refund.idempotencyKey;
}

/** A refund row's key before any Retry (retry-refund.ts appends ":retry:{uuid}"). */
export function firstKeyOf(key: string): string {
  const retry = key.indexOf(":retry:");
  return retry === -1 ? key : key.slice(0, retry);
}

/**
 * Writes what the processor said onto the refund row, only along moves that can be true: a pending
 * or failed row may become pending (on its way) or succeeded; a succeeded one becomes failed only
 * when that same refund failed later (the bank sent it back), never pending again; a failed row
 * keeps the processor's latest reason. Only while the row is still at the attempt the outcome was
 * learnt for (its key unchanged): an admin's Retry that committed meanwhile (a new key) is never
 * overwritten with news about the attempt it replaced. Returns whether the row changed.
 */
export async function recordRefundOutcome(
  deps: MoneyDeps,
  refund: Pick<PaymentRow, "id" | "idempotencyKey">,
  outcome: RefundOutcome,
): Promise<boolean> {
  const { db } = deps.database;
  const row = and(eq(payment.id, refund.id), eq(payment.kind, "refund"), eq(payment.idempotencyKey, refund.idempotencyKey));
  if (outcome.status !== "failed") {
    const changed = await db
      .update(payment)
      .set({ status: outcome.status, gatewayId: outcome.refundId, error: null })
      .where(and(row, inArray(payment.status, ["pending", "failed"])))
      .returning({ id: payment.id });
    return changed.length > 0;
  }
  const changed = await db
    .update(payment)
    .set({ status: "failed", gatewayId: outcome.refundId ?? sql`${payment.gatewayId}`, error: outcome.message })
    .where(
      and(
        row,
        outcome.refundId
          ? sql`(${payment.status} in ('pending', 'failed') or ${payment.gatewayId} = ${outcome.refundId})`
          : inArray(payment.status, ["pending", "failed"]),
      ),
    )
    .returning({ id: payment.id });
  return changed.length > 0;
}

/**
 * Settles a refund row from the processor's list, whatever its status (webhooks, recovery, Retry):
 * returns what was learnt, or null when the processor holds nothing for it. The row is written only
 * if it is still at the attempt it was read at (recordRefundOutcome).
 */
export async function settleRefundByAsking(deps: MoneyDeps, refund: PaymentRow): Promise<RefundOutcome | null> {
  const chargeGatewayId = await chargeGatewayIdOf(deps, refund);
  if (!chargeGatewayId) return null;
  const learnt = await learnRefund(deps, refund, chargeGatewayId);
  if (learnt) await recordRefundOutcome(deps, refund, learnt);
  return learnt;
}
