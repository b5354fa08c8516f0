import { AppError } from "#server/http/errors.ts";
import { PAYMENT_FAILED } from "#shared/registrations.ts";
import { type CardHoldRow, holdInputOf } from "#server/money/hold-ledger.ts";
import { GatewayUnavailableError, type HoldOutcome, PaymentInProgressError } from "#server/money/processors/gateway.ts";
import { declineText } from "#server/money/processors/decline-text.ts";
import { applyHoldOutcome } from "./apply-hold.ts";
import { PAYMENT_IN_PROGRESS } from "./cancel.ts";
import type { RegistrationDeps } from "./deps.ts";
import { JOIN_CHARGE_BUDGET_MS, type JoinResult, SPOT_RELEASED, view, withinBudget } from "./join.ts";
import type { RegistrationRow } from "./queries.ts";

/**
 * Game on (docs/game-on.md): places the card hold of a spot held for a paid join, on-session, with the
 * key hold:{registrationId} (again with the same key when resumed), and answers with what happened,
 * as a charge would (join.ts chargeHeldSpot): held → the spot is confirmed; the bank's check → 202
 * with its secret; refused → 402 with the processor's reason in the person's language. An outcome still
 * unknown after the time budget leaves the spot held for recovery to settle.
 */
export async function holdHeldSpot(deps: RegistrationDeps, reg: RegistrationRow, hold: CardHoldRow): Promise<JoinResult> {
  let outcome: HoldOutcome;
  try {
    outcome = await withinBudget((timeoutMs) => deps.gateway.placeHold({ ...holdInputOf(hold), timeoutMs }), deps.chargeBudgetMs ?? JOIN_CHARGE_BUDGET_MS);
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    console.warn(`hold ${hold.idempotencyKey} for registration ${reg.id}: outcome unknown, the spot stays held (${error.message})`);
    if (error instanceof PaymentInProgressError) throw new AppError("payment_in_progress", PAYMENT_IN_PROGRESS);
    throw new AppError("payment_provider", PAYMENT_FAILED);
  }
  return answerForHold(deps, reg, outcome);
}

/** Turns a hold's outcome into the join's (or the bank check's confirm) answer, after recording it. */
export async function answerForHold(deps: RegistrationDeps, reg: RegistrationRow, outcome: HoldOutcome): Promise<JoinResult> {
  const after = await applyHoldOutcome(deps, reg.id, outcome);
  if (outcome.status === "requires_action" && after.status === "pending_payment") {
    return { httpStatus: 202, body: { registration: view(after), status: "requires_action", clientSecret: outcome.clientSecret } };
  }
  if (after.status === "confirmed") return { httpStatus: 201, body: { registration: view(after) } };
  if (outcome.status === "failed") throw new AppError("payment_declined", declineText(outcome.code, outcome.message));
  // Released while the hold was placed (the game was called off): it is let go, nothing taken.
  throw new AppError("conflict", SPOT_RELEASED);
}
