import type { EventDetail } from "../../../shared/events.ts";
import { DEFAULT_FEE, type FeeRule } from "../../../shared/money.ts";
import { formatCents } from "../../i18n/format-money.ts";
import type { MyRegistration, RegistrationStatus } from "../../../shared/registrations.ts";
import { spotDeadlineLine, waitlistDeadlineLine } from "./cancel-policy.ts";

export interface StatusLine {
  key: string;
  headline: string;
  /** What happens to the viewer's money, when there is something to say. */
  detail?: string;
  /** Until when it can be cancelled (and for what refund), or that the time has passed. */
  deadline?: string;
}

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

const listName = (registration: MyRegistration) => (registration.role === "player" ? "Player Waitlist" : "Goalkeeper Waitlist");

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
    switch (registration.status) {
      case "confirmed": {
        const goalkeeper = registration.role === "goalkeeper";
        const headline = over ? (goalkeeper ? "You were in goal" : "You played") : goalkeeper ? "You're in goal" : "You're playing";
        const deadline = open ? spotDeadlineLine({ game: event, priceCents: registration.amountCents, rule, currency, now, viewerZone }) : undefined;
        lines.push({ key, headline, detail: paid ? `You paid ${price}.` : undefined, ...(deadline ? { deadline } : {}) });
        break;
      }
      case "pending_payment":
      case "promoting":
        lines.push({
          key,
          headline: PAYMENT_PROCESSING,
          detail:
            registration.status === "promoting"
              ? `A spot freed up: your saved card is being charged ${price}.`
              : `Your ${registration.role} spot is held while your payment of ${price} completes.`,
        });
        break;
      case "waitlisted": {
        const place = registration.waitlistPosition ? `#${registration.waitlistPosition} on` : "on";
        let detail: string | undefined;
        // No promotion once the game has started (docs/registrations-and-payments.md, "Promotion").
        if (started) detail = paid ? "The game has started: nothing was charged." : undefined;
        else detail = paid ? `If a spot frees up, your saved card will be charged ${price} automatically.` : "If a spot frees up, it is yours automatically.";
        const deadline = open ? waitlistDeadlineLine({ game: event, now, viewerZone }) : undefined;
        lines.push({ key, headline: `You're ${place} the ${listName(registration)}`, detail, ...(deadline ? { deadline } : {}) });
        break;
      }
      case "refunded":
        lines.push({ key, headline: registration.refundedCents ? `You were refunded ${formatCents(registration.refundedCents, currency)}.` : "You were refunded." });
        break;
      default:
        // payment_failed and cancelled hold and wait for nothing; the server leaves them out of `mine`.
        break;
    }
  }
  return lines;
}
