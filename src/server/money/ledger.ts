import { and, eq } from "drizzle-orm";
import type { RefundReason } from "#shared/ledger.ts";
import type { Tx } from "#server/db/client.ts";
import { payment, type registration } from "#server/db/schema.ts";
import type { ChargeInput, ChargeLookup } from "./processors/gateway.ts";

/**
 * The ledger's rows and their keys (docs/money.md): a registration's charge (one, key charge:{id} or
 * promote:{id}) and its refunds (its release's, key refund:{id}, and one per removed guest). Every
 * processor call is made with the key of the row it stands for, so it happens once however often it
 * is tried.
 */

export type PaymentRow = typeof payment.$inferSelect;

/** The charge row of a registration (at most one: its key is charge:{id} or promote:{id}). */
export async function chargeOf(tx: Tx, registrationId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.db
    .select()
    .from(payment)
    .where(and(eq(payment.registrationId, registrationId), eq(payment.kind, "charge")));
  return row;
}

/** The gateway call a ledger charge row stands for: the same card, amount and key every time it is made. */
export function chargeInputOf(charge: PaymentRow): ChargeInput {
  if (!charge.customerId || !charge.paymentMethodId) throw new Error(`charge ${charge.id} names no customer or card`);
  return {
    customerId: charge.customerId,
    paymentMethodId: charge.paymentMethodId,
    amountCents: charge.amountCents,
    currency: charge.currency,
    offSession: charge.offSession,
    idempotencyKey: charge.idempotencyKey,
    metadata: { registrationId: charge.registrationId, eventId: charge.eventId },
  };
}

/** How to find what became of a ledger charge row at the processor without making it again. */
export function chargeLookupOf(charge: PaymentRow): ChargeLookup {
  return {
    chargeId: charge.gatewayId,
    idempotencyKey: charge.idempotencyKey,
    registrationId: charge.registrationId,
    customerId: charge.customerId,
    since: charge.createdAt,
  };
}

/**
 * Writes a refund due on a registration as a pending ledger row: its release's (one per registration,
 * key refund:{id}), or one removed guest's share (one per guest, key refund-guest:{guestId}). Its reason
 * is fixed here, when the money moves (docs/money.md), and never changes after.
 */
export async function insertRefund(
  tx: Tx,
  reg: Pick<typeof registration.$inferSelect, "id" | "eventId" | "userId">,
  refund: { amountCents: number; currency: string; reason: RefundReason; guestId?: string },
): Promise<string | undefined> {
  const { amountCents, currency, reason, guestId } = refund;
  const idempotencyKey = guestId ? guestRefundKey(guestId) : refundKey(reg.id);
  const [inserted] = await tx.db
    .insert(payment)
    .values({ registrationId: reg.id, eventId: reg.eventId, userId: reg.userId, guestId: guestId ?? null, kind: "refund", reason, amountCents, currency, idempotencyKey })
    .onConflictDoNothing()
    .returning({ id: payment.id });
  return inserted?.id;
}

export const chargeKey = (registrationId: string) => `charge:${registrationId}`;
export const promotionKey = (registrationId: string) => `promote:${registrationId}`;
export const refundKey = (registrationId: string) => `refund:${registrationId}`;
/** A removed guest's share (docs/guests.md): a refund of its own, beside the registration's. */
export const guestRefundKey = (guestId: string) => `refund-guest:${guestId}`;
