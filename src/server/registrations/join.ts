import { and, eq } from "drizzle-orm";
import type { JoinInput } from "#shared/registration-schemas.ts";
import {
  cardLabel,
  type JoinResponse,
  PAYMENT_FAILED,
  priceFor,
  SELECT_SAVED_CARD,
} from "#shared/registrations.ts";
import type { SessionUser } from "#server/auth/session.ts";
import { event as eventTable, payment, registration, user as userTable } from "#server/db/schema.ts";
import { isEventId } from "#server/events/event-summary.ts";
import { EVENT_NOT_FOUND } from "#server/events/get-event.ts";
import { AppError } from "#server/http/errors.ts";
import { customerColumn, ensureCustomerId } from "#server/money/customers.ts";
import { type ChargeInput, type ChargeOutcome, GatewayUnavailableError, type PaymentGateway, PaymentInProgressError } from "#server/money/processors/gateway.ts";
import { applyChargeOutcome } from "./apply-charge.ts";
import { PAYMENT_IN_PROGRESS } from "./cancel.ts";
import { nowOf, type RegistrationDeps } from "./deps.ts";
import { lockTimingOn, recordTiming } from "#server/events/lock-timing.ts";
import { checkOpen, checkParty, checkPrice, reserveJoin } from "./join-batch.ts";
import { regularPassFor } from "#server/events/regulars.ts";
import { type RegistrationRow } from "./queries.ts";
import { chargeInputOf } from "#server/money/ledger.ts";
import { type ErrorText, errorText } from "#shared/i18n/error-key.ts";
import { declineText } from "#server/money/processors/decline-text.ts";
import { holdOf } from "./apply-hold.ts";
import { holdHeldSpot } from "./hold-spot.ts";

export { ACCOUNT_BEING_DELETED, ALREADY_REGISTERED } from "./join-batch.ts";

export interface JoinResult {
  httpStatus: 201 | 202;
  body: JoinResponse;
}

/**
 * Join as player or goalkeeper. Under the event lock (with the other joins of the game waiting in this
 * process, join-batch.ts): the price, from the row locked, against the price the join was prepared
 * with; the duplicate and capacity checks and the insert (a spot, a spot held for
 * payment, or the next waitlist place). A paid spot is then
 * charged on-session with the key charge:{registrationId}, outside any transaction, and the outcome
 * applied. Joining again while a payment is pending resumes it with the same key, so a lost answer
 * retried by the user charges once (docs/registrations-and-payments.md, "Join").
 */
export async function joinEvent(deps: RegistrationDeps, options: { user: SessionUser; eventId: string; input: JoinInput }): Promise<JoinResult> {
  const { user, eventId, input } = options;
  const { database, gateway } = deps;
  const started = lockTimingOn ? performance.now() : 0;
  if (!isEventId(eventId)) throw new AppError("not_found", EVENT_NOT_FOUND);
  // One read before the lock: the game; a payment already held for this role (an answer that was
  // lost, an authentication left open), which is resumed with its own key and card, whatever card this
  // request names; and the user's customer at the processor. None decides anything the lock protects:
  // the game and the held payment are checked again under it.
  const [found] = await database.db
    .select({ game: eventTable, held: registration, customerId: customerColumn(gateway) })
    .from(eventTable)
    .leftJoin(
      registration,
      and(
        eq(registration.eventId, eventTable.id),
        eq(registration.userId, user.id),
        eq(registration.role, input.role),
        eq(registration.status, "pending_payment"),
      ),
    )
    .leftJoin(userTable, eq(userTable.id, user.id))
    .where(eq(eventTable.id, eventId));
  if (!found) throw new AppError("not_found", EVENT_NOT_FOUND);
  const { game, held } = found;
  // In a series game's regulars' window: whether this person may join yet (one read, only then).
  const regular = await regularPassFor(database.db, game, user.id, nowOf(deps));
  checkOpen(game, input.role, nowOf(deps), regular);
  const guests = input.guests ?? [];
  checkParty(game, input.role, guests.length);
  // A payment already held is resumed at its own amount, whatever the game costs now.
  if (held) return payForHeldSpot(deps, held);
  // The price the person was shown (`expectedPriceCents`, sent by the web app) against the price read
  // here: changed, the join is refused before anything is asked of the processor. The join is then
  // prepared for the price read here, and the game's lock checks that price again against the row it
  // locked (checkPrice; docs/registrations-and-payments.md, "Join"). A client that sends no price is
  // held to the price read here.
  const price = checkPrice(game, { role: input.role, priceCents: input.expectedPriceCents ?? priceFor(game, input.role) }, deps.config.payments.currency);

  // The card is checked before the lock: asking the processor inside it would stall the game.
  let customerId: string | null = null;
  let chosenCard: string | null = null;
  if (price > 0) {
    if (!input.paymentMethodId) throw new AppError("validation", SELECT_SAVED_CARD, { paymentMethodId: SELECT_SAVED_CARD });
    customerId = found.customerId ?? (await ensureCustomerId(database.db, gateway, user));
    const card = (await gateway.listCards(customerId)).find((candidate) => candidate.id === input.paymentMethodId);
    if (!card) throw new AppError("validation", SELECT_SAVED_CARD, { paymentMethodId: SELECT_SAVED_CARD });
    chosenCard = cardLabel(card);
  }

  const locking = lockTimingOn ? performance.now() : 0;
  const reserved = await reserveJoin(deps, eventId, {
    userId: user.id,
    role: input.role,
    // What the join is prepared for: under the lock it is priced from the game's row (join-batch.ts).
    priceCents: price,
    guests,
    paymentMethodId: input.paymentMethodId ?? null,
    cardLabel: chosenCard,
    customerId,
    currency: deps.config.payments.currency,
    consentToAutoCharge: input.consentToAutoCharge === true,
    regular,
  });

  const reg = reserved.reg;
  const charging = lockTimingOn ? performance.now() : 0;
  try {
    if (reg.status !== "pending_payment") return { httpStatus: 201, body: { registration: view(reg) } };
    return await payForHeldSpot(deps, reg);
  } finally {
    if (lockTimingOn) {
      const done = performance.now();
      recordTiming({ kind: "join", eventId, beforeMs: locking - started, lockedMs: charging - locking, chargeMs: done - charging, totalMs: done - started });
    }
  }
}

