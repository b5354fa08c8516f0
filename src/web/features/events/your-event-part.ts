import type { YourPart } from "../../../shared/events.ts";
import { formatCents } from "../../i18n/format-money.ts";

/**
 * One registration of the user, as Your Events says it beside the game: the role, then what was
 * paid and refunded, or the waitlist place. "Cancelled" is the app's own spelling (the section title
 * 'Canceled/Refunded Events' is the original product's).
 */
export function describeYourPart(part: YourPart, currency: string): string {
  const money = (cents: number) => formatCents(cents, currency);
  const role = part.role === "player" ? "Player" : "Goalkeeper";
  const paid = part.paidCents > 0 ? `Paid ${money(part.paidCents)}` : null;
  const refunded = part.refundedCents ? `Refunded ${money(part.refundedCents)}` : null;
  switch (part.participation) {
    case "playing":
      // A paid spot with nothing charged yet is one whose payment is still running.
      return `${role} · ${paid ?? (part.priceCents > 0 ? "Payment processing" : "Free")}`;
    case "waitlisted": {
      const place = part.waitlistPosition ? ` #${part.waitlistPosition}` : "";
      return `${role} Waitlist${place} · ${part.priceCents > 0 ? "Nothing charged yet" : "Free"}`;
    }
    case "refunded":
      return [role, paid, refunded].filter(Boolean).join(" · ");
    case "closed_by_cancel":
      return [role, "Cancelled", paid, refunded].filter(Boolean).join(" · ");
  }
}
