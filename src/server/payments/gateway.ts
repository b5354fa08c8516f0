import type { CardInput } from "../../shared/registration-schemas.ts";
import type { SavedCard } from "../../shared/registrations.ts";

/**
 * The card processor, as the registration rules need it (DESIGN §6). Shaped after Stripe so that its
 * adapter fits without change: customers; cards saved to a customer (SetupIntent-style); charges
 * (PaymentIntents) on-session, which may need the user's authentication, or off-session; refunds;
 * every write with an idempotency key, so a retried call returns the first result; and lookups by
 * key, so recovery can learn what happened to a call whose answer was lost.
 */
export interface PaymentGateway {
  readonly mode: "simulated" | "stripe";

  /** Creates the customer of a user; the same idempotency key returns the same customer. */
  createCustomer(input: { email: string; idempotencyKey: string }): Promise<string>;
  /** Stripe only: a SetupIntent (usage off_session) for the Payment Element to confirm in the browser. */
  createSetupIntent?(customerId: string): Promise<{ clientSecret: string }>;
  /**
   * Saves a card to the customer: simulated takes the card form; Stripe the id of a payment method
   * the browser confirmed with a SetupIntent. A card the processor refuses is a CardError.
   */
  saveCard(input: { customerId: string; card?: CardInput; paymentMethodId?: string }): Promise<SavedCard>;
  listCards(customerId: string): Promise<SavedCard[]>;
  /** Detaches a card; it can no longer be charged. */
  removeCard(customerId: string, cardId: string): Promise<void>;

  /**
   * Charges a saved card. On-session a card may answer requires_action (the browser authenticates,
   * then the server reads the truth with getCharge); off-session that is a failure
   * (authentication_required). A decline is an outcome, not an exception; an unreachable processor
   * (or a lost answer) throws GatewayUnavailableError, and the same key may be retried safely.
   */
  charge(input: ChargeInput): Promise<ChargeOutcome>;
  getCharge(chargeId: string): Promise<ChargeOutcome>;
  /** What became of the charge made with this key (or for this registration), or null if none was made. */
  findCharge(input: { idempotencyKey: string; registrationId: string }): Promise<ChargeOutcome | null>;
  /** Gives up a charge still waiting for authentication, so it can never succeed later. */
  cancelCharge(chargeId: string): Promise<ChargeOutcome>;

  /** Refunds part or all of a succeeded charge; pending means the processor will tell later. */
  refund(input: RefundInput): Promise<RefundOutcome>;
  getRefund(refundId: string): Promise<RefundOutcome>;

  /** Reconciliation: every succeeded charge and every succeeded or pending refund the processor holds for this app. */
  listSettled(): Promise<{ charges: SettledCharge[]; refunds: SettledRefund[] }>;
}

export interface PaymentMetadata {
  registrationId: string;
  eventId: string;
}

export interface ChargeInput {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  currency: string;
  offSession: boolean;
  idempotencyKey: string;
  metadata: PaymentMetadata;
}

export type ChargeOutcome =
  | { status: "succeeded"; chargeId: string; amountCents: number }
  | { status: "requires_action"; chargeId: string; amountCents: number; clientSecret: string }
  | { status: "failed"; chargeId: string | null; amountCents: number; code: string; message: string };

export interface RefundInput {
  chargeId: string;
  amountCents: number;
  idempotencyKey: string;
  metadata: PaymentMetadata;
}

export type RefundOutcome =
  | { status: "succeeded" | "pending"; refundId: string; amountCents: number }
  | { status: "failed"; refundId: string | null; amountCents: number; message: string };

export interface SettledCharge {
  chargeId: string;
  amountCents: number;
  registrationId: string | null;
}
export interface SettledRefund {
  refundId: string;
  chargeId: string;
  amountCents: number;
}

/** The processor refused the card: its message is the user's (HTTP 402). */
export class CardError extends Error {
  override name = "CardError";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The processor could not be reached or its answer was lost; the call may be retried with the same key. */
export class GatewayUnavailableError extends Error {
  override name = "GatewayUnavailableError";
}

/** The processor's answer to a card problem as an AppError-free value the routes map to 402. */
export function isCardError(error: unknown): error is CardError {
  return error instanceof CardError;
}
