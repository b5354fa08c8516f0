import { heldChargeCents, type RefundReason } from "#shared/ledger.ts";
import type { ClosedReason } from "#shared/registrations.ts";
import type { RegistrationDeps } from "./deps.ts";
import { enqueueIn } from "./jobs.ts";
import { promoteNext } from "./promote-next.ts";
import { closeRegistration, type RegistrationRow } from "./queries.ts";
import { chargeOf, insertRefund } from "#server/money/ledger.ts";
import type { EventRow } from "#server/events/game-lock.ts";
import type { Tx } from "#server/db/client.ts";
import type { HoldReleaseReason } from "#shared/holds.ts";
import { holdOf, letGo } from "./apply-hold.ts";

/** Why a release's money goes back, from why the spot was released (docs/money.md). */
export function releaseRefundReason(closedReason: ClosedReason): RefundReason {
  if (closedReason === "event_cancelled") return "admin_cancel";
  if (closedReason === "account_deleted") return "account_deleted";
  if (closedReason === "user_left") return "player_cancel";
  throw new Error(`a confirmed spot is not released for ${closedReason}`);
}

/** Why a release lets a card hold go, from why the spot was released. */
function holdReleaseReason(closedReason: ClosedReason): HoldReleaseReason {
  if (closedReason === "event_cancelled") return "called_off";
  if (closedReason === "account_deleted") return "account_deleted";
  return "player_cancel";
}

/**
 * Gives up a confirmed spot inside the caller's event lock: the refund due is written as a pending
 * ledger row in the same transaction (a job executes it with the key refund:{registrationId}), the
 * registration is closed, and the first waitlisted person of the role is promoted. Returns the
 * cents that go back to the card.
 */
export async function releaseConfirmedSpot(
  tx: Tx,
  deps: RegistrationDeps,
  event: EventRow,
  reg: RegistrationRow,
  options: { closedReason: ClosedReason; refundDue: (paidCents: number) => number; mail: boolean },
): Promise<number> {
  // A game-on spot whose card is only held (docs/game-on.md): nothing was taken, so nothing is
  // refunded and no fee kept; the hold is let go.
  const hold = await holdOf(tx, reg.id);
  if (hold && hold.status !== "captured") {
    await letGo(tx, deps, hold, holdReleaseReason(options.closedReason));
    await closeRegistration(tx, reg.id, { status: "cancelled", closedReason: options.closedReason });
    if (options.mail) await enqueueIn(tx, deps).mail({ kind: "hold_released", registrationId: reg.id });
    await promoteNext(tx, deps, event, reg.role);
    return 0;
  }
  const charge = await chargeOf(tx, reg.id);
  // What the party holds now: the charge, less the shares of guests removed since (docs/guests.md).
  const paidCents = charge?.status === "succeeded" ? heldChargeCents(charge.amountCents, reg.amountCents) : 0;
  const refundCents = paidCents > 0 ? Math.min(paidCents, options.refundDue(paidCents)) : 0;
  const enqueue = enqueueIn(tx, deps);
  if (refundCents > 0) {
    const refundId = await insertRefund(tx, reg, { amountCents: refundCents, currency: charge!.currency, reason: releaseRefundReason(options.closedReason) });
    await closeRegistration(tx, reg.id, { status: "refunded", closedReason: options.closedReason, refundedCents: refundCents });
    if (refundId) await enqueue.refund(refundId);
    if (options.mail) await enqueue.mail({ kind: "refund", registrationId: reg.id, ...(refundId && { refundId }) });
  } else {
    // A paid spot whose refund is nothing (the price does not cover the fee) records 0, not null.
    await closeRegistration(tx, reg.id, { status: "cancelled", closedReason: options.closedReason, refundedCents: paidCents > 0 ? 0 : null });
  }
  await promoteNext(tx, deps, event, reg.role);
  return refundCents;
}
