import type { CardInput } from "#shared/registration-schemas.ts";
import { PAYMENT_FAILED, type SavedCard } from "#shared/registrations.ts";
import type { HttpAnswer } from "#server/http/errors.ts";
import { declineText } from "./decline-text.ts";

/**
 * The card processor, as the registration rules need it. Shaped after Stripe so that its
 * adapter fits without change: customers; cards saved to a customer (SetupIntent-style); charges
 * (PaymentIntents) on-session, which may need the user's authentication, or off-session; refunds;
 * every write with an idempotency key, so a retried call returns the first result; and lookups by
 * key, so recovery can learn what happened to a call whose answer was lost.
 * See docs/registrations-and-payments.md, "Gateways".
 */
/**
 * Two saved cards are one card to their owner when brand, last 4 digits and expiry match: saving it
 * again gives back the card already saved (docs/product-rules.md, "Validation").
 */
export function isSameCard(a: Omit<SavedCard, "id">, b: Omit<SavedCard, "id">): boolean {
  return a.brand === b.brand && a.last4 === b.last4 && a.expMonth === b.expMonth && a.expYear === b.expYear;
}

export interface PaymentGateway {
  readonly mode: "simulated" | "stripe";

  /** Creates the customer of a user; the same idempotency key returns the same customer. */
  createCustomer(input: { email: string; idempotencyKey: string }): Promise<string>;
  /** Stripe only: a SetupIntent (usage off_session) for the Payment Element to confirm in the browser. */
  createSetupIntent?(customerId: string): Promise<{ clientSecret: string }>;
  /**
   * Saves a card to the customer: simulated takes the card form; Stripe the id of a payment method
   * the browser confirmed with a SetupIntent. A card the processor refuses is a CardError. A card
   * the customer has already (isSameCard) is not saved twice: the one saved first is returned.
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
  /**
   * What became of the charge a ledger row stands for, or null if the processor holds none: read by
   * its id when the ledger knows it, else from a list that is consistent the moment a charge exists
   * (never a search index that lags). It never creates a charge, so it is safe for a spot already
   * released. See docs/registrations-and-payments.md, "Unknown outcomes".
   */
  findCharge(input: ChargeLookup): Promise<ChargeOutcome | null>;
  /** Gives up a charge still waiting for authentication, so it can never succeed later. */
  cancelCharge(chargeId: string): Promise<ChargeOutcome>;

  /** Refunds part or all of a succeeded charge; pending means the processor will tell later. */
  refund(input: RefundInput): Promise<RefundOutcome>;
  getRefund(refundId: string): Promise<RefundOutcome>;
  /**
   * Every refund the processor holds on a charge, whatever key made it (a consistent list). One
   * registration has one charge and one refund row, so these are all attempts at that refund.
   */
  listRefunds(chargeId: string): Promise<RefundOutcome[]>;

  /**
   * Card holds (docs/game-on.md): places a hold for `amountCents` on a saved card (Stripe: a
   * PaymentIntent with capture_method manual), on-session (may need the bank's check) or off-session
   * under the consent the player gave. Same error and key rules as `charge`; a decline is an outcome.
   */
  placeHold(input: ChargeInput): Promise<HoldOutcome>;
  getHold(holdId: string): Promise<HoldOutcome>;
  /** What became of the hold a ledger row stands for, or null if the processor holds none (as findCharge). */
  findHold(input: ChargeLookup): Promise<HoldOutcome | null>;
  /**
   * Takes up to the held amount (`amountCents` ≤ held); the same key answers with the first result. A
   * hold already expired or released answers `failed` (code `hold_expired` or `hold_released`); one
   * already captured answers `captured`.
   */
  captureHold(input: { holdId: string; amountCents: number; idempotencyKey: string }): Promise<HoldOutcome>;
  /** Lets a hold go (nothing is taken); repeating it, or releasing an expired hold, answers `released`. A captured hold answers `captured`. */
  releaseHold(input: { holdId: string; idempotencyKey: string }): Promise<HoldOutcome>;
  /** Reconciliation: every hold the processor still holds for this app (not captured, released nor expired). */
  listOpenHolds(): Promise<OpenHold[]>;

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
  /**
   * A person is waiting for this answer: give up after this long (no retries of the SDK's own) and
   * throw GatewayUnavailableError, so the request can answer and recovery settle the outcome.
   */
  timeoutMs?: number;
}