/** A spot held for payment is charged, or in a game-on game its card is held (hold-spot.ts). */
export async function payForHeldSpot(deps: RegistrationDeps, reg: RegistrationRow): Promise<JoinResult> {
  const hold = await holdOf(deps.database, reg.id);
  return hold ? holdHeldSpot(deps, reg, hold) : chargeHeldSpot(deps, reg);
}

/**
 * Charges (or, with the same key, charges again) the spot held for a paid join and answers with what
 * happened. When the outcome is still unknown after the time budget, the spot stays held (Complete
 * payment resumes it with the same key; recovery settles it when the hold ends) and the person is
 * told so: a payment still running elsewhere (a double click) is "in progress", an unreachable
 * processor is the original product's "Payment failed. Please try again.". Neither is recorded as a failure.
 */
export async function chargeHeldSpot(deps: RegistrationDeps, reg: RegistrationRow): Promise<JoinResult> {
  const [charge] = await deps.database.db
    .select()
    .from(payment)
    .where(and(eq(payment.registrationId, reg.id), eq(payment.kind, "charge")));
  if (!charge) throw new Error(`registration ${reg.id} has no charge to make`);
  let outcome: ChargeOutcome;
  try {
    outcome = await chargeWithinBudget(deps.gateway, chargeInputOf(charge), deps.chargeBudgetMs ?? JOIN_CHARGE_BUDGET_MS);
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    console.warn(`charge ${charge.idempotencyKey} for registration ${reg.id}: outcome unknown, the spot stays held (${error.message})`);
    if (error instanceof PaymentInProgressError) throw new AppError("payment_in_progress", PAYMENT_IN_PROGRESS);
    throw new AppError("payment_provider", PAYMENT_FAILED);
  }
  return answerFor(deps, reg, outcome);
}

/** Turns a charge outcome into the join's answer, after recording it. */
export async function answerFor(deps: RegistrationDeps, reg: RegistrationRow, outcome: ChargeOutcome): Promise<JoinResult> {
  const after = await applyChargeOutcome(deps, reg.id, outcome);
  if (outcome.status === "requires_action" && after.status === "pending_payment") {
    return { httpStatus: 202, body: { registration: view(after), status: "requires_action", clientSecret: outcome.clientSecret } };
  }
  if (after.status === "confirmed") return { httpStatus: 201, body: { registration: view(after) } };
  if (outcome.status === "failed") throw new AppError("payment_declined", declineText(outcome.code, outcome.message));
  // Released while the charge ran (the game was cancelled): the money goes back in full.
  throw new AppError("conflict", outcome.status === "succeeded" ? releasedWhilePaying(after) : SPOT_RELEASED);
}

export const SPOT_RELEASED = errorText("errors.registration.spotReleased");

/** What a person is told when their payment went through after their spot was released. */
export function releasedWhilePaying(reg: RegistrationRow): ErrorText {
  return errorText(reg.closedReason === "event_cancelled" ? "errors.registration.cancelledWhilePaying" : "errors.registration.releasedWhilePaying");
}

/** How long a join or confirm request may spend getting a charge's outcome from the processor. */
export const JOIN_CHARGE_BUDGET_MS = 6_000;

/**
 * Makes the charge, repeating it with the same key (the processor answers with the first result)
 * while the outcome is unknown, with exponential backoff and jitter, for about `budgetMs` in all
 * (at least three tries, each cut off at what is left of the budget or one second), so a hanging
 * processor cannot hold a person's request for minutes. Throws the last GatewayUnavailableError when
 * the budget is spent.
 */
export function chargeWithinBudget(gateway: PaymentGateway, input: ChargeInput, budgetMs: number): Promise<ChargeOutcome> {
  return withinBudget((timeoutMs) => gateway.charge({ ...input, timeoutMs }), budgetMs);
}

/** The same for any processor call made with one key (a card hold's placing: hold-spot.ts). */
export async function withinBudget<T>(call: (timeoutMs: number) => Promise<T>, budgetMs: number): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(Math.max(deadline - Date.now(), MIN_TRY_MS));
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
      const pause = Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** attempt) * (0.5 + Math.random() / 2);
      // A few tries always: under a burst one try can take most of the budget waiting for the
      // database, and a single lost answer should not become "Payment failed".
      if (attempt + 1 >= MIN_TRIES && Date.now() + pause + MIN_TRY_MS > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

const MIN_TRIES = 3;
const MIN_TRY_MS = 1_000;
const FIRST_PAUSE_MS = 150;
const MAX_PAUSE_MS = 1_500;

export function view(reg: RegistrationRow) {
  return { id: reg.id, role: reg.role, status: reg.status, amountCents: reg.amountCents };
}
