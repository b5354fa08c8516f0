import Stripe from "stripe";
import type { SavedCard } from "#shared/registrations.ts";
import { CardError, type ChargeOutcome, GatewayUnavailableError, isSameCard, type PaymentGateway, PaymentInProgressError, type RefundOutcome, type SettledCharge, type SettledRefund } from "./gateway.ts";

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
            metadata: { registrationId: input.metadata.registrationId, eventId: input.metadata.eventId },
          },
          {
            idempotencyKey: input.idempotencyKey,
            // A person waits for this one: the caller retries within its own time budget.
            ...(input.timeoutMs ? { timeout: input.timeoutMs, maxNetworkRetries: 0 } : {}),
          },
        );
        return outcomeOf(intent);
      } catch (error) {
        const kind = classify(error);
        if (kind === "card" && error instanceof Stripe.errors.StripeCardError) {
          return {
            status: "failed",
            chargeId: error.payment_intent?.id ?? null,
            amountCents: input.amountCents,
            code: error.decline_code ?? error.code ?? "card_declined",
            message: error.message,
          };
        }
        if (kind === "permanent" && error instanceof Stripe.errors.StripeError) {
          // Asking again will never succeed (the customer or card is gone, the amount is refused):
          // it fails like a decline, so a held spot is released and a waitlist moves on.
          console.warn(`Stripe refused the charge ${input.idempotencyKey} (registration ${input.metadata.registrationId}): ${error.code ?? error.type}: ${error.message}${error.requestId ? ` (request ${error.requestId})` : ""}`);
          return { status: "failed", chargeId: error.payment_intent?.id ?? null, amountCents: input.amountCents, code: "charge_refused", message: CHARGE_REFUSED };
        }
        throw unavailable(error);
      }
    },

    async getCharge(chargeId) {
      return outcomeOf(await call(() => stripe.paymentIntents.retrieve(chargeId)));
    },

    async findCharge({ chargeId, registrationId, customerId, since }) {
      if (chargeId) return outcomeOf(await call(() => stripe.paymentIntents.retrieve(chargeId)));
      if (!customerId) return null;
      // A list is consistent as soon as the intent exists; the Search API can lag by a minute or more.
      // Five minutes of slack for clocks that disagree.
      const created = { gte: Math.floor(since.getTime() / 1000) - 300 };
      const found = await call(async () => {
        for await (const intent of stripe.paymentIntents.list({ customer: customerId, created, limit: 100 })) {
          if (intent.metadata.registrationId === registrationId) return intent;
        }
        return null;
      });
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

/** Stripe's charge states as ours; `processing` is not settled yet, so the caller tries again later. */
export function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", chargeId: intent.id, amountCents: intent.amount };
    case "requires_action":
      return { status: "requires_action", chargeId: intent.id, amountCents: intent.amount, clientSecret: intent.client_secret! };
    case "processing":
      throw new GatewayUnavailableError(`payment ${intent.id} is still processing`);
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
