import Stripe from "stripe";
import { HOLD_LIFETIME_HOURS } from "#shared/holds.ts";
import type { SavedCard } from "#shared/registrations.ts";
import {
  CardError,
  type ChargeInput,
  type ChargeLookup,
  type ChargeOutcome,
  GatewayUnavailableError,
  type HoldOutcome,
  isSameCard,
  type OpenHold,
  type PaymentGateway,
  PaymentInProgressError,
  type RefundOutcome,
  type SettledCharge,
  type SettledRefund,
} from "./gateway.ts";

export interface StripeGatewayOptions {
  secretKey: string;
  /** A Stripe-compatible API elsewhere (tests); Stripe's own otherwise. */
  apiUrl?: string;
}

/**
 * The official SDK behind PaymentGateway: one customer per user, cards saved with
 * SetupIntents (usage off_session) and listed from the customer, PaymentIntents confirmed at once
 * (off_session for promotions) with our idempotency key and the registration in their metadata, so
 * recovery and reconciliation can find them; refunds with keys. Card errors are outcomes or
 * CardErrors with Stripe's message; everything else (network, keys, Stripe's own errors) is
 * GatewayUnavailableError with the request id, and the caller keeps the registration to retry.
 * See docs/registrations-and-payments.md, "Stripe".
 */
export type StripeGateway = PaymentGateway & { mode: "stripe"; stripe: Stripe };

export function isStripeGateway(gateway: PaymentGateway): gateway is StripeGateway {
  return gateway.mode === "stripe" && "stripe" in gateway;
}

