import { and, asc, eq, inArray } from "drizzle-orm";
import type { HoldStatus } from "#shared/holds.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { cardHold, type registration } from "#server/db/schema.ts";
import type { ChargeInput, ChargeLookup, HoldOutcome } from "./processors/gateway.ts";

/**
 * Card holds of game-on games beside the ledger (docs/money.md, "Holds in the money module"): a
 * hold moves no money, so it is never a `payment` row and nothing that tells money reads it. Its
 * capture writes a charge row (key `capture:{registrationId}`), and from then on the money is an
 * ordinary charge. Every processor call for a hold is made with the key of the step it stands for.
 */

export type CardHoldRow = typeof cardHold.$inferSelect;

/** Placing the hold (one per registration). */
export const holdKey = (registrationId: string) => `hold:${registrationId}`;
/** Its capture, and the ledger charge row the capture writes. */
export const captureKey = (registrationId: string) => `capture:${registrationId}`;
/** Letting it go. */
export const releaseKey = (registrationId: string) => `release:${registrationId}`;

/** The gateway call that places a hold row: the same card, amount and key every time it is made. */
export function holdInputOf(hold: CardHoldRow): ChargeInput {
  return {
    customerId: hold.customerId,
    paymentMethodId: hold.paymentMethodId,
    amountCents: hold.amountCents,
    currency: hold.currency,
    offSession: hold.offSession,
    idempotencyKey: hold.idempotencyKey,
    metadata: { registrationId: hold.registrationId, eventId: hold.eventId },
  };
}

/** How to find what became of a hold row at the processor without placing it again. */
export function holdLookupOf(hold: CardHoldRow): ChargeLookup {
  return {
    chargeId: hold.gatewayId,
    idempotencyKey: hold.idempotencyKey,
    registrationId: hold.registrationId,
    customerId: hold.customerId,
    // A scheduled hold is placed long after its row was written: no hold for it can be older than the row.
    since: hold.createdAt,
  };
}

export interface NewHold {
  amountCents: number;
  currency: string;
  customerId: string;
  paymentMethodId: string;
  offSession: boolean;
  /** `pending`: placed now (the caller calls the processor after commit); `scheduled`: a job places it from `placeAfter`. */
  status: "pending" | "scheduled";
  placeAfter?: Date | null;
}

/**
 * Writes a registration's hold, inside the transaction that takes (or promotes into) the spot, before
 * any processor call. One per registration: a second insert changes nothing and the row already
 * written is returned, so a retried join resumes the same hold under the same key.
 */
export async function insertHold(tx: Tx, reg: Pick<typeof registration.$inferSelect, "id" | "eventId" | "userId">, hold: NewHold): Promise<CardHoldRow> {
  await tx.db
    .insert(cardHold)
    .values({
      registrationId: reg.id,
      eventId: reg.eventId,
      userId: reg.userId,
      status: hold.status,
      amountCents: hold.amountCents,
      currency: hold.currency,
      idempotencyKey: holdKey(reg.id),
      offSession: hold.offSession,
      customerId: hold.customerId,
      paymentMethodId: hold.paymentMethodId,
      placeAfter: hold.placeAfter ?? null,
    })
    .onConflictDoNothing();
  const [row] = await tx.db.select().from(cardHold).where(eq(cardHold.registrationId, reg.id));
  return row!;
}

export async function holdById(db: Db, holdId: string): Promise<CardHoldRow | undefined> {
  const [row] = await db.select().from(cardHold).where(eq(cardHold.id, holdId));
  return row;
}

export async function holdOfRegistration(db: Db, registrationId: string): Promise<CardHoldRow | undefined> {
  const [row] = await db.select().from(cardHold).where(eq(cardHold.registrationId, registrationId));
  return row;
}

/**
 * What `card_hold.error` keeps: the processor's code, then its words (English, a record), so the
 * rules can tell the player why in their language (decline-text.ts) and an admin reads the detail.
 */
