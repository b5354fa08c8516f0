import { and, eq, or } from "drizzle-orm";
import { Hono } from "hono";
import type Stripe from "stripe";
import { cardHold, payment, paymentDispute, registration, stripeEvent } from "#server/db/schema.ts";
import { isEventId } from "#server/events/event-summary.ts";
import { AppError } from "#server/http/errors.ts";
import type { AppEnv } from "#server/http/env.ts";
import { applyChargeOutcome } from "./apply-charge.ts";
import type { RegistrationDeps } from "./deps.ts";
import { firstKeyOf, isCurrentAttempt, settleRefundByAsking } from "#server/money/settle-refund.ts";
import { GatewayUnavailableError } from "#server/money/processors/gateway.ts";
import { holdOutcomeOf, outcomeOf, refundOutcomeOf } from "#server/money/processors/stripe.ts";
import { captureHold } from "#server/money/capture-hold.ts";
import { releaseHold } from "#server/money/release-hold.ts";
import { applyHoldOutcome, expireHold } from "./apply-hold.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/** Event types acted on; any other is acknowledged and ignored. */
export const HANDLED_EVENTS = [
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  // Card holds of game-on games (docs/game-on.md): placed, and let go (released or expired).
  "payment_intent.amount_capturable_updated",
  "payment_intent.canceled",
  "setup_intent.succeeded",
  "charge.refunded",
  "refund.created",
  "refund.updated",
  "refund.failed",
  "charge.dispute.created",
] as const;

/**
 * POST /api/payments/webhook (PAYMENTS=stripe). The signature is checked on the raw body with
 * STRIPE_WEBHOOK_SECRET; a bad one is a 400 that changes nothing. The payload is never trusted
 * beyond its ids: the object is fetched from Stripe and its current state applied, and every
 * change goes through the same once-only transitions as the rest of the app, so replays and
 * out-of-order deliveries change nothing. Each event id is stored once, after it was handled; a
 * failure answers 5xx and Stripe delivers it again.
 */
export function stripeWebhookRoutes(deps: RegistrationDeps & { stripe: Stripe; webhookSecret: string }) {
  const { stripe, webhookSecret, database } = deps;
  return new Hono<AppEnv>().post("/", async (c) => {
    const body = await c.req.text();
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(body, c.req.header("stripe-signature") ?? "", webhookSecret);
    } catch {
      throw new AppError("validation", errorText("errors.payment.webhookSignature"));
    }
    const [seen] = await database.db.select({ id: stripeEvent.id }).from(stripeEvent).where(eq(stripeEvent.id, event.id));
    if (seen) return c.json({ received: true, duplicate: true });
    try {
      await handleStripeEvent(deps, event);
    } catch (error) {
      console.error(`[${c.get("requestId")}] stripe webhook ${event.id} (${event.type}) failed; Stripe will deliver it again:`, error instanceof Error ? error.message : error);
      throw error instanceof GatewayUnavailableError ? error : new GatewayUnavailableError("webhook handling failed", { cause: error });
    }
    await database.db.insert(stripeEvent).values({ id: event.id, type: event.type }).onConflictDoNothing();
    return c.json({ received: true });
  });
}

export async function handleStripeEvent(deps: RegistrationDeps & { stripe: Stripe }, event: Stripe.Event): Promise<void> {
  const { stripe } = deps;
  const objectId = (event.data.object as { id: string }).id;
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed":
    case "payment_intent.amount_capturable_updated":
    case "payment_intent.canceled": {
      // With its charge: a hold's news reads when the authorisation lapses from the charge's
      // capture_before (stripe.ts, holdOutcomeOf), not a guess of 7 days from its creation.
      const intent = await stripe.paymentIntents.retrieve(objectId, { expand: ["latest_charge"] });
      return intent.capture_method === "manual" ? settleHold(deps, intent) : settleCharge(deps, intent);
    }
    case "setup_intent.succeeded":
      // The card is saved when the browser hands its id over; cards are always listed from Stripe.
      await stripe.setupIntents.retrieve(objectId);
      return;
    case "charge.refunded": {
      const charge = await stripe.charges.retrieve(objectId);
      const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      if (!intentId) return;
      for await (const refund of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) await settleRefund(deps, refund);
      return;
    }
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
      return settleRefund(deps, await stripe.refunds.retrieve(objectId));
    case "charge.dispute.created":
      return recordDispute(deps, await stripe.disputes.retrieve(objectId));
    default:
      return;
  }
}

