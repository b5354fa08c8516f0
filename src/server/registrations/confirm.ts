import { and, desc, eq, inArray } from "drizzle-orm";
import { PAYMENT_FAILED } from "#shared/registrations.ts";
import type { SessionUser } from "#server/auth/session.ts";
import { payment, registration } from "#server/db/schema.ts";
import { isEventId } from "#server/events/event-summary.ts";
import { AppError } from "#server/http/errors.ts";
import { type ChargeOutcome, GatewayUnavailableError } from "#server/money/processors/gateway.ts";
import { applyChargeOutcome } from "./apply-charge.ts";
import type { RegistrationDeps } from "./deps.ts";
import { answerFor, chargeHeldSpot, type JoinResult, releasedWhilePaying, SPOT_RELEASED, view } from "./join.ts";
import { errorText } from "#shared/i18n/error-key.ts";
import { applyHoldOutcome, holdOf } from "./apply-hold.ts";
import { answerForHold, holdHeldSpot } from "./hold-spot.ts";
import { releaseKey } from "#server/money/hold-ledger.ts";

export const NO_PAYMENT_WAITING = errorText("errors.payment.noneWaitingConfirmation");

/**
 * POST /api/events/:id/registrations/me/confirm: the browser has completed (or failed) the bank's
 * authentication. Nothing it says is trusted: the server reads the charge from the processor and
 * applies that. Repeating it is harmless; a spot already confirmed answers as confirmed. A spot
 * released while the bank's check was open (the game was cancelled) is settled here too: if the
 * payment went through it is refunded in full at once, and the person is told both.
 */
export async function confirmPayment(deps: RegistrationDeps, options: { user: SessionUser; eventId: string }): Promise<JoinResult> {
  const { user, eventId } = options;
  if (!isEventId(eventId)) throw new AppError("not_found", NO_PAYMENT_WAITING);
  const spots = await deps.database.db
    .select()
    .from(registration)
    .where(and(eq(registration.eventId, eventId), eq(registration.userId, user.id), inArray(registration.status, ["pending_payment", "confirmed", "cancelled"])))
    .orderBy(desc(registration.createdAt));
  const latest = spots.find((reg) => reg.status === "pending_payment");
  if (!latest) {
    // Confirmed already (a repeated confirm, or the answer to the first one was lost).
    const confirmed = spots.find((reg) => reg.status === "confirmed");
    if (confirmed) return { httpStatus: 201, body: { registration: view(confirmed) } };
    for (const released of spots.filter((reg) => reg.status === "cancelled")) await settleReleased(deps, released.id);
    throw new AppError("not_found", NO_PAYMENT_WAITING);
  }

  // Game on: the bank's check was for a card hold (hold-spot.ts); read it from the processor.
  const hold = await holdOf(deps.database, latest.id);
  if (hold) {
    if (!hold.gatewayId) return holdHeldSpot(deps, latest, hold);
    return answerForHold(deps, latest, await deps.gateway.getHold(hold.gatewayId).catch(unavailable));
  }
  const [charge] = await deps.database.db
    .select({ gatewayId: payment.gatewayId })
    .from(payment)
    .where(and(eq(payment.registrationId, latest.id), eq(payment.kind, "charge")));
  // The answer to the first call was lost: make it again with the same key.
  if (!charge?.gatewayId) return chargeHeldSpot(deps, latest);
  return answerFor(deps, latest, await readCharge(deps, charge.gatewayId));
}

/**
 * A released registration whose charge is still pending at the processor: the person finished the
 * bank's check after the spot went. Whatever the charge became is applied now (a success is refunded
 * in full by applyChargeOutcome); a check still open is given up so it cannot land later.
 */
async function settleReleased(deps: RegistrationDeps, registrationId: string): Promise<void> {
  const hold = await holdOf(deps.database, registrationId);
  if (hold) {
    // A hold placed after its spot went is let go by applyHoldOutcome; one still at the bank's check is given up first.
    if (!hold.gatewayId || (hold.status !== "pending" && hold.status !== "requires_action")) return;
    let outcome = await deps.gateway.getHold(hold.gatewayId).catch(unavailable);
    if (outcome.status === "requires_action") outcome = await deps.gateway.releaseHold({ holdId: hold.gatewayId, idempotencyKey: releaseKey(registrationId) }).catch(unavailable);
    await applyHoldOutcome(deps, registrationId, outcome);
    throw new AppError("conflict", SPOT_RELEASED);
  }
  const [charge] = await deps.database.db
    .select()
    .from(payment)
    .where(and(eq(payment.registrationId, registrationId), eq(payment.kind, "charge"), eq(payment.status, "pending")));
  if (!charge?.gatewayId) return;
  let outcome = await readCharge(deps, charge.gatewayId);
  if (outcome.status === "requires_action") outcome = await deps.gateway.cancelCharge(charge.gatewayId).catch(unavailable);
  const after = await applyChargeOutcome(deps, registrationId, outcome);
  if (outcome.status === "succeeded") throw new AppError("conflict", releasedWhilePaying(after));
}

async function readCharge(deps: RegistrationDeps, chargeId: string): Promise<ChargeOutcome> {
  return deps.gateway.getCharge(chargeId).catch(unavailable);
}

function unavailable(error: unknown): never {
  if (error instanceof GatewayUnavailableError) throw new AppError("payment_provider", PAYMENT_FAILED);
  throw error;
}
