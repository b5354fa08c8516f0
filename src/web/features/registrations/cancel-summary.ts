import { refundAfterFeeCents, type FeeRule } from "#shared/money.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { t } from "#web/i18n/i18n.ts";
import { holdsSpot, type MyRegistration } from "#shared/registrations.ts";

export interface CancelSummary {
  /** Sentences for the Confirm Cancellation dialog, in order. */
  lines: string[];
  /** What the card gets back, as the server will compute it (the same shared function). */
  refundCents: number;
}

/**
 * What cancelling does to the viewer's registrations: a held spot is released (refunded by the fee
 * rule when paid), and the viewer leaves both waitlists, where no money has moved. Guests go with
 * the player's spot or waitlist place.
 */
export function cancelSummary(mine: readonly MyRegistration[], rule: FeeRule, currency: string): CancelSummary {
  const lines: string[] = [];
  let refundCents = 0;
  const spot = mine.find((registration) => holdsSpot(registration.status));
  if (spot) {
    lines.push(t(spot.role === "player" ? "event.cancelRegistration.playerReleased" : "event.cancelRegistration.goalkeeperReleased"));
    if (spot.amountCents > 0) {
      refundCents = refundAfterFeeCents(spot.amountCents, rule);
      // The fee as kept, so that the three figures always add up (a fee above the price keeps the price).
      const keptCents = spot.amountCents - refundCents;
      const money = (cents: number) => formatCents(cents, currency);
      lines.push(t("event.cancelRegistration.refund", { paid: money(spot.amountCents), fee: money(keptCents), refund: money(refundCents) }));
    }
    // The party goes as one (src/shared/guests.ts): the refund above is the party's.
    const guests = spot.guests?.length ?? 0;
    if (guests > 0) lines.push(t("event.guests.cancelToo", { count: guests }));
  }
  const waits = mine.filter((registration) => registration.status === "waitlisted");
  if (waits.length > 0) {
    const lists = waits.length > 1 ? "both" : waits[0]!.role;
    // With no spot held, no money moves at all: the line says so.
    lines.push(t(spot ? "event.cancelRegistration.leave" : "event.cancelRegistration.leaveNothingCharged", { lists }));
    const guests = waits.reduce((sum, registration) => sum + (registration.guests?.length ?? 0), 0);
    if (guests > 0) lines.push(t("event.guests.leaveToo", { count: guests }));
  }
  return { lines, refundCents };
}