/** A charge's current state, applied to its registration (once: only a pending ledger charge changes). */
async function settleCharge(deps: RegistrationDeps, intent: Stripe.PaymentIntent) {
  const registrationId = intent.metadata.registrationId;
  if (!registrationId || !isEventId(registrationId)) return;
  const [known] = await deps.database.db.select({ id: registration.id }).from(registration).where(eq(registration.id, registrationId));
  if (!known || intent.status === "processing") return;
  await applyChargeOutcome(deps, registrationId, outcomeOf(intent));
}

/**
 * News of a card hold (an intent with capture_method manual, docs/game-on.md) goes where the hold
 * stands, each step applied once: being placed → applied like a join's outcome; being captured or
 * let go → that step is made again with its key (the processor answers with the first result), so
 * the ledger takes what Stripe holds; held and now let go by Stripe → it expired.
 */
async function settleHold(deps: RegistrationDeps, intent: Stripe.PaymentIntent) {
  const registrationId = intent.metadata.registrationId;
  if (!registrationId || !isEventId(registrationId)) return;
  const [hold] = await deps.database.db.select().from(cardHold).where(eq(cardHold.registrationId, registrationId));
  if (!hold || intent.status === "processing") return;
  const news = holdOutcomeOf(intent);
  if (hold.status === "pending" || hold.status === "requires_action") await applyHoldOutcome(deps, registrationId, news);
  else if (hold.status === "capturing") await captureHold(deps, hold.id);
  else if (hold.status === "releasing") await releaseHold(deps, hold.id);
  else if (hold.status === "held" && news.status === "released") await expireHold(deps, hold.id);
}

/**
 * A refund Stripe tells us about settles the ledger row whose CURRENT attempt it is (the refund's id
 * is the row's, or it was made under the row's current key, `metadata.refundKey`), by asking Stripe
 * for every refund of the charge: the same code recovery and an admin's Retry use. So a row left
 * pending by a lost answer, or wrongly failed, takes what Stripe holds; a refund that failed after it
 * had succeeded (the bank sent it back) makes the row failed, so admins see it. News about an earlier
 * attempt (one an admin's Retry replaced with a new key) is ignored for that row, and logged: a late
 * refund.failed about the first attempt never fails the retry, and the row is written only while it
 * is still at the attempt it was read at (settle-refund.ts), so a Retry committing meanwhile wins.
 */
async function settleRefund(deps: RegistrationDeps, refund: Stripe.Refund) {
  const registrationId = refund.metadata?.registrationId;
  const news = refundOutcomeOf(refund);
  // A registration may have several refund rows (a removed guest's share, then the rest): each is
  // settled from what Stripe holds for it alone (settle-refund.ts).
  const rows = await deps.database.db
    .select()
    .from(payment)
    .where(
      and(
        eq(payment.kind, "refund"),
        registrationId && isEventId(registrationId) ? or(eq(payment.gatewayId, refund.id), eq(payment.registrationId, registrationId)) : eq(payment.gatewayId, refund.id),
      ),
    );
  const current = rows.filter((row) => isCurrentAttempt(news, row));
  if (current.length === 0 && rows.length > 0) {
    const earlier = rows.filter((row) => news.key && firstKeyOf(news.key) === firstKeyOf(row.idempotencyKey));
    const which = earlier.length ? `an earlier attempt of ledger row ${earlier.map((row) => `${row.id} (now ${row.status} under ${row.idempotencyKey})`).join(", ")}` : "no ledger row's current attempt";
    console.warn(`stripe webhook: refund ${refund.id} (${refund.status}, key ${news.key ?? "none"}) is ${which}: ignored`);
  }
  for (const row of current) await settleRefundByAsking(deps, row);
}

async function recordDispute(deps: RegistrationDeps & { stripe: Stripe }, dispute: Stripe.Dispute) {
  const intentId = typeof dispute.payment_intent === "string" ? dispute.payment_intent : dispute.payment_intent?.id;
  if (!intentId) return;
  const { db } = deps.database;
  const [charge] = await db
    .select({ registrationId: payment.registrationId, eventId: payment.eventId })
    .from(payment)
    .where(and(eq(payment.kind, "charge"), eq(payment.gatewayId, intentId)));
  await db
    .insert(paymentDispute)
    .values({
      id: dispute.id,
      chargeGatewayId: intentId,
      registrationId: charge?.registrationId ?? null,
      eventId: charge?.eventId ?? null,
      amountCents: dispute.amount,
      reason: dispute.reason,
      status: dispute.status,
    })
    .onConflictDoUpdate({ target: paymentDispute.id, set: { status: dispute.status, reason: dispute.reason } });
}