export function createStripeGateway(options: StripeGatewayOptions): StripeGateway {
  const stripe = new Stripe(options.secretKey, {
    // The SDK retries network failures and 5xx with the same idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...apiLocation(options.apiUrl),
  });

  /**
   * A card the customer had already (isSameCard) stays the only copy: Stripe.js attached the new one
   * when it confirmed the SetupIntent, so it is detached and the first one returned. The copy saved
   * first (by creation, then id) is kept, so two saves of the same card at once agree on it and never
   * both detach themselves; two saved within the same second (Stripe counts seconds) may both stay.
   */
  async function keepOneCopy(method: Stripe.PaymentMethod, customerId: string): Promise<SavedCard> {
    const saved = toSavedCard(method);
    const listed = await call(() => stripe.customers.listPaymentMethods(customerId, { type: "card", limit: 100 }));
    const copies = [method, ...listed.data.filter((other) => other.id !== method.id && isSameCard(toSavedCard(other), saved))];
    const first = copies.sort((a, b) => a.created - b.created || a.id.localeCompare(b.id))[0]!;
    if (first.id === method.id) return saved;
    await call(() => stripe.paymentMethods.detach(method.id));
    return toSavedCard(first);
  }

  /**
   * A PaymentIntent confirmed at once with the row's key: a charge (capture automatic) or a hold
   * (manual). A decline, or a refusal that repeating can never fix, is the failure it answers;
   * anything else is unknown (GatewayUnavailableError) and the same key may be tried again.
   */
  async function createIntent(
    input: ChargeInput,
    captureMethod: "automatic" | "manual",
  ): Promise<{ intent: Stripe.PaymentIntent } | { failure: Extract<HoldOutcome, { status: "failed" }> }> {
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          // Cards only in practice, and never a redirect: the dialog completes 3-D Secure with Stripe.js.
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          confirm: true,
          ...(input.offSession ? { off_session: true } : {}),
          // A hold: authorised now, captured (or cancelled) at the game's decision. Its charge tells
          // when the authorisation lapses (payment_method_details.card.capture_before).
          ...(captureMethod === "manual" ? { capture_method: "manual" as const, expand: ["latest_charge"] } : {}),
          metadata: { registrationId: input.metadata.registrationId, eventId: input.metadata.eventId },
        },
        {
          idempotencyKey: input.idempotencyKey,
          // A person waits for this one: the caller retries within its own time budget.
          ...(input.timeoutMs ? { timeout: input.timeoutMs, maxNetworkRetries: 0 } : {}),
        },
      );
      return { intent };
    } catch (error) {
      const kind = classify(error);
      if (kind === "card" && error instanceof Stripe.errors.StripeCardError) {
        return {
          failure: {
            status: "failed",
            holdId: error.payment_intent?.id ?? null,
            amountCents: input.amountCents,
            code: error.decline_code ?? error.code ?? "card_declined",
            message: error.message,
          },
        };
      }
      if (kind === "permanent" && error instanceof Stripe.errors.StripeError) {
        // Asking again will never succeed (the customer or card is gone, the amount is refused):
        // it fails like a decline, so a held spot is released and a waitlist moves on.
        console.warn(`Stripe refused the ${captureMethod === "manual" ? "hold" : "charge"} ${input.idempotencyKey} (registration ${input.metadata.registrationId}): ${error.code ?? error.type}: ${error.message}${error.requestId ? ` (request ${error.requestId})` : ""}`);
        return { failure: { status: "failed", holdId: error.payment_intent?.id ?? null, amountCents: input.amountCents, code: "charge_refused", message: CHARGE_REFUSED } };
      }
      throw unavailable(error);
    }
  }

  /** The registration's intent of this kind the customer has, from a consistent list (never the Search API, which lags). */
  async function findIntent({ chargeId, registrationId, customerId, since }: ChargeLookup, captureMethod: "automatic" | "manual"): Promise<Stripe.PaymentIntent | null> {
    if (chargeId) return call(() => stripe.paymentIntents.retrieve(chargeId, captureMethod === "manual" ? { expand: ["latest_charge"] } : {}));
    if (!customerId) return null;
    // Five minutes of slack for clocks that disagree.
    const created = { gte: Math.floor(since.getTime() / 1000) - 300 };
    return call(async () => {
      for await (const intent of stripe.paymentIntents.list({ customer: customerId, created, limit: 100, ...(captureMethod === "manual" ? { expand: ["data.latest_charge"] } : {}) })) {
        // A registration's hold is not its charge, nor the other way round.
        if (intent.metadata.registrationId === registrationId && isManual(intent) === (captureMethod === "manual")) return intent;
      }
      return null;
    });
  }

  /**
   * A capture or cancel Stripe refused for good (400: the intent is no longer in a state that
   * allows it: captured, cancelled, expired): the intent itself says what became of the hold.
   */
  async function holdAfterRefusal(holdId: string, error: unknown, step: "capture" | "release"): Promise<HoldOutcome> {
    if (error instanceof Stripe.errors.StripeCardError) {
      // The bank refused the capture itself: final, as a decline is.
      return { status: "failed", holdId, amountCents: 0, code: error.decline_code ?? error.code ?? "card_declined", message: error.message };
    }
    if (!(classify(error) === "permanent" && error instanceof Stripe.errors.StripeError)) throw unavailable(error);
    const intent = await call(() => stripe.paymentIntents.retrieve(holdId, { expand: ["latest_charge"] })).catch((retrieveError: unknown) => {
      // No such intent: nothing is held, nothing can be captured.
      if (retrieveError instanceof GatewayUnavailableError && classify(retrieveError.cause) === "permanent") return null;
      throw retrieveError;
    });
    if (!intent) return { status: "failed", holdId, amountCents: 0, code: "resource_missing", message: error.message };
    const now = holdOutcomeOf(intent);
    if (step === "release" || now.status === "captured" || now.status === "failed") return now;
    if (now.status === "released") {
      return { status: "failed", holdId, amountCents: now.amountCents, code: now.expired ? "hold_expired" : "hold_released", message: error.message };
    }
    // Still held (an amount over the hold) or waiting for the bank's check: this capture cannot be made.
    return { status: "failed", holdId, amountCents: now.amountCents, code: error.code ?? "capture_refused", message: error.message };
  }

  return {
    mode: "stripe",
    stripe,

    async createCustomer({ email, idempotencyKey }) {
      const customer = await call(() => stripe.customers.create({ email }, { idempotencyKey }));
      return customer.id;
    },

    async createSetupIntent(customerId) {
      const intent = await call(() => stripe.setupIntents.create({ customer: customerId, usage: "off_session", automatic_payment_methods: { enabled: true, allow_redirects: "never" } }));
      return { clientSecret: intent.client_secret! };
    },

    async saveCard({ customerId, paymentMethodId }) {
      if (!paymentMethodId) throw new CardError("missing_card", "Card details are missing.");
      let method = await call(() => stripe.paymentMethods.retrieve(paymentMethodId)).catch((error: unknown) => {
        // An id that names nothing is the browser's mistake, not Stripe being down.
        if (error instanceof GatewayUnavailableError && error.cause instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new CardError("invalid_payment_method", "Failed to save the card.");
        }
        throw error;
      });
      const owner = typeof method.customer === "string" ? method.customer : method.customer?.id;
      if (owner && owner !== customerId) throw new CardError("invalid_payment_method", "Failed to save the card.");
      // Confirming the SetupIntent attached it already; a bare payment method is attached here.
      if (!owner) method = await call(() => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      return keepOneCopy(method, customerId);
    },

    async listCards(customerId) {
      const methods = await call(() => stripe.customers.listPaymentMethods(customerId, { type: "card", limit: 100 }));
      return methods.data.map(toSavedCard);
    },

    async removeCard(_customerId, cardId) {
      await call(() => stripe.paymentMethods.detach(cardId));
    },

    async charge(input) {
      const created = await createIntent(input, "automatic");
      if ("intent" in created) return outcomeOf(created.intent);
      const { holdId: chargeId, ...failure } = created.failure;
      return { ...failure, chargeId };
    },

    async getCharge(chargeId) {
      return outcomeOf(await call(() => stripe.paymentIntents.retrieve(chargeId)));
    },

    async findCharge(lookup) {
      // A list is consistent as soon as the intent exists; the Search API can lag by a minute or more.
      const found = await findIntent(lookup, "automatic");
      return found ? outcomeOf(found) : null;
    },

    async cancelCharge(chargeId) {
      const intent = await call(() => stripe.paymentIntents.retrieve(chargeId));
      if (intent.status === "succeeded" || intent.status === "canceled") return outcomeOf(intent);
      return outcomeOf(await call(() => stripe.paymentIntents.cancel(chargeId)));
    },

    async refund(input) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.chargeId,
            amount: input.amountCents,
            metadata: {
              registrationId: input.metadata.registrationId,
              eventId: input.metadata.eventId,
              ...(input.metadata.refundKey && { refundKey: input.metadata.refundKey }),
            },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return refundOutcomeOf(refund);
      } catch (error) {
        // Stripe refuses the refund itself (already refunded, nothing to refund): final, not a retry.
        if (classify(error) === "permanent" && error instanceof Stripe.errors.StripeError) {
          return { status: "failed", refundId: null, amountCents: input.amountCents, message: error.message };
        }
        throw unavailable(error);
      }
    },

    async listRefunds(chargeId) {
      return call(async () => {
        const refunds = [];
        for await (const refund of stripe.refunds.list({ payment_intent: chargeId, limit: 100 })) refunds.push(refundOutcomeOf(refund));
        return refunds;
      });
    },

    async getRefund(refundId) {
      return refundOutcomeOf(await call(() => stripe.refunds.retrieve(refundId)));
    },

    async placeHold(input) {
      const created = await createIntent(input, "manual");
      return "intent" in created ? holdOutcomeOf(created.intent) : created.failure;
    },

    async getHold(holdId) {
      return holdOutcomeOf(await call(() => stripe.paymentIntents.retrieve(holdId, { expand: ["latest_charge"] })));
    },

    async findHold(lookup) {
      const found = await findIntent(lookup, "manual");
      return found ? holdOutcomeOf(found) : null;
    },

    async captureHold({ holdId, amountCents, idempotencyKey }) {
      try {
        const intent = await stripe.paymentIntents.capture(holdId, { amount_to_capture: amountCents, expand: ["latest_charge"] }, { idempotencyKey });
        return holdOutcomeOf(intent);
      } catch (error) {
        return holdAfterRefusal(holdId, error, "capture");
      }
    },

    async releaseHold({ holdId, idempotencyKey }) {
      try {
        return holdOutcomeOf(await stripe.paymentIntents.cancel(holdId, {}, { idempotencyKey }));
      } catch (error) {
        // Already cancelled, expired or captured: Stripe refuses the cancel, the intent tells which.
        return holdAfterRefusal(holdId, error, "release");
      }
    },

    async listOpenHolds() {
      const holds: OpenHold[] = [];
      for await (const intent of stripe.paymentIntents.list({ limit: 100 })) {
        if (intent.status === "requires_capture" && intent.metadata.registrationId) {
          holds.push({ holdId: intent.id, amountCents: intent.amount_capturable || intent.amount, registrationId: intent.metadata.registrationId });
        }
      }
      return holds;
    },

    async listSettled() {
      const charges: SettledCharge[] = [];
      for await (const intent of stripe.paymentIntents.list({ limit: 100 })) {
        if (intent.status === "succeeded" && intent.metadata.registrationId) {
          charges.push({ chargeId: intent.id, amountCents: intent.amount_received || intent.amount, registrationId: intent.metadata.registrationId });
        }
      }
      const refunds: SettledRefund[] = [];
      for await (const refund of stripe.refunds.list({ limit: 100 })) {
        const paymentIntent = typeof refund.payment_intent === "string" ? refund.payment_intent : refund.payment_intent?.id;
        if (paymentIntent && (refund.status === "succeeded" || refund.status === "pending") && refund.metadata?.registrationId) {
          refunds.push({ refundId: refund.id, chargeId: paymentIntent, amountCents: refund.amount });
        }
      }
      return { charges, refunds };
    },
  };
}

