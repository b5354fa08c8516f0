import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { cardHold, payment } from "#server/db/schema.ts";
import type { MoneyDeps } from "./deps.ts";
import { captureKey, type CardHoldRow, holdById, holdError } from "./hold-ledger.ts";
import type { PaymentRow } from "./ledger.ts";
import { GatewayUnavailableError, type HoldOutcome } from "./processors/gateway.ts";

/**
 * The capture job (and the recovery sweep): takes the money a hold in `capturing` stands for. The
 * rules write `capturing` and `captureCents` under the game's lock; from here on it is money only.
 *
 * The capture's charge row (key `capture:{registrationId}`, the hold's processor id, `captureCents`,
 * pending) is written BEFORE the processor is called, so money taken is always in the ledger, even
 * if the process dies during the call. The processor is called with that key every time, and a hold
 * is captured at most once whatever the key, so two workers, or a retry racing the first try, take
 * the money once; whichever learns the answer first writes it, under the hold's row lock. An unknown
 * outcome (the processor unreachable, the answer lost) throws: the job retries with backoff, then
 * the recovery sweep (stale-holds.ts). A refusal (the hold expired, was released, the bank refused)
 * makes the charge row and the hold `failed`: the rules release that player's spot and tell them.
 * Returns the row as it is after this call; one already `captured` or `failed` is returned as is.
 */
export async function captureHold(deps: MoneyDeps, holdId: string): Promise<CardHoldRow> {
  const { db } = deps.database;
  const hold = await holdById(db, holdId);
  if (!hold) throw new Error(`no card hold ${holdId}`);
  if (hold.status !== "capturing") return hold;
  if (!hold.gatewayId || hold.captureCents === null) throw new Error(`card hold ${hold.id} is capturing but names no processor hold or amount`);
  const charge = await captureChargeOf(db, hold);
  // Counted before the call: after a crash during it, the row shows a capture may have been sent.
  const [counted] = await db
    .update(cardHold)
    .set({ attempts: sql`${cardHold.attempts} + 1` })
    .where(and(eq(cardHold.id, hold.id), eq(cardHold.status, "capturing")))
    .returning({ id: cardHold.id });
  if (!counted) return (await holdById(db, holdId))!;
  const outcome = await deps.gateway.captureHold({ holdId: hold.gatewayId, amountCents: hold.captureCents, idempotencyKey: captureKey(hold.registrationId) });
  return writeCapture(db, hold.id, charge, outcome);
}

/**
 * What the processor says about a hold being captured, from whoever learnt it (the capture job, the
 * webhook's payment_intent.succeeded or .canceled): applied once, only to a row still `capturing`.
 * A hold not capturing is returned unchanged (a hold that expired while `held` is the rules' to settle).
 */
export async function applyCaptureOutcome(deps: Pick<MoneyDeps, "database">, holdId: string, outcome: HoldOutcome): Promise<CardHoldRow> {
  const { db } = deps.database;
  const hold = await holdById(db, holdId);
  if (!hold) throw new Error(`no card hold ${holdId}`);
  if (hold.status !== "capturing") return hold;
  return writeCapture(db, hold.id, await captureChargeOf(db, hold), outcome);
}

/** The capture's charge row, written pending if it is not there yet (the same row however often this runs). */
async function captureChargeOf(db: Db, hold: CardHoldRow): Promise<PaymentRow> {
  const idempotencyKey = captureKey(hold.registrationId);
  await db
    .insert(payment)
    .values({
      registrationId: hold.registrationId,
      eventId: hold.eventId,
      userId: hold.userId,
      kind: "charge",
      amountCents: hold.captureCents!,
      currency: hold.currency,
      gatewayId: hold.gatewayId,
      idempotencyKey,
      // As the hold was placed: on the spot, or from the waitlist under the player's consent.
      offSession: hold.offSession,
      customerId: hold.customerId,
      paymentMethodId: hold.paymentMethodId,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(payment).where(eq(payment.idempotencyKey, idempotencyKey));
  return row!;
}

async function writeCapture(db: Db, holdId: string, charge: PaymentRow, outcome: HoldOutcome): Promise<CardHoldRow> {
  if (outcome.status === "held" || outcome.status === "requires_action") {
    // Not an answer to a capture: its outcome is not known; the job asks again.
    throw new GatewayUnavailableError(`the capture of ${outcome.holdId} answered ${outcome.status}`);
  }
  return db.transaction(async (tx) => {
    const [hold] = await tx.select().from(cardHold).where(eq(cardHold.id, holdId)).for("update");
    if (!hold || hold.status !== "capturing") return hold!;
    const pendingCharge = and(eq(payment.id, charge.id), eq(payment.status, "pending"));
    if (outcome.status === "captured") {
      if (outcome.capturedCents !== hold.captureCents) {
        // Only one capture is ever asked for, of captureCents: reconciliation shows the difference.
        console.error(`card hold ${hold.id} (registration ${hold.registrationId}): ${outcome.holdId} captured ${outcome.capturedCents} cents, the ledger asked ${hold.captureCents}`);
      }
      await tx.update(payment).set({ status: "succeeded", gatewayId: outcome.holdId, error: null }).where(pendingCharge);
      const [captured] = await tx.update(cardHold).set({ status: "captured", chargePaymentId: charge.id, error: null }).where(eq(cardHold.id, hold.id)).returning();
      return captured!;
    }
    const code = outcome.status === "failed" ? outcome.code : outcome.expired ? "hold_expired" : "hold_released";
    const message = outcome.status === "failed" ? outcome.message : `The hold on the card was ${outcome.expired ? "expired" : "released"} before it was captured.`;
    await tx.update(payment).set({ status: "failed", error: message }).where(pendingCharge);
    const [failed] = await tx.update(cardHold).set({ status: "failed", error: holdError(code, message) }).where(eq(cardHold.id, hold.id)).returning();
    return failed!;
  });
}
