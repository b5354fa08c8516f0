import { and, desc, eq, inArray } from "drizzle-orm";
import { PAYMENT_FAILED } from "../../shared/registrations.ts";
import type { SessionUser } from "../auth/session.ts";
import { payment, registration } from "../db/schema.ts";
import { isEventId } from "../events/event-summary.ts";
import { AppError } from "../http/errors.ts";
import { GatewayUnavailableError } from "../payments/gateway.ts";
import type { RegistrationDeps } from "./deps.ts";
import { answerFor, chargeHeldSpot, type JoinResult, view } from "./join.ts";

export const NO_PAYMENT_WAITING = "No payment is waiting for confirmation.";

/**
 * POST /api/events/:id/registrations/me/confirm: the browser has completed (or failed) the bank's
 * authentication. Nothing it says is trusted: the server reads the charge from the processor and
 * applies that. Repeating it is harmless; a spot already confirmed answers as confirmed.
 */
export async function confirmPayment(deps: RegistrationDeps, options: { user: SessionUser; eventId: string }): Promise<JoinResult> {
  const { user, eventId } = options;
  if (!isEventId(eventId)) throw new AppError("not_found", NO_PAYMENT_WAITING);
  const spots = await deps.database.db
    .select()
    .from(registration)
    .where(and(eq(registration.eventId, eventId), eq(registration.userId, user.id), inArray(registration.status, ["pending_payment", "confirmed"])))
    .orderBy(desc(registration.createdAt));
  const latest = spots.find((reg) => reg.status === "pending_payment");
  if (!latest) {
    // Confirmed already (a repeated confirm, or the answer to the first one was lost).
    if (spots[0]) return { httpStatus: 201, body: { registration: view(spots[0]) } };
    throw new AppError("not_found", NO_PAYMENT_WAITING);
  }

  const [charge] = await deps.database.db
    .select({ gatewayId: payment.gatewayId })
    .from(payment)
    .where(and(eq(payment.registrationId, latest.id), eq(payment.kind, "charge")));
  // The answer to the first call was lost: make it again with the same key.
  if (!charge?.gatewayId) return chargeHeldSpot(deps, latest);
  let outcome;
  try {
    outcome = await deps.gateway.getCharge(charge.gatewayId);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw new AppError("payment_provider", PAYMENT_FAILED);
    throw error;
  }
  return answerFor(deps, latest, outcome);
}