/**
 * Stripe's charge states as ours; `processing` is not settled yet, so the caller tries again later.
 * A hold (capture_method manual) is a charge only once captured, of what was captured; while it is
 * only held (`requires_capture`) it is not settled as a charge either way: holdOutcomeOf tells it.
 */
export function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", chargeId: intent.id, amountCents: isManual(intent) ? intent.amount_received : intent.amount };
    case "requires_action":
      return { status: "requires_action", chargeId: intent.id, amountCents: intent.amount, clientSecret: intent.client_secret! };
    case "processing":
      throw new GatewayUnavailableError(`payment ${intent.id} is still processing`);
    case "requires_capture":
      throw new GatewayUnavailableError(`payment ${intent.id} is a card hold not captured yet`);
    default:
      return {
        status: "failed",
        chargeId: intent.id,
        amountCents: intent.amount,
        code: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? (intent.status === "canceled" ? "canceled" : "payment_failed"),
        message: intent.last_payment_error?.message ?? (intent.status === "canceled" ? "The payment was canceled." : "Payment failed. Please try again."),
      };
  }
}

/**
 * A PaymentIntent of capture_method manual as a hold (the webhook maps such intents with this):
 * `requires_capture` is held until its charge's `capture_before` (else 7 days after it was created,
 * Stripe's lifetime of an online card authorisation); `succeeded` is captured, for what Stripe
 * received; `canceled` is released, by expiry when Stripe cancelled it itself; `processing` is not
 * settled yet (unknown, asked again later); anything else is a hold that was not placed.
 */
