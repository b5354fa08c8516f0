import type { EventDetail } from "#shared/events.ts";
import { DEFAULT_FEE, type FeeRule } from "#shared/money.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { t } from "#web/i18n/i18n.ts";
import type { MyRegistration, RegistrationStatus } from "#shared/registrations.ts";
import { spotDeadlineLine, waitlistDeadlineLine } from "./cancel-policy.ts";

export interface StatusLine {
  key: string;
  headline: string;
  /** What happens to the viewer's money, when there is something to say. */
  detail?: string;
  /** Until when it can be cancelled (and for what refund), or that the time has passed. */
  deadline?: string;
}

/** The headline while a payment runs, in English: what tests and e2e wait for (the screens say t("event.status.processing")). */
export const PAYMENT_PROCESSING = "Your payment is being processed…";

const ORDER: Record<RegistrationStatus, number> = {
  confirmed: 0,
  pending_payment: 1,
  promoting: 1,
  waitlisted: 2,
  refunded: 3,
  payment_failed: 4,
  cancelled: 4,
};

/** "You're #3 on the Player Waitlist", or without a place when the server gives none. */
function waitlistHeadline(registration: MyRegistration): string {
  const player = registration.role === "player";
  const position = registration.waitlistPosition;
  if (!position) return t(player ? "event.status.onPlayerWaitlist" : "event.status.onGoalkeeperWaitlist");
  return t(player ? "event.status.playerWaitlistPlace" : "event.status.goalkeeperWaitlistPlace", { position });
}

/** The viewer's own state for this event, one line per registration: spots first, refunds last. */
export function viewerStatus({
  event,
  mine,
  now,
  currency,
  rule = DEFAULT_FEE,
  viewerZone,
}: {
  event: Pick<EventDetail, "startsAt" | "endsAt" | "timeZone" | "status">;
  mine: readonly MyRegistration[];
  now: Date;
  currency: string;
  /** The fee rule of the app's settings; the default is the same rule. */
  rule?: FeeRule;
  /** The zone the viewer's clock shows (the browser's unless a test says). */
  viewerZone?: string;
}): StatusLine[] {
  // A cancelled game has nothing left to cancel.
  const open = event.status !== "cancelled";
  const started = now.getTime() >= Date.parse(event.startsAt);
  const over = now.getTime() >= Date.parse(event.endsAt);
  const lines: StatusLine[] = [];
  for (const registration of [...mine].sort((a, b) => ORDER[a.status] - ORDER[b.status])) {
    const paid = registration.amountCents > 0;
    const price = formatCents(registration.amountCents, currency);
    const key = registration.id;
    // A party (src/shared/guests.ts): the amount is the party's, and it waits for that many spots at once.
    const guests = registration.guests?.length ?? 0;
    switch (registration.status) {
      case "confirmed": {
        const goalkeeper = registration.role === "goalkeeper";
        const headline = t(over ? (goalkeeper ? "event.status.wasInGoal" : "event.status.played") : goalkeeper ? "event.status.inGoal" : "event.status.playing");
        const deadline = open ? spotDeadlineLine({ game: event, priceCents: registration.amountCents, rule, currency, now, viewerZone }) : undefined;
        // What was charged and what went back, from the ledger (docs/money.md): a party that removed a
        // guest paid more than its price now, and got that guest's share back.
        const charged = formatCents(registration.paidCents, currency);
        const back = registration.backCents > 0 ? formatCents(registration.backCents, currency) : null;
        // With money back (a guest removed) the sum paid was for a larger party than the one now held:
        // "You paid $30.00. $9.41 went back to your card.", not "for you and 1 guest".
        const paidLine = guests > 0 && !back ? t("event.guests.paidParty", { price: charged, count: guests }) : t("event.status.paid", { price: charged });
        const detail = registration.paidCents === 0 ? undefined : back ? `${paidLine} ${t("event.status.partRefunded", { amount: back })}` : paidLine;
        lines.push({ key, headline, detail, ...(deadline ? { deadline } : {}) });
        break;
      }
      case "pending_payment":
      case "promoting":
        lines.push({
          key,
          headline: t("event.status.processing"),
          detail:
            registration.status === "promoting"
              ? t("event.status.promoting", { price })
              : t(registration.role === "player" ? "event.status.heldPlayer" : "event.status.heldGoalkeeper", { price }),
        });
        break;
      case "waitlisted": {
        let detail: string | undefined;
        // No promotion once the game has started (docs/registrations-and-payments.md, "Promotion").
        if (started) detail = paid ? t("event.status.startedNotCharged") : undefined;
        else if (guests > 0) detail = t(paid ? "event.guests.chargeIfFreed" : "event.guests.yoursIfFreed", { price, spots: guests + 1, count: guests });
        else detail = paid ? t("event.status.chargeIfFreed", { price }) : t("event.status.yoursIfFreed");
        const deadline = open ? waitlistDeadlineLine({ game: event, now, viewerZone }) : undefined;
        lines.push({ key, headline: waitlistHeadline(registration), detail, ...(deadline ? { deadline } : {}) });
        break;
      }
      case "refunded":
        lines.push({
          key,
          // Every refund of the party, a removed guest's included: what the person got back in all.
          headline: registration.backCents
            ? t("event.status.refundedAmount", { amount: formatCents(registration.backCents, currency) })
            : t("event.status.refunded"),
        });
        break;
      default:
        // payment_failed and cancelled hold and wait for nothing; the server leaves them out of `mine`.
        break;
    }
  }
  return lines;
}
