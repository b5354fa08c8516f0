/**
 * Registrations and payments: the HTTP contract shared by server and web (docs/http-api.md,
 * "Routes"), the original product's texts (docs/product-rules.md, "Where the texts come from"),
 * and the pure rules both sides apply (the 24-hour window, which notice a join shows). The
 * zod schemas of the request bodies are in registration-schemas.ts, so screens that only need a
 * text do not load zod.
 */

import type { HoldView } from "./game-on.ts";
import type { GuestView } from "./guests.ts";
import { errorKey, type ErrorText, errorText } from "./i18n/error-key.ts";

export type RegistrationRole = "player" | "goalkeeper";

/**
 * Spots are held by pending_payment (on-session charge or authentication running, at
 * most 15 minutes), promoting (off-session charge of a promoted waitlister running) and confirmed.
 * payment_failed, cancelled and refunded are closed: they hold nothing and wait for nothing.
 * See docs/registrations-and-payments.md, "Registration states".
 */
export type RegistrationStatus = "pending_payment" | "confirmed" | "waitlisted" | "promoting" | "payment_failed" | "cancelled" | "refunded";

export const HELD_STATUSES = ["pending_payment", "promoting", "confirmed"] as const satisfies readonly RegistrationStatus[];
export const ACTIVE_STATUSES = [...HELD_STATUSES, "waitlisted"] as const satisfies readonly RegistrationStatus[];

/**
 * Every move a registration may make (docs/registrations-and-payments.md, "Registration states").
 * A paid spot is held while charged or authenticated, then confirmed or failed; a waitlister is
 * promoted (paid: held while charged off-session); a spot given up is refunded or cancelled; a spot
 * released while its charge ran is refunded in full when the charge lands (cancelled → refunded); a
 * game-on spot whose card hold could not be placed later, expired, or whose capture was refused is
 * released with nothing charged (confirmed → payment_failed, docs/game-on.md). payment_failed and
 * refunded end it.
 */
export const NEXT_STATUSES: Record<RegistrationStatus, readonly RegistrationStatus[]> = {
  pending_payment: ["confirmed", "payment_failed", "cancelled"],
  promoting: ["confirmed", "payment_failed", "cancelled"],
  waitlisted: ["promoting", "confirmed", "payment_failed", "cancelled"],
  confirmed: ["refunded", "cancelled", "payment_failed"],
  cancelled: ["refunded"],
  payment_failed: [],
  refunded: [],
};

/** The statuses a registration can reach `to` from. */
export function statusesBefore(to: RegistrationStatus): RegistrationStatus[] {
  return (Object.keys(NEXT_STATUSES) as RegistrationStatus[]).filter((from) => NEXT_STATUSES[from].includes(to));
}

export function holdsSpot(status: RegistrationStatus): boolean {
  return (HELD_STATUSES as readonly RegistrationStatus[]).includes(status);
}

/** Why a registration was closed; Your Events needs it (an admin cancel is not a refund the user asked for). */
export type ClosedReason = "user_left" | "event_cancelled" | "payment_failed" | "payment_expired" | "account_deleted" | "promoted_other_role";

export interface RegistrationView {
  id: string;
  role: RegistrationRole;
  status: RegistrationStatus;
  /** The price of the spot in cents, taken from the event when joining (0 when free). */
  amountCents: number;
}

/**
 * 201 for a spot (confirmed) or a waitlist place (waitlisted); 202 with status 'requires_action' and
 * the processor's clientSecret when the bank asks the user to authenticate (the registration is
 * then pending_payment until POST …/registrations/me/confirm).
 */
export type JoinResponse =
  | { registration: RegistrationView; status?: undefined }
  | { registration: RegistrationView; status: "requires_action"; clientSecret: string };

/** DELETE /api/events/:id/registrations/me */
export interface CancelRegistrationResponse {
  /** What goes back to the card: price − fee for a paid spot, 0 for a free spot or a waitlist. */
  refundCents: number;
}

/** One of the viewer's own registrations for an event, in GET /api/events/:id as `mine`. */
export interface MyRegistration extends RegistrationView {
  /** 1-based place in its waitlist while waitlisted ("You're #3 on the waitlist"), else null. */
  waitlistPosition: number | null;
  /** What was (or is being) refunded when status is refunded. */
  refundedCents: number | null;
  /** What the card was charged for this party (the charge that succeeded), 0 when nothing was (docs/money.md). */
  paidCents: number;
  /** Everything that went or is going back for this party: each removed guest's share and its release's refund. */
  backCents: number;
  /**
   * The guests in this party (docs/guests.md), each removable while cancelling is allowed. `amountCents`
   * is the party's price now: price × (1 + guests).
   */
  guests?: GuestView[];
  /** A game-on game's card hold for this party (docs/game-on.md): absent when there is none. */
  hold?: HoldView;
}

/** A saved card (GET /api/me/payment-methods). */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** How a saved card is named to its owner and on the organiser's roster: "Visa •••• 4242". */
export function cardLabel(card: Pick<SavedCard, "brand" | "last4">): string {
  return `${card.brand} •••• ${card.last4}`;
}

/** The card a label names (cardLabel's inverse), or null for a label it did not write. */
export function parseCardLabel(label: string | null): Pick<SavedCard, "brand" | "last4"> | null {
  const match = label ? /^(.+) •••• (\d{4})$/.exec(label) : null;
  return match ? { brand: match[1]!, last4: match[2]! } : null;
}

/**
 * GET /api/events/:id/registrations/me/receipt: what the viewer bought in this game, for the
 * confirmation page. Only the viewer's own held spot; 404 otherwise.
 */
