import { and, eq } from "drizzle-orm";
import { payment, registration } from "#server/db/schema.ts";
import type { ChargeOutcome } from "#server/money/processors/gateway.ts";
import { DECLINES } from "#server/money/processors/test-cards.ts";
import { applyChargeOutcome } from "./apply-charge.ts";
import type { RegistrationDeps } from "./deps.ts";
import { chargeInputOf, chargeLookupOf } from "#server/money/ledger.ts";
import { translate } from "#server/i18n/translate.ts";
import { applyHoldOutcome, holdOf } from "./apply-hold.ts";
import { type CardHoldRow, holdInputOf, releaseKey } from "#server/money/hold-ledger.ts";

/**
 * The promotion job: charges a promoted waitlister's saved card off-session with the key
 * promote:{registrationId} and applies the outcome (confirmed and mailed, or failed, mailed, and the
 * next person tried). An unreachable processor throws, and pg-boss retries with the same key.
 * Off-session there is nobody to authenticate: a card that asks for it is a failed promotion.
 */
export async function runPromotion(deps: RegistrationDeps, registrationId: string): Promise<void> {
  // Game on: a promotion before the decision holds the card instead (promote-next.ts).
  const hold = await holdOf(deps.database, registrationId);
  if (hold) return placePromotionHold(deps, registrationId, hold);
  const [reg] = await deps.database.db.select().from(registration).where(eq(registration.id, registrationId));
  const [charge] = await deps.database.db
    .select()
    .from(payment)
    .where(and(eq(payment.registrationId, registrationId), eq(payment.kind, "charge")));
  if (!reg || !charge || charge.status !== "pending") return;

  if (reg.status !== "promoting") {
    // Released before the charge was made (the game was cancelled, the account deleted): settle
    // whatever the processor has, and charge nothing new.
    const found = await deps.gateway.findCharge(chargeLookupOf(charge));
    const outcome: ChargeOutcome = found ?? {
      status: "failed",
      chargeId: null,
      amountCents: charge.amountCents,
      code: "released",
      // A record in English, like the processor's texts; a mail that quotes it words it (decline-text.ts).
      message: translate("en", "errors.ledger.releasedFirst"),
    };
    await applyChargeOutcome(deps, registrationId, outcome);
    return;
  }

  let outcome = await deps.gateway.charge(chargeInputOf(charge));
  if (outcome.status === "requires_action") {
    const cancelled = await deps.gateway.cancelCharge(outcome.chargeId);
    outcome =
      cancelled.status === "succeeded"
        ? cancelled
        : { status: "failed", chargeId: outcome.chargeId, amountCents: charge.amountCents, code: "authentication_required", message: DECLINES.authentication_required };
  }
  await applyChargeOutcome(deps, registrationId, outcome);
}

/**
 * Places a promoted waitlister's card hold off-session (key hold:{registrationId}) and applies the
 * outcome (apply-hold.ts). Nobody can do the bank's check off-session: a card that asks for it is a
 * failed promotion, and the next person is tried. An unreachable processor throws; the job retries
 * with the same key.
 */
async function placePromotionHold(deps: RegistrationDeps, registrationId: string, hold: CardHoldRow): Promise<void> {
  if (hold.status !== "pending") return;
  let outcome = await deps.gateway.placeHold(holdInputOf(hold));
  if (outcome.status === "requires_action") {
    await deps.gateway.releaseHold({ holdId: outcome.holdId, idempotencyKey: releaseKey(registrationId) });
    outcome = { status: "failed", holdId: outcome.holdId, amountCents: hold.amountCents, code: "authentication_required", message: DECLINES.authentication_required };
  }
  await applyHoldOutcome(deps, registrationId, outcome);
}
