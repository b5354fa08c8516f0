import type { Participant } from "#shared/events.ts";
import { partyAmountCents, type GuestInput, type GuestView } from "#shared/guests.ts";
import { refundAfterFeeCents, type FeeRule } from "#shared/money.ts";
import { holdsSpot, type MyRegistration } from "#shared/registrations.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { t } from "#web/i18n/i18n.ts";

/**
 * +1 guests on the event page (src/shared/guests.ts): a player brings up to the game's
 * `maxGuestsPerPlayer` guests, the party holds 1 + guests spots, pays price × (1 + guests) in one
 * charge, and waits and is promoted as one. These are the page's pure rules and words for it.
 */

/** A guest row of the join form, as typed. `key` stays with the row while rows above it are removed. */
export interface GuestDraft {
  key: string;
  firstName: string;
  lastName: string;
}

/** Each row's messages, under its fields; an empty object for a row without problems. */
export type GuestErrors = Array<{ firstName?: string; lastName?: string }>;

export type GuestCheck = { ok: true; guests: GuestInput[] } | { ok: false; errors: GuestErrors };

/** How many spots someone and their guests hold or wait for: themself and each guest. */
export function partySize(participant: Pick<Participant, "guests">): number {
  return 1 + (participant.guests?.length ?? 0);
}

/** The spots a list's parties hold, leaving out one person's own party (the viewer's, being paid for). */
export function heldSpots(list: readonly Participant[], leaveOut?: string): number {
  return list.reduce((sum, participant) => sum + (participant.userId === leaveOut ? 0 : partySize(participant)), 0);
}

/** "Sam (guest of Pia Pitch)", as the lists show a guest right after the player who brought them. */
export function guestOfLabel(guest: Pick<GuestView, "name">, host: Pick<Participant, "name">): string {
  return t("event.guests.guestOf", { guest: guest.name, host: host.name });
}

/**
 * The party's price beside the guest rows: "$30.00 for you and 2 guests" (the amount the payment
 * dialog asks for); for a free game, how many spots the party takes. Nothing without guests.
 */
export function partyPriceText(priceCents: number, guests: number, currency: string): string | null {
  if (guests <= 0) return null;
  if (priceCents <= 0) return t("event.guests.freeParty", { spots: guests + 1, count: guests });
  return t("event.guests.partyTotal", { price: formatCents(partyAmountCents(priceCents, guests), currency), count: guests });
}

/** One head's share of what a party paid: the per-head price its registration was priced at. */
export function guestShareCents(registration: Pick<MyRegistration, "amountCents" | "guests">): number {
  return Math.round(registration.amountCents / (1 + (registration.guests?.length ?? 0)));
}

export interface GuestRemoval {
  /** What goes back to the card for this guest, by the rule the server refunds with (share − fee); 0 when nothing was charged. */
  refundCents: number;
  /** The confirm dialog's sentences, in order. */
  lines: string[];
}

/**
 * What removing one guest does: a paid spot held gives back that guest's share minus the processing
 * fee (refundAfterFeeCents, as the server); a waitlisted party and a free game move no money.
 */
export function guestRemoval(registration: Pick<MyRegistration, "amountCents" | "guests" | "status">, guest: Pick<GuestView, "name">, rule: FeeRule, currency: string): GuestRemoval {
  const name = guest.name;
  if (registration.status === "waitlisted") return { refundCents: 0, lines: [t("event.guests.removeWaitlisted", { name })] };
  const lines = [t("event.guests.removeSpot", { name })];
  const share = guestShareCents(registration);
  if (!holdsSpot(registration.status) || share <= 0) return { refundCents: 0, lines: [...lines, t("event.guests.removeNothingCharged")] };
  const refundCents = refundAfterFeeCents(share, rule);
  const money = (cents: number) => formatCents(cents, currency);
  // The fee as kept, so that the three figures add up (a fee above the share keeps the share).
  lines.push(t("event.guests.removeRefund", { paid: money(share), fee: money(share - refundCents), refund: money(refundCents) }));
  return { refundCents, lines };
}

/** The notice once the server has removed the guest, with the refund it made. */
export function guestRemovedNotice(name: string, refundCents: number, currency: string): string {
  return refundCents > 0 ? t("event.guests.removedRefund", { name, refund: formatCents(refundCents, currency) }) : t("event.guests.removed", { name });
}
