import type { RegistrationRole, RegistrationStatus } from "./registrations.ts";

/**
 * What the organiser's console answers (GET /api/admin/...). Money in integer cents, from the ledger
 * (`payment` rows): the same rows `npm run reconcile` compares with the processor.
 */

export interface ConsoleOverview {
  period: { from: string; to: string; timeZone: string };
  currency: string;
  /** Games whose kick-off falls in the period. */
  games: { held: number; cancelled: number; upcoming: number };
  /** Spots held in games already played (held ÷ capacity), players and goalkeepers apart. */
  fill: { players: { held: number; capacity: number }; goalkeepers: { held: number; capacity: number } };
  distinctPlayers: number;
  /** Ledger rows written in the period. */
  money: {
    grossCents: number;
    charges: number;
    feesCents: number;
    refunds: { playerCancelsCents: number; adminCancelsCents: number; otherCents: number; pendingCents: number; failedCents: number };
    /** Gross − fees − refunds (succeeded and pending). */
    netCents: number;
  };
  waitlist: { joins: number; promotions: number; automaticCharges: number; failedAutomaticCharges: number };
  /** Players who left in the last day they could (24–48 hours before kick-off). */
  lateCancels: number;
  noShows: number;
  daily: { date: string; collectedCents: number; refundedCents: number; registrations: number }[];
  perGame: { id: string; title: string; startsAt: string; status: "active" | "cancelled"; playersHeld: number; maxPlayers: number; goalkeepersHeld: number; maxGoalkeepers: number }[];
}

export interface RosterEntry {
  /** The party's registration; a guest's line carries its player's. */
  registrationId: string;
  /** The person's own name: the player's, or the guest's ("Sam"). */
  name: string;
  /** A +1 guest's line (docs/guests.md): whose guest, and whether they were taken out of the party. */
  guest?: { id: string; of: string; removed: boolean };
  /** The spots the party holds or waits for (1 + its guests still in it), on every line of the party. */
  partySize: number;
  role: RegistrationRole;
  status: RegistrationStatus;
  joinedAt: string;
  promoted: boolean;
  /** This person's part of the ledger (src/shared/ledger.ts, partyMemberMoney): the lines of a game add up to its ledger. */
  paidCents: number;
  feeCents: number;
  /** Their part of the refunds written; what actually goes back excludes a refused one (refundStatus failed). */
  refundCents: number;
  refundStatus: "succeeded" | "pending" | "failed" | null;
  card: string | null;
  checkedIn: boolean;
  noShow: boolean;
  /** This person's no-shows in the last 90 days, all games. */
  noShows90Days: number;
}

export interface GameRoster {
  event: { id: string; title: string; startsAt: string; timeZone: string; status: "active" | "cancelled"; maxPlayers: number; maxGoalkeepers: number };
  currency: string;
  /** One line per person who held a spot: each player, then each of their guests. */
  roster: RosterEntry[];
  /** Spots held now (players and guests, being paid for included), as the game's page and capacity count them. */
  held: { players: number; goalkeepers: number };
  /** One line per person waiting, a party's guests right after its player; `place` is the party's. */
  waitlists: { player: (RosterEntry & { place: number })[]; goalkeeper: (RosterEntry & { place: number })[] };
  totals: { paidCents: number; feeCents: number; refundCents: number; netCents: number };
}

export interface AttentionItem {
  kind: "failed_refund" | "dispute" | "payment_pending" | "refund_pending" | "promotion_failed";
  eventId: string | null;
  eventTitle: string | null;
  name: string;
  amountCents: number;
  since: string;
  /** The processor's or the app's reason, when there is one. */
  detail: string | null;
  /** What the organiser can do about it, in words. */
  action: string;
  /** A refund an admin can retry: POST /api/events/{eventId}/refunds/{paymentId}/retry. */
  paymentId: string | null;
}