/**
 * A hold's state at the processor. `requires_action`: the bank's check is open (on-session only);
 * `held`: the amount is held until `expiresAt`; `captured`: `capturedCents` was taken (a charge from
 * then on, refundable like any); `released`: let go, by the caller or by expiry (`expired`); `failed`:
 * refused when placed, or a capture that could not be made.
 */
export type HoldOutcome =
  | { status: "requires_action"; holdId: string; amountCents: number; clientSecret: string }
  | { status: "held"; holdId: string; amountCents: number; expiresAt: Date }
  | { status: "captured"; holdId: string; amountCents: number; capturedCents: number }
  | { status: "released"; holdId: string; amountCents: number; expired: boolean }
  | { status: "failed"; holdId: string | null; amountCents: number; code: string; message: string };

export interface OpenHold {
  holdId: string;
  amountCents: number;
  registrationId: string | null;
}

export interface ChargeLookup {
  /** The processor's id, when the ledger already holds it. */
  chargeId: string | null;
  idempotencyKey: string;
  registrationId: string;
  customerId: string | null;
  /** When the ledger row was written: no charge for it can be older. */
  since: Date;
}

export type ChargeOutcome =
  | { status: "succeeded"; chargeId: string; amountCents: number }
  | { status: "requires_action"; chargeId: string; amountCents: number; clientSecret: string }
  | { status: "failed"; chargeId: string | null; amountCents: number; code: string; message: string };

export interface RefundInput {
  chargeId: string;
  amountCents: number;
  idempotencyKey: string;
  /** `refundKey`: the key of this attempt (the row's first key, or its `:retry:` key), kept with the refund to match it to the row's current attempt (settle-refund.ts). */
  metadata: PaymentMetadata & { refundKey?: string };
}

/**
 * `key`, where the processor tells it, is the ledger row's key the refund was made under (the
 * simulated processor keeps it; Stripe carries it in the refund's metadata), so one charge's several
 * refunds (a removed guest's share, then the rest: docs/guests.md) are told apart.
 */
export type RefundOutcome =
  | { status: "succeeded" | "pending"; refundId: string; amountCents: number; key?: string | null }
  | { status: "failed"; refundId: string | null; amountCents: number; message: string; key?: string | null };

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

/**
 * The processor refused the card (HTTP 402): `message` is the processor's text (English, for the
 * logs); the user is told it by its code in their language (decline-text.ts).
 */
export class CardError extends Error {
  override name = "CardError";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
  /** How http/errors.ts answers it, without the HTTP layer importing the payments folder. */
  get httpAnswer(): HttpAnswer {
    return { code: "payment_declined", message: declineText(this.code, this.message), status: 402 };
  }
}

/**
 * The outcome is unknown: the processor could not be reached, its answer was lost, or it answered
 * with a transient error (5xx, 429, a key it does not accept right now). Not a failure: the call may
 * be repeated with the same key, and the ledger row stays pending until someone asks the processor.
 */
export class GatewayUnavailableError extends Error {
  override name = "GatewayUnavailableError";
  /** A 502 with the generic payment message; the processor's own words go to the log only. */
  get httpAnswer(): HttpAnswer {
    return { code: "payment_provider", message: PAYMENT_FAILED, status: 502, log: `payment processor unavailable: ${this.message}` };
  }
}

/**
 * Another request with the same idempotency key is still running at the processor (a double click,
 * a retry racing the first try): that first request decides; this one learns its result later.
 */
export class PaymentInProgressError extends GatewayUnavailableError {
  override name = "PaymentInProgressError";
}

/** The processor's answer to a card problem as an AppError-free value the routes map to 402. */
export function isCardError(error: unknown): error is CardError {
  return error instanceof CardError;
}
