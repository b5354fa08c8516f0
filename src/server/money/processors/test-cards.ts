import { cardDigits } from "#shared/registrations.ts";

/**
 * The simulated processor's test cards: Stripe's own numbers and behaviours. Any other valid number
 * behaves as 4242 4242 4242 4242 (docs/registrations-and-payments.md, "Test cards").
 */
export type CardBehaviour =
  /** Saves, and every charge succeeds. */
  | "ok"
  /** Refused when saved. */
  | "declined_on_save"
  /** Saves; every charge fails with insufficient funds. */
  | "insufficient_funds"
  /** Saves; every charge is declined. */
  | "declined_on_charge"
  /** Saves; on-session charges need authentication, off-session ones fail (authentication required). */
  | "authentication_required"
  /** Saves and charges; every refund of its charges fails (Stripe's 4000 0000 0000 5126). */
  | "refund_fails";

const TEST_CARDS: Record<string, CardBehaviour> = {
  "4242424242424242": "ok",
  "4000000000000002": "declined_on_save",
  "4000000000009995": "insufficient_funds",
  "4000000000000341": "declined_on_charge",
  "4000002760003184": "authentication_required",
  "4000000000005126": "refund_fails",
};

export function behaviourOf(number: string): CardBehaviour {
  return TEST_CARDS[cardDigits(number)] ?? "ok";
}

export function brandOf(number: string): string {
  const digits = cardDigits(number);
  if (digits.startsWith("4")) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "American Express";
  if (/^6(011|5)/.test(digits)) return "Discover";
  return "Card";
}

/** Stripe's decline codes and messages, which the user sees as they are. */
export const DECLINES = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  authentication_required: "Your card was declined. This transaction requires authentication.",
  payment_intent_authentication_failure:
    "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  canceled: "The payment was canceled.",
} as const;
