import { CANCEL_WINDOW_TEXT, type CancelRegistrationResponse, isCancellable } from "#shared/registrations.ts";
import { refundAfterFeeCents } from "#shared/money.ts";
import type { SessionUser } from "#server/auth/session.ts";
import { isEventId } from "#server/events/event-summary.ts";
import { EVENT_NOT_FOUND } from "#server/events/get-event.ts";
import { AppError } from "#server/http/errors.ts";
import { feeRuleOf, nowOf, type RegistrationDeps } from "./deps.ts";
import { activeRegistrationsOf, closeRegistration } from "./queries.ts";
import { releaseConfirmedSpot } from "./release-spot.ts";
import { withEventLock } from "#server/events/game-lock.ts";
import { errorText } from "#shared/i18n/error-key.ts";

export const NOT_REGISTERED = errorText("errors.registration.notRegistered");
export const PAYMENT_IN_PROGRESS = errorText("errors.payment.stillProcessing");

/**
 * DELETE /api/events/:id/registrations/me: leaves the spot (refund = price − fee) and both
 * waitlists, while the start is at least 24 hours away. One transaction under the event lock; the
 * refund itself is executed by a job.
 * See docs/registrations-and-payments.md, "Cancel a spot, or leave the waitlists".
 */
export async function cancelRegistration(deps: RegistrationDeps, options: { user: SessionUser; eventId: string }): Promise<CancelRegistrationResponse> {
  const { user, eventId } = options;
  if (!isEventId(eventId)) throw new AppError("not_found", EVENT_NOT_FOUND);
  const refundCents = await withEventLock(deps.database, eventId, async (tx, event) => {
    if (event.status === "cancelled") throw new AppError("rule", errorText("errors.registration.gameCancelled"));
    // Before a game-on game's decision nothing is taken yet: a spot may be given up until then, the
    // hold let go (docs/game-on.md). During the decision's captures, a cancel waits for the outcome.
    if (event.gameOnState === "deciding") throw new AppError("conflict", errorText("errors.gameOn.deciding"));
    if (event.gameOnState !== "open" && !isCancellable(event.startsAt, nowOf(deps))) throw new AppError("rule", CANCEL_WINDOW_TEXT);
    const mine = await activeRegistrationsOf(tx, event.id, user.id);
    if (mine.length === 0) throw new AppError("not_found", NOT_REGISTERED);
    if (mine.some((reg) => reg.status === "pending_payment" || reg.status === "promoting")) throw new AppError("conflict", PAYMENT_IN_PROGRESS);
    let refunded = 0;
    for (const reg of mine.filter((candidate) => candidate.status === "waitlisted")) {
      await closeRegistration(tx, reg.id, { status: "cancelled", closedReason: "user_left" });
    }
    for (const reg of mine.filter((candidate) => candidate.status === "confirmed")) {
      refunded += await releaseConfirmedSpot(tx, deps, event, reg, {
        closedReason: "user_left",
        refundDue: (paid) => refundAfterFeeCents(paid, feeRuleOf(deps)),
        mail: true,
      });
    }
    return refunded;
  });
  deps.listCache?.invalidate();
  return { refundCents };
}