export function holdOutcomeOf(intent: Stripe.PaymentIntent): HoldOutcome {
  const base = { holdId: intent.id, amountCents: intent.amount };
  switch (intent.status) {
    case "requires_action":
      return { status: "requires_action", ...base, clientSecret: intent.client_secret! };
    case "requires_capture":
      return { status: "held", ...base, expiresAt: captureBeforeOf(intent) };
    case "succeeded":
      return { status: "captured", ...base, capturedCents: intent.amount_received };
    case "canceled":
      return { status: "released", ...base, expired: intent.cancellation_reason === "automatic" || intent.cancellation_reason === "expired" };
    case "processing":
      throw new GatewayUnavailableError(`hold ${intent.id} is still processing`);
    default:
      return {
        status: "failed",
        ...base,
        code: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? "payment_failed",
        message: intent.last_payment_error?.message ?? "Payment failed. Please try again.",
      };
  }
}

function isManual(intent: Stripe.PaymentIntent): boolean {
  return intent.capture_method === "manual";
}

/** When the authorisation lapses: its charge says when it is expanded, else Stripe's 7 days from creation. */
function captureBeforeOf(intent: Stripe.PaymentIntent): Date {
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const captureBefore = charge?.payment_method_details?.card?.capture_before;
  return new Date(captureBefore ? captureBefore * 1000 : (intent.created + HOLD_LIFETIME_HOURS * 3600) * 1000);
}

