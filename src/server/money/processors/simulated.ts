import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { cardDigits, parseExpiry, type SavedCard } from "#shared/registrations.ts";
import type { Db } from "#server/db/client.ts";
import { simCharge, simCustomer, simPaymentMethod, simRefund } from "#server/db/schema.ts";
import { CardError, type ChargeInput, type ChargeOutcome, GatewayUnavailableError, type PaymentGateway, type RefundOutcome } from "./gateway.ts";
import { behaviourOf, brandOf, type CardBehaviour, DECLINES } from "./test-cards.ts";

/**
 * Faults the simulated processor can inject, for tests and benchmarks: charges declined at a rate,
 * and lost answers (the charge or refund happens, the caller sees a timeout). See
 * docs/registrations-and-payments.md, "Simulated".
 */
export interface SimulatedFaults {
  declineRate?: number;
  lostResponseRate?: number;
  random?: () => number;
}

/** The first key of the advisory lock taken while saving a customer's card (the second is the customer's hash). */
const SAVED_CARD_LOCK = 0x5ca4d;

const newId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString("hex")}`;

/**
 * A card processor in-process whose state lives in its own tables, as an external processor's
 * would: it survives restarts, and an idempotency key always returns the first result. Test payments
 * only; the card number itself is never stored, only its last four digits and behaviour.
 */
export function createSimulatedGateway(db: Db, faults: SimulatedFaults = {}): SimulatedGateway {
  const random = faults.random ?? Math.random;
  // Rates are read at every call, so a test can switch a fault on and off.
  const maybeLoseAnswer = () => {
    const rate = faults.lostResponseRate ?? 0;
    if (rate > 0 && random() < rate) {
      throw new GatewayUnavailableError("The payment processor did not answer in time.");
    }
  };

  async function chargeRow(where: ReturnType<typeof eq>) {
    const [row] = await db.select().from(simCharge).where(where);
    return row;
  }

  function outcomeOf(row: typeof simCharge.$inferSelect): ChargeOutcome {
    if (row.status === "succeeded") return { status: "succeeded", chargeId: row.id, amountCents: row.amountCents };
    if (row.status === "requires_action") {
      return { status: "requires_action", chargeId: row.id, amountCents: row.amountCents, clientSecret: row.clientSecret };
    }
    return {
      status: "failed",
      chargeId: row.id,
      amountCents: row.amountCents,
      code: row.failureCode ?? "card_declined",
      message: row.failureMessage ?? DECLINES.card_declined,
    };
  }

  async function chargeById(chargeId: string): Promise<typeof simCharge.$inferSelect> {
    const row = await chargeRow(eq(simCharge.id, chargeId));
    if (!row) throw new Error(`no simulated charge ${chargeId}`);
    return row;
  }

  function decide(behaviour: CardBehaviour, offSession: boolean): { status: string; code?: keyof typeof DECLINES } {
    switch (behaviour) {
      case "insufficient_funds":
        return { status: "failed", code: "insufficient_funds" };
      case "declined_on_charge":
      case "declined_on_save":
        return { status: "failed", code: "card_declined" };
      case "authentication_required":
        return offSession ? { status: "failed", code: "authentication_required" } : { status: "requires_action" };
      default: {
        const declineRate = faults.declineRate ?? 0;
        if (declineRate > 0 && random() < declineRate) return { status: "failed", code: "card_declined" };
        return { status: "succeeded" };
      }
    }
  }

  const gateway: SimulatedGateway = {
    mode: "simulated",

    async createCustomer({ email, idempotencyKey }) {
      await db.insert(simCustomer).values({ id: newId("cus"), email, idempotencyKey }).onConflictDoNothing();
      const [row] = await db.select({ id: simCustomer.id }).from(simCustomer).where(eq(simCustomer.idempotencyKey, idempotencyKey));
      return row!.id;
    },

    async saveCard({ customerId, card }) {
      if (!card) throw new CardError("missing_card", "Card details are missing.");
      const behaviour = behaviourOf(card.number);
      if (behaviour === "declined_on_save") throw new CardError("card_declined", DECLINES.card_declined);
      const expiry = parseExpiry(card.expiry)!;
      const digits = cardDigits(card.number);
      const saving = { brand: brandOf(digits), last4: digits.slice(-4), expMonth: expiry.month, expYear: expiry.year };
      // One card per brand, last 4 and expiry (isSameCard): the customer's lock makes two saves of
      // the same card at once find one another instead of inserting twice, with no unique index.
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SAVED_CARD_LOCK}, hashtext(${customerId}))`);
        const [existing] = await tx
          .select()
          .from(simPaymentMethod)
          .where(
            and(
              eq(simPaymentMethod.customerId, customerId),
              eq(simPaymentMethod.brand, saving.brand),
              eq(simPaymentMethod.last4, saving.last4),
              eq(simPaymentMethod.expMonth, saving.expMonth),
              eq(simPaymentMethod.expYear, saving.expYear),
            ),
          )
          .orderBy(simPaymentMethod.createdAt)
          .limit(1);
        if (existing) return toSavedCard(existing);
        const [row] = await tx.insert(simPaymentMethod).values({ id: newId("pm"), customerId, ...saving, behaviour }).returning();
        return toSavedCard(row!);
      });
    },

    async listCards(customerId) {
      const rows = await db.select().from(simPaymentMethod).where(eq(simPaymentMethod.customerId, customerId)).orderBy(simPaymentMethod.createdAt);
      return rows.map(toSavedCard);
    },

    async removeCard(customerId, cardId) {
      // Detached, as Stripe does: it stays known to old charges but belongs to no one.
      await db
        .update(simPaymentMethod)
        .set({ customerId: null })
        .where(and(eq(simPaymentMethod.id, cardId), eq(simPaymentMethod.customerId, customerId)));
    },

    async charge(input: ChargeInput) {
      const existing = await chargeRow(eq(simCharge.idempotencyKey, input.idempotencyKey));
      if (existing) {
        maybeLoseAnswer();
        return outcomeOf(existing);
      }
      const [method] = await db
        .select()
        .from(simPaymentMethod)
        .where(and(eq(simPaymentMethod.id, input.paymentMethodId), eq(simPaymentMethod.customerId, input.customerId)));
      const decision = method ? decide(method.behaviour as CardBehaviour, input.offSession) : { status: "failed", code: "card_declined" as const };
      const id = newId("pi");
      await db
        .insert(simCharge)
        .values({
          id,
          idempotencyKey: input.idempotencyKey,
          customerId: input.customerId,
          paymentMethodId: input.paymentMethodId,
          amountCents: input.amountCents,
          currency: input.currency,
          offSession: input.offSession,
          status: decision.status,
          failureCode: decision.code ?? null,
          failureMessage: decision.code ? DECLINES[decision.code] : null,
          clientSecret: `${id}_secret_${randomBytes(12).toString("hex")}`,
          registrationId: input.metadata.registrationId,
          eventId: input.metadata.eventId,
        })
        .onConflictDoNothing();
      // Whoever inserted first decided; a concurrent call with the same key reads that result.
      const stored = await chargeRow(eq(simCharge.idempotencyKey, input.idempotencyKey));
      maybeLoseAnswer();
      return outcomeOf(stored!);
    },

    async getCharge(chargeId) {
      return outcomeOf(await chargeById(chargeId));
    },

    async findCharge({ chargeId, idempotencyKey }) {
      const row = await chargeRow(chargeId ? eq(simCharge.id, chargeId) : eq(simCharge.idempotencyKey, idempotencyKey));
      return row ? outcomeOf(row) : null;
    },

    async cancelCharge(chargeId) {
      await db
        .update(simCharge)
        .set({ status: "canceled", failureCode: "canceled", failureMessage: DECLINES.canceled })
        .where(and(eq(simCharge.id, chargeId), eq(simCharge.status, "requires_action")));
      return outcomeOf(await chargeById(chargeId));
    },

    async authenticate({ clientSecret, customerId, outcome }) {
      const [row] = await db.select().from(simCharge).where(eq(simCharge.clientSecret, clientSecret));
      if (!row || row.customerId !== customerId) return null;
      if (row.status === "requires_action") {
        const completed = outcome === "complete";
        await db
          .update(simCharge)
          .set(
            completed
              ? { status: "succeeded" }
              : { status: "failed", failureCode: "payment_intent_authentication_failure", failureMessage: DECLINES.payment_intent_authentication_failure },
          )
          .where(and(eq(simCharge.id, row.id), eq(simCharge.status, "requires_action")));
      }
      return outcomeOf(await chargeById(row.id));
    },

    async refund(input) {
      const existing = await refundRow(db, input.idempotencyKey);
      if (existing) {
        maybeLoseAnswer();
        return refundOutcomeOf(existing);
      }
      const charge = await chargeRow(eq(simCharge.id, input.chargeId));
      let failure: string | null = null;
      if (!charge || charge.status !== "succeeded") failure = "This charge cannot be refunded.";
      else {
        const [method] = await db.select({ behaviour: simPaymentMethod.behaviour }).from(simPaymentMethod).where(eq(simPaymentMethod.id, charge.paymentMethodId));
        const [refunded] = await db
          .select({ total: sql<number>`coalesce(sum(${simRefund.amountCents}), 0)`.mapWith(Number) })
          .from(simRefund)
          .where(and(eq(simRefund.chargeId, charge.id), eq(simRefund.status, "succeeded")));
        if (method?.behaviour === "refund_fails") failure = "The refund could not be completed.";
        else if ((refunded?.total ?? 0) + input.amountCents > charge.amountCents) failure = "The refund would exceed the amount charged.";
      }
      if (!charge) return { status: "failed", refundId: null, amountCents: input.amountCents, message: failure! };
      await db
        .insert(simRefund)
        .values({
          id: newId("re"),
          idempotencyKey: input.idempotencyKey,
          chargeId: charge.id,
          amountCents: input.amountCents,
          status: failure ? "failed" : "succeeded",
          failureMessage: failure,
        })
        .onConflictDoNothing();
      const stored = await refundRow(db, input.idempotencyKey);
      maybeLoseAnswer();
      return refundOutcomeOf(stored!);
    },

    async getRefund(refundId) {
      const [row] = await db.select().from(simRefund).where(eq(simRefund.id, refundId));
      if (!row) throw new Error(`no simulated refund ${refundId}`);
      return refundOutcomeOf(row);
    },

    async listRefunds(chargeId) {
      const rows = await db.select().from(simRefund).where(eq(simRefund.chargeId, chargeId)).orderBy(simRefund.createdAt);
      return rows.map(refundOutcomeOf);
    },

    async listSettled() {
      const charges = await db
        .select({ chargeId: simCharge.id, amountCents: simCharge.amountCents, registrationId: simCharge.registrationId })
        .from(simCharge)
        .where(eq(simCharge.status, "succeeded"));
      const refunds = await db
        .select({ refundId: simRefund.id, chargeId: simRefund.chargeId, amountCents: simRefund.amountCents })
        .from(simRefund)
        .where(eq(simRefund.status, "succeeded"));
      return { charges, refunds };
    },
  };
  return gateway;
}

export interface SimulatedGateway extends PaymentGateway {
  /**
   * The simulated bank's authentication page: completes or fails a charge waiting for it. Only the
   * customer the charge belongs to may answer; null when the secret names no charge of theirs.
   */
  authenticate(input: { clientSecret: string; customerId: string; outcome: "complete" | "fail" }): Promise<ChargeOutcome | null>;
}

export function isSimulated(gateway: PaymentGateway): gateway is SimulatedGateway {
  return gateway.mode === "simulated";
}

async function refundRow(db: Db, idempotencyKey: string) {
  const [row] = await db.select().from(simRefund).where(eq(simRefund.idempotencyKey, idempotencyKey));
  return row;
}

function refundOutcomeOf(row: typeof simRefund.$inferSelect): RefundOutcome {
  return row.status === "succeeded"
    ? { status: "succeeded", refundId: row.id, amountCents: row.amountCents, key: row.idempotencyKey }
    : { status: "failed", refundId: row.id, amountCents: row.amountCents, message: row.failureMessage ?? "The refund failed.", key: row.idempotencyKey };
}

function toSavedCard(row: typeof simPaymentMethod.$inferSelect): SavedCard {
  return { id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
}
