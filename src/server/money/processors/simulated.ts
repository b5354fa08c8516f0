import { randomBytes } from "node:crypto";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { HOLD_LIFETIME_HOURS } from "#shared/holds.ts";
import { cardDigits, parseExpiry, type SavedCard } from "#shared/registrations.ts";
import type { Db } from "#server/db/client.ts";
import { simCharge, simCustomer, simPaymentMethod, simRefund } from "#server/db/schema.ts";
import { CardError, type ChargeInput, type ChargeOutcome, GatewayUnavailableError, type HoldOutcome, type PaymentGateway, type RefundOutcome } from "./gateway.ts";
import { behaviourOf, brandOf, type CardBehaviour, DECLINES } from "./test-cards.ts";

/**
 * Faults the simulated processor can inject, for tests and benchmarks: charges and holds placed
 * declined at a rate (`declineRate`), captures at their own (`captureDeclineRate`, default none: a bank
 * rarely refuses to capture what it authorised), and lost answers (the charge, refund, hold, capture or release
 * happens, the caller sees a timeout). See docs/registrations-and-payments.md, "Simulated".
 */
export interface SimulatedFaults {
  declineRate?: number;
  /** Captures of holds refused at this rate (default 0). */
  captureDeclineRate?: number;
  lostResponseRate?: number;
  random?: () => number;
  /**
   * The processor's clock (ms since the epoch), which decides when a hold expires
   * (HOLD_LIFETIME_HOURS after it was authorised); Date.now unless a test moves time on.
   */
  now?: () => number;
}

type SimChargeRow = typeof simCharge.$inferSelect;

const HOLD_LIFETIME_MS = HOLD_LIFETIME_HOURS * 3_600_000;

