import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { HoldReleaseReason } from "#shared/holds.ts";
import { cardHold, payment, simCharge } from "#server/db/schema.ts";
import { withEventLock } from "#server/events/game-lock.ts";
import { type CardHoldRow, holdInputOf, insertHold, recordHoldOutcome } from "#server/money/hold-ledger.ts";
import type { SimulatedFaults } from "#server/money/processors/simulated.ts";
import type { FakeStripe } from "./fake-stripe.ts";
import { CARDS, FUTURE_EXPIRY, insertGame } from "./payments.ts";
import { insertRegistration, insertUser } from "./seed-events.ts";
import type { TestContext } from "./test-app.ts";

/**
 * Fixtures for the money module's hold tests, on either processor: a registration with a card at
 * the processor, its hold written and placed as the rules will do it, and the steps the rules write
 * under the game's lock (`capturing`, `releasing`) written straight to the row.
 */
export function holdFixtures(context: TestContext, processor: { fake?: FakeStripe; faults: SimulatedFaults }) {
  const { db } = context.database;
  const gateway = () => context.services.gateway;

  async function cardOf(number: string) {
    const customerId = await gateway().createCustomer({ email: `${randomUUID()}@example.com`, idempotencyKey: `customer:${randomUUID()}` });
    const paymentMethodId = processor.fake
      ? processor.fake.createPaymentMethod(number, customerId).id
      : (await gateway().saveCard({ customerId, card: { number, expiry: FUTURE_EXPIRY, cvc: "123" } })).id;
    return { customerId, paymentMethodId };
  }

  /** A confirmed registration and its hold row, written as a join writes it (pending), not placed yet. */
  async function pendingHold(options: { amountCents?: number; card?: string; offSession?: boolean; eventId?: string; status?: "pending" | "scheduled"; placeAfter?: Date } = {}) {
    const eventId = options.eventId ?? (await insertGame(context)).id;
    const user = await insertUser(db);
    const reg = await insertRegistration(db, { eventId, userId: user.id, status: "confirmed" });
    const card = await cardOf(options.card ?? CARDS.ok);
    return withEventLock(context.database, eventId, (tx) =>
      insertHold(tx, reg, {
        amountCents: options.amountCents ?? 1000,
        currency: "cad",
        ...card,
        offSession: options.offSession ?? false,
        status: options.status ?? "pending",
        placeAfter: options.placeAfter,
      }),
    );
  }

  /** Places a pending hold at the processor and records the answer, as the join or the placing job does. */
  async function place(hold: CardHoldRow): Promise<CardHoldRow> {
    const outcome = await gateway().placeHold(holdInputOf(hold));
    return withEventLock(context.database, hold.eventId, (tx) => recordHoldOutcome(tx, hold.id, outcome));
  }

  async function heldHold(options: Parameters<typeof pendingHold>[0] = {}) {
    const placed = await place(await pendingHold(options));
    if (placed.status !== "held") throw new Error(`the hold is ${placed.status}: ${placed.error}`);
    return placed;
  }

  /** What the rules write at the decision: capture `captureCents` (the party's price then). */
  async function toCapturing(hold: CardHoldRow, captureCents = hold.amountCents) {
    const [row] = await db.update(cardHold).set({ status: "capturing", captureCents }).where(eq(cardHold.id, hold.id)).returning();
    return row!;
  }

  /** What the rules write when the hold is let go (a cancel, a call-off, not enough players). */
  async function toReleasing(hold: CardHoldRow, releaseReason: HoldReleaseReason = "player_cancel") {
    const [row] = await db.update(cardHold).set({ status: "releasing", releaseReason }).where(eq(cardHold.id, hold.id)).returning();
    return row!;
  }

  async function rowOf(holdId: string) {
    const [row] = await db.select().from(cardHold).where(eq(cardHold.id, holdId));
    return row!;
  }

  async function ledgerOf(registrationId: string) {
    return db.select().from(payment).where(eq(payment.registrationId, registrationId));
  }

  /** The hold lapses at the processor (the card networks' 7 days): Stripe cancels it; the simulated one's expiry passes. */
  async function expireAtProcessor(hold: CardHoldRow) {
    if (processor.fake) processor.fake.expireHold(hold.gatewayId!);
    else await db.update(simCharge).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(simCharge.id, hold.gatewayId!));
  }

  /** While on, the processor does the work and the answer is lost (the caller sees a timeout). */
  function loseAnswers(on: boolean) {
    if (processor.fake) processor.fake.loseAnswers = on;
    else processor.faults.lostResponseRate = on ? 1 : 0;
  }

  /** What the processor holds for a hold: its state and what was captured. */
  async function atProcessor(holdId: string) {
    if (processor.fake) {
      const intent = processor.fake.paymentIntents.get(holdId)!;
      const captures = processor.fake.events.filter((event) => event.object.id === holdId && event.type === "payment_intent.succeeded").length;
      return { status: intent.status, capturedCents: intent.amount_received, captures };
    }
    const [row] = await db.select().from(simCharge).where(eq(simCharge.id, holdId));
    return { status: row!.status, capturedCents: row!.amountCaptured ?? 0, captures: row!.status === "succeeded" ? 1 : 0 };
  }

  return { cardOf, pendingHold, place, heldHold, toCapturing, toReleasing, rowOf, ledgerOf, expireAtProcessor, loseAnswers, atProcessor };
}