export const holdError = (code: string, message: string) => `${code}: ${message}`;

/** The code of a failed hold's error (`hold_expired`, `card_declined`, …), or null. */
export function holdFailureCode(hold: Pick<CardHoldRow, "error">): string | null {
  const match = /^([a-z_]+): /.exec(hold.error ?? "");
  return match ? match[1]! : null;
}

/** The states a placing outcome may still be written on: the answer to "place the hold" is not known yet, or the bank's check is open. */
const PLACING: HoldStatus[] = ["pending", "requires_action"];

/**
 * Writes what the processor said about PLACING a hold onto its row, in the caller's transaction (the
 * rules apply it to the spot in the same one): `requires_action` keeps the processor's id while the
 * bank's check is open, `held` the expiry, `failed` why (an expiry before anyone learnt of it is a
 * failure: nothing was held when it mattered), `released` a hold let go at the processor
 * (`spot_lost` unless a reason is already set). Only a row still placing changes, so the same news
 * twice is applied once; a row past those states is returned unchanged, with one exception: a row
 * settled without a processor id (`released` or `failed`: the rules let it go, or recovery found
 * nothing at the processor) before its placing answer arrived, which the processor now holds, goes
 * to `releasing` with the processor's id, so the hold is let go (enqueue its release; the
 * recovery sweep does it otherwise). A `captured` answer is never written here (only a capture job
 * captures): it is logged, and reconciliation shows it.
 */
export async function recordHoldOutcome(tx: Tx, holdId: string, outcome: HoldOutcome): Promise<CardHoldRow> {
  const [hold] = await tx.db.select().from(cardHold).where(eq(cardHold.id, holdId)).for("update");
  if (!hold) throw new Error(`no card hold ${holdId}`);
  const placing = and(eq(cardHold.id, holdId), inArray(cardHold.status, PLACING));
  const write = async (values: Partial<typeof cardHold.$inferInsert>, where = placing) => {
    const [changed] = await tx.db.update(cardHold).set(values).where(where).returning();
    return changed ?? hold;
  };

  if ((outcome.status === "held" || outcome.status === "requires_action") && (hold.status === "released" || hold.status === "failed") && !hold.gatewayId) {
    console.warn(`card hold ${hold.id} (registration ${hold.registrationId}) was settled ${hold.status} before its placing answer: releasing ${outcome.holdId} at the processor`);
    const settled = and(eq(cardHold.id, holdId), eq(cardHold.status, hold.status));
    return write({ status: "releasing", gatewayId: outcome.holdId, releaseReason: hold.releaseReason ?? "spot_lost", attempts: 0 }, settled);
  }
  if (!PLACING.includes(hold.status)) return hold;
  switch (outcome.status) {
    case "requires_action":
      return write({ status: "requires_action", gatewayId: outcome.holdId, error: null });
    case "held":
      return write({ status: "held", gatewayId: outcome.holdId, expiresAt: outcome.expiresAt, error: null, attempts: 0 });
    case "failed":
      return write({ status: "failed", gatewayId: outcome.holdId ?? hold.gatewayId, error: holdError(outcome.code, outcome.message) });
    case "released":
      if (outcome.expired) return write({ status: "failed", gatewayId: outcome.holdId, error: holdError("hold_expired", "The hold on the card expired before it was captured.") });
      return write({ status: "released", gatewayId: outcome.holdId, releaseReason: hold.releaseReason ?? "spot_lost" });
    case "captured":
      console.error(`card hold ${hold.id} (registration ${hold.registrationId}): the processor says ${outcome.holdId} was captured (${outcome.capturedCents} cents) while it was being placed; left ${hold.status}`);
      return hold;
  }
}

/** Every hold, for reconciliation (money/reconcile.ts): no screen reads holds as money. */
export function readHoldsForAudit(db: Db): Promise<CardHoldRow[]> {
  return db.select().from(cardHold).orderBy(asc(cardHold.createdAt), asc(cardHold.id));
}
