import { FAILED_TO_INITIALIZE_PAYMENT, PAYMENT_FAILED } from "#shared/registrations.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { ApiError } from "#web/lib/api.ts";

/**
 * A failure whose message was written for the user: the server's answer as the registration rules
 * word it, Stripe's words about the card, our own card checks. Anything else that is thrown while
 * paying (Stripe.js misbehaving, a bug of ours) has a message meant for developers only.
 */
export class PaymentMessage extends Error {
  override name = "PaymentMessage";
}

/** Where the payment was when it failed: setting the card up (Stripe.js, the saved card), or paying. */
export type PaymentStage = "initialize" | "pay";

// Our own texts (src/shared), in the screens' language.
const fallbackFor = (stage: PaymentStage) => sharedMessage(stage === "initialize" ? FAILED_TO_INITIALIZE_PAYMENT : PAYMENT_FAILED);

/**
 * What the payment dialog says about a failure: a message written for the user as it is; for
 * anything else the generic text of the stage, with the detail in the console for whoever debugs it.
 */
export function paymentErrorMessage(error: unknown, stage: PaymentStage): string {
  if ((error instanceof PaymentMessage || error instanceof ApiError) && error.message) return error.message;
  console.error("payment failed", error);
  return fallbackFor(stage);
}

/** The error object Stripe.js returns from its calls (confirmSetup, handleNextAction, elements.submit). */
export interface StripeJsError {
  type?: string;
  code?: string;
  message?: string;
}

// Stripe.js words these for the person paying (a declined card, an incomplete number); the other
// types (api_error, invalid_request_error...) are about the integration, not the card.
const USER_FACING_TYPES = new Set(["card_error", "validation_error"]);

/** Stripe's message when it is about the card or what was typed in; otherwise the stage's generic text, logged. */
export function stripeErrorMessage(error: StripeJsError, stage: PaymentStage): string {
  if (error.type && USER_FACING_TYPES.has(error.type) && error.message) return error.message;
  console.error("Stripe.js returned an error", error);
  return fallbackFor(stage);
}