export function refundOutcomeOf(refund: Stripe.Refund): RefundOutcome {
  const key = refund.metadata?.refundKey ?? null;
  if (refund.status === "succeeded") return { status: "succeeded", refundId: refund.id, amountCents: refund.amount, key };
  if (refund.status === "failed" || refund.status === "canceled") {
    const message = `The refund ${refund.status === "failed" ? "failed" : "was canceled"}${refund.failure_reason ? ` (${refund.failure_reason})` : ""}.`;
    return { status: "failed", refundId: refund.id, amountCents: refund.amount, message, key };
  }
  return { status: "pending", refundId: refund.id, amountCents: refund.amount, key };
}

function toSavedCard(method: Stripe.PaymentMethod): SavedCard {
  const card = method.card;
  return {
    id: method.id,
    brand: brandName(card?.brand ?? "card"),
    last4: card?.last4 ?? "????",
    expMonth: card?.exp_month ?? 0,
    expYear: card?.exp_year ?? 0,
  };
}

const BRANDS: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", american_express: "American Express", discover: "Discover" };
const brandName = (brand: string) => BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);

/** What a person is told when Stripe refuses a charge for good for a reason that is not the card's decline. */
export const CHARGE_REFUSED = "The payment could not be made with this card.";

/**
 * How to treat an error from Stripe. `card`: the card was declined. `in_progress`: another request
 * with the same idempotency key is still running. `permanent`: Stripe refused the request itself
 * (400/404: the customer or card is gone, the amount is under the minimum) and repeating it can
 * never succeed. `transient`: anything else (network, timeouts, 5xx, 429, a wrong key or missing
 * permission the operator has to fix): the outcome is unknown and the call may be repeated.
 */
export function classify(error: unknown): "card" | "in_progress" | "permanent" | "transient" {
  if (error instanceof Stripe.errors.StripeCardError) return "card";
  if (!(error instanceof Stripe.errors.StripeError)) return "transient";
  if (error.code === "idempotency_key_in_use" || error.statusCode === 409) return "in_progress";
  // The same key sent with other parameters: what the first request did is not known from here.
  if (error instanceof Stripe.errors.StripeIdempotencyError) return "transient";
  if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode === 400 || error.statusCode === 404)) return "permanent";
  return "transient";
}

/** Runs an SDK call; any failure that is not the card's is the processor being unavailable. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new CardError(error.code ?? "card_declined", error.message);
    throw unavailable(error);
  }
}

function unavailable(error: unknown): GatewayUnavailableError {
  const requestId = error instanceof Stripe.errors.StripeError ? error.requestId : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const text = `Stripe: ${message}${requestId ? ` (request ${requestId})` : ""}`;
  return classify(error) === "in_progress" ? new PaymentInProgressError(text, { cause: error }) : new GatewayUnavailableError(text, { cause: error });
}

function apiLocation(apiUrl: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  return { host: url.hostname, port: url.port || (url.protocol === "https:" ? 443 : 80), protocol: url.protocol.replace(":", "") as "http" | "https" };
}