export interface Receipt {
  event: { id: string; title: string; startsAt: string; endsAt: string; timeZone: string; locationName: string; field: string | null };
  role: RegistrationRole;
  /** confirmed, or still being paid for (pending_payment, promoting). */
  status: "confirmed" | "pending_payment" | "promoting";
  /** What the card was charged (the charge that succeeded), in cents; 0 for a free spot or one not yet paid. */
  paidCents: number;
  /** The spot's price, in cents. */
  priceCents: number;
  card: Pick<SavedCard, "brand" | "last4"> | null;
  /** When the charge succeeded (ISO), or null. */
  paidAt: string | null;
  /** The +1 guests the spot is for, by name ("Sam", "Alex Stone"); empty when none (docs/guests.md). */
  guests: string[];
}

// --- card entry (simulated gateway: our own form; Stripe mode uses the Payment Element) ---

export const CARD_DETAILS_MISSING = errorKey("shared.cards.detailsMissing");
export const FAILED_TO_SAVE_CARD = errorKey("shared.cards.saveFailed");
export const INVALID_CARD_NUMBER = errorKey("shared.cards.invalidNumber");
export const INVALID_EXPIRY = errorKey("shared.cards.invalidExpiry");
export const EXPIRED_CARD = errorKey("shared.cards.expired");
export const INVALID_CVC = errorKey("shared.cards.invalidCvc");

/** Luhn check of a card number (digits only). */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** "4242 4242 4242 4242" → "4242424242424242" (spaces and dashes people type are ignored). */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, "");
}

/** "04/29" → { month: 4, year: 2029 }, or null. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

// --- the original product's texts, word for word (docs/product-rules.md, "Where the texts come from") ---

export const SELECT_SAVED_CARD = errorKey("shared.payment.selectSavedCard");
export const PAYMENT_FAILED = errorKey("shared.payment.failed");
export const FAILED_TO_INITIALIZE_PAYMENT = errorKey("shared.payment.initializeFailed");
export const UNEXPECTED_ERROR = errorKey("shared.payment.unexpected");
export const REFUND_SUCCESSFUL = errorKey("shared.payment.refundSuccessful");
export const EVENT_CANCELLED_AND_REFUNDED = errorKey("shared.event.cancelledAndRefunded");
export const FAILED_TO_CANCEL_EVENT = errorKey("shared.event.cancelFailed");
export const CANCEL_WINDOW_TEXT = errorKey("shared.registration.cancelWindow");
/** Stripe's own wording when the bank's authentication fails. */
export const AUTHENTICATION_FAILED = errorKey("shared.payment.authenticationFailed");
export const CONSENT_REQUIRED = errorKey("shared.payment.consentRequired");

/**
 * What a person joining a paid waitlist agrees to, as the payment dialog words it; the mail that
 * records the consent quotes it.
 */
export function autoChargeConsentText(price: string): ErrorText {
  return errorText("shared.payment.consent", { price });
}

/** The success notice after a join: the original product's text (docs/product-rules.md). */
export function joinNotice(role: RegistrationRole, status: RegistrationStatus): ErrorText {
  const list = role === "player" ? "Player" : "Goalkeeper";
  return errorText(status === "waitlisted" ? "shared.registration.joinedWaitlist" : "shared.registration.joined", { list });
}

export const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Cancelling (a spot or a waitlist place) is allowed while the start is at least 24 hours away; the
 * server checks it too (docs/product-rules.md, "Registration rules").
 */
export function isCancellable(startsAt: string | Date, now: Date): boolean {
  return new Date(startsAt).getTime() - now.getTime() >= CANCEL_WINDOW_MS;
}

/**
 * The last moment a registration can be cancelled: 24 hours before the start (isCancellable is
 * true up to and including it). What the payment dialog and the viewer's status say as "cancel by".
 */
export function cancellationDeadline(startsAt: string | Date): Date {
  return new Date(new Date(startsAt).getTime() - CANCEL_WINDOW_MS);
}

/** Spot price in cents for a role; the server charges this, the browser only shows it. */
export function priceFor(event: { costCents: number; goalkeeperCostCents: number }, role: RegistrationRole): number {
  return role === "player" ? event.costCents : event.goalkeeperCostCents;
}

/**
 * GET /api/me/account-deletion: what deleting the account would do to each game the user holds a
 * spot or a waitlist place in, before they confirm (docs/registrations-and-payments.md, "Account
 * deletion"). Amounts come from the server's rule; the browser only shows them.
 */
export interface AccountDeletionPreview {
  games: AccountDeletionGame[];
  /** Everything that would go back to the user's cards. */
  refundCents: number;
}

export interface AccountDeletionGame {
  eventId: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  role: RegistrationRole;
  /**
   * refund: a paid spot given back as a cancellation would be (price − fee); inside_window: a paid
   * spot within 24 hours of kick-off or in progress, nothing back; free: a free spot; waitlist: a
   * waitlist place, nothing was charged; payment_running: a payment still running, refunded in full
   * if it goes through.
   */
  outcome: "refund" | "inside_window" | "free" | "waitlist" | "payment_running";
  /** What the card was charged for this spot, in cents. */
  paidCents: number;
  /** What deleting gives back now, in cents. */
  refundCents: number;
}

/** A game whose waitlist place a promotion would charge to the card (DELETE /api/me/payment-methods/:id answers them in a 409). */
export interface WaitlistPlaceOnCard {
  eventId: string;
  title: string;
  startsAt: string;
  timeZone: string;
  role: RegistrationRole;
  /** Leaving a waitlist keeps the cancellation window: not within 24 hours of the start. */
  canLeave: boolean;
}
