import type { YourPart } from "#shared/events.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { t } from "#web/i18n/i18n.ts";

/**
 * One registration of the user, as Your Events says it beside the game: the role, then what was
 * paid and refunded, or the waitlist place. "Cancelled" is the app's own spelling (the section title
 * 'Canceled/Refunded Events' is the original product's).
 */
export function describeYourPart(part: YourPart, currency: string): string {
  const money = (cents: number) => formatCents(cents, currency);
  const role = t(part.role === "player" ? "yours.part.player" : "yours.part.goalkeeper");
  const paid = part.paidCents > 0 ? t("yours.part.paid", { amount: money(part.paidCents) }) : null;
  const refunded = part.refundedCents ? t("yours.part.refunded", { amount: money(part.refundedCents) }) : null;
  switch (part.participation) {
    case "playing":
      // A paid spot with nothing charged yet is one whose payment is still running.
      return `${role} · ${paid ?? (part.priceCents > 0 ? t("yours.part.processing") : t("shell.price.free"))}`;
    case "waitlisted": {
      const waitlist = part.waitlistPosition ? t("yours.part.waitlistAt", { role, place: part.waitlistPosition }) : t("yours.part.waitlist", { role });
      return `${waitlist} · ${part.priceCents > 0 ? t("yours.part.nothingCharged") : t("shell.price.free")}`;
    }
    case "refunded":
      return [role, paid, refunded].filter(Boolean).join(" · ");
    case "closed_by_cancel":
      return [role, t("yours.part.cancelled"), paid, refunded].filter(Boolean).join(" · ");
  }
}