/** Our own codes for a capture the processor cannot make (Stripe answers these with a 400 and the intent's state). */
export const HOLD_EXPIRED = "hold_expired";
export const HOLD_RELEASED = "hold_released";
const HOLD_TEXTS = {
  hold_expired: "The hold on the card expired before it was captured.",
  hold_released: "The hold on the card was released before it was captured.",
  hold_not_authorized: "The hold on the card was never authorised.",
  amount_too_large: "The amount to capture is more than the amount held.",
  resource_missing: "No such hold.",
} as const;

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

  const clock = () => (faults.now ?? Date.now)();
  const declined = () => {
    const declineRate = faults.declineRate ?? 0;
    return declineRate > 0 && random() < declineRate;
  };

  async function chargeRow(where: ReturnType<typeof eq>) {
    const [row] = await db.select().from(simCharge).where(where);
    return row;
  }

  /**
   * The card networks let a hold go at its expiry whether or not anyone asks: every read of a hold
   * first applies it (canceled, reason automatic), so what the processor answers follows its clock.
   */
  async function expireIfDue(row: SimChargeRow): Promise<SimChargeRow> {
    if (row.captureMethod !== "manual" || row.status !== "requires_capture" || !row.expiresAt || row.expiresAt.getTime() > clock()) return row;
    const [expired] = await db
      .update(simCharge)
      .set({ status: "canceled", cancellationReason: "automatic", failureCode: HOLD_EXPIRED, failureMessage: HOLD_TEXTS.hold_expired })
      .where(and(eq(simCharge.id, row.id), eq(simCharge.status, "requires_capture")))
      .returning();
    return expired ?? (await chargeById(row.id));
  }

  function outcomeOf(row: SimChargeRow): ChargeOutcome {
    if (row.status === "succeeded") return { status: "succeeded", chargeId: row.id, amountCents: row.amountCaptured ?? row.amountCents };
    if (row.status === "requires_capture") {
      // A hold is not money taken: it is not a succeeded charge until captured (nor a failed one).
      throw new GatewayUnavailableError(`payment ${row.id} is a card hold not captured yet`);
    }
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

  async function chargeById(chargeId: string): Promise<SimChargeRow> {
    const row = await chargeRow(eq(simCharge.id, chargeId));
    if (!row) throw new Error(`no simulated charge ${chargeId}`);
    return row;
  }

  /** Creates a charge (capture automatic) or a hold (manual) under its key; the same key returns the first one. */
  async function create(input: ChargeInput, captureMethod: "automatic" | "manual"): Promise<SimChargeRow> {
    const existing = await chargeRow(eq(simCharge.idempotencyKey, input.idempotencyKey));
    if (existing) {
      maybeLoseAnswer();
      return expireIfDue(existing);
    }
    const [method] = await db
      .select()
      .from(simPaymentMethod)
      .where(and(eq(simPaymentMethod.id, input.paymentMethodId), eq(simPaymentMethod.customerId, input.customerId)));
    const decision = method ? decide(method.behaviour as CardBehaviour, input.offSession) : { status: "failed", code: "card_declined" as const };
    const held = captureMethod === "manual" && decision.status === "succeeded";
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
        status: held ? "requires_capture" : decision.status,
        captureMethod,
        expiresAt: held ? new Date(clock() + HOLD_LIFETIME_MS) : null,
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
    return stored!;
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
      default:
        return declined() ? { status: "failed", code: "card_declined" } : { status: "succeeded" };
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
      return outcomeOf(await create(input, "automatic"));
    },

    async getCharge(chargeId) {
      return outcomeOf(await expireIfDue(await chargeById(chargeId)));
    },

    async findCharge({ chargeId, idempotencyKey }) {
      const row = await chargeRow(chargeId ? eq(simCharge.id, chargeId) : eq(simCharge.idempotencyKey, idempotencyKey));
      return row ? outcomeOf(await expireIfDue(row)) : null;
    },

    async cancelCharge(chargeId) {
      await db
        .update(simCharge)
        .set({ status: "canceled", cancellationReason: "requested", failureCode: "canceled", failureMessage: DECLINES.canceled })
        .where(and(eq(simCharge.id, chargeId), eq(simCharge.status, "requires_action")));
      return outcomeOf(await chargeById(chargeId));
    },

    async authenticate({ clientSecret, customerId, outcome }) {
      const [row] = await db.select().from(simCharge).where(eq(simCharge.clientSecret, clientSecret));
      if (!row || row.customerId !== customerId) return null;
      const hold = row.captureMethod === "manual";
      if (row.status === "requires_action") {
        const completed = outcome === "complete";
        // A hold authorised by the bank's check is held from now on, for the hold's lifetime.
        const passed = hold ? { status: "requires_capture", expiresAt: new Date(clock() + HOLD_LIFETIME_MS) } : { status: "succeeded" };
        await db
          .update(simCharge)
          .set(completed ? passed : { status: "failed", failureCode: "payment_intent_authentication_failure", failureMessage: DECLINES.payment_intent_authentication_failure })
          .where(and(eq(simCharge.id, row.id), eq(simCharge.status, "requires_action")));
      }
      const now = await expireIfDue(await chargeById(row.id));
      return hold ? holdOutcomeOf(now) : outcomeOf(now);
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
        // A captured hold is a charge of what was captured, not of what was held.
        else if ((refunded?.total ?? 0) + input.amountCents > (charge.amountCaptured ?? charge.amountCents)) failure = "The refund would exceed the amount charged.";
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

    async placeHold(input) {
      return holdOutcomeOf(await create(input, "manual"));
    },

    async getHold(holdId) {
      return holdOutcomeOf(await expireIfDue(await chargeById(holdId)));
    },

    async findHold({ chargeId, idempotencyKey }) {
      const row = await chargeRow(chargeId ? eq(simCharge.id, chargeId) : eq(simCharge.idempotencyKey, idempotencyKey));
      return row ? holdOutcomeOf(await expireIfDue(row)) : null;
    },

    async captureHold({ holdId, amountCents }) {
      // No key is stored for a capture: a hold is captured at most once, so its state is the first
      // capture's answer, whatever key asks again.
      const found = await chargeRow(eq(simCharge.id, holdId));
      if (!found || found.captureMethod !== "manual") return holdFailure(holdId, amountCents, "resource_missing");
      let row = await expireIfDue(found);
      if (row.status === "requires_capture") {
        if (amountCents > row.amountCents) {
          maybeLoseAnswer();
          return holdFailure(row.id, row.amountCents, "amount_too_large");
        }
        // A capture the bank refuses ends the hold, so asking again answers the same refusal.
        const captureRate = faults.captureDeclineRate ?? 0;
        const capture = captureRate > 0 && random() < captureRate
          ? { status: "failed", failureCode: "card_declined", failureMessage: DECLINES.card_declined }
          : { status: "succeeded", amountCaptured: amountCents };
        // Only from requires_capture: two captures at once take the money once.
        await db
          .update(simCharge)
          .set(capture)
          .where(and(eq(simCharge.id, row.id), eq(simCharge.status, "requires_capture")));
        row = await chargeById(row.id);
      }
      maybeLoseAnswer();
      return captureAnswerOf(row);
    },

    async releaseHold({ holdId }) {
      const row = await expireIfDue(await chargeById(holdId));
      if (row.status === "requires_capture" || row.status === "requires_action") {
        await db
          .update(simCharge)
          .set({ status: "canceled", cancellationReason: "requested", failureCode: "canceled", failureMessage: DECLINES.canceled })
          .where(and(eq(simCharge.id, row.id), inArray(simCharge.status, ["requires_capture", "requires_action"])));
      }
      const now = await chargeById(row.id);
      maybeLoseAnswer();
      if (now.status === "succeeded") return holdOutcomeOf(now);
      // Canceled, expired or never authorised: nothing is held any more.
      return { status: "released", holdId: now.id, amountCents: now.amountCents, expired: now.cancellationReason === "automatic" };
    },

    async listOpenHolds() {
      await db
        .update(simCharge)
        .set({ status: "canceled", cancellationReason: "automatic", failureCode: HOLD_EXPIRED, failureMessage: HOLD_TEXTS.hold_expired })
        .where(and(eq(simCharge.captureMethod, "manual"), eq(simCharge.status, "requires_capture"), lte(simCharge.expiresAt, new Date(clock()))));
      return db
        .select({ holdId: simCharge.id, amountCents: simCharge.amountCents, registrationId: simCharge.registrationId })
        .from(simCharge)
        .where(and(eq(simCharge.captureMethod, "manual"), eq(simCharge.status, "requires_capture")));
    },

    async listSettled() {
      const charges = await db
        .select({ chargeId: simCharge.id, amountCents: sql<number>`coalesce(${simCharge.amountCaptured}, ${simCharge.amountCents})`.mapWith(Number), registrationId: simCharge.registrationId })
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
   * The simulated bank's authentication page: completes or fails a charge (or a hold: it is then
   * held) waiting for it. Only the customer the charge belongs to may answer; null when the secret
   * names no charge of theirs.
   */
  authenticate(input: { clientSecret: string; customerId: string; outcome: "complete" | "fail" }): Promise<ChargeOutcome | HoldOutcome | null>;
}

/** A hold as the processor tells it (capture_method manual in sim_charge). */
function holdOutcomeOf(row: SimChargeRow): HoldOutcome {
  const base = { holdId: row.id, amountCents: row.amountCents };
  switch (row.status) {
    case "requires_action":
      return { status: "requires_action", ...base, clientSecret: row.clientSecret };
    case "requires_capture":
      return { status: "held", ...base, expiresAt: row.expiresAt! };
    case "succeeded":
      return { status: "captured", ...base, capturedCents: row.amountCaptured ?? row.amountCents };
    case "canceled":
      return { status: "released", ...base, expired: row.cancellationReason === "automatic" };
    default:
      return { status: "failed", ...base, code: row.failureCode ?? "card_declined", message: row.failureMessage ?? DECLINES.card_declined };
  }
}

/** What a capture answers: captured, or why it could not be (the hold expired, was released, was refused). */
function captureAnswerOf(row: SimChargeRow): HoldOutcome {
  if (row.status === "succeeded" || row.status === "failed") return holdOutcomeOf(row);
  if (row.status === "canceled") return holdFailure(row.id, row.amountCents, row.cancellationReason === "automatic" ? HOLD_EXPIRED : HOLD_RELEASED);
  return holdFailure(row.id, row.amountCents, "hold_not_authorized");
}

function holdFailure(holdId: string, amountCents: number, code: keyof typeof HOLD_TEXTS): HoldOutcome {
  return { status: "failed", holdId, amountCents, code, message: HOLD_TEXTS[code] };
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
