/**
 * What the ledger says about money, as every screen, file and mail tells it (docs/money.md). The
 * rows are read by one module on the server (src/server/money/read-money.ts); everything here is
 * pure, so the roster, the CSVs, the overview, Your Events, the game's page and the mails all add
 * the same rows the same way.
 */
import { type FeeRule, processingFeeCents } from "./money.ts";

/**
 * Why a refund row was written, fixed when it is written (the row's `reason`), never derived later
 * from the registration, whose state moves on:
 * - `player_cancel`: the player gave up their spot (their party's release, price − one fee);
 * - `guest_removed`: the player took one guest out of a paid party (the guest's share − the fee);
 * - `admin_cancel`: the game was cancelled (everything back);
 * - `late_charge`: a charge landed after its spot had been released (everything back);
 * - `account_deleted`: the account was deleted while holding a spot (as a cancel would).
 */
export const REFUND_REASONS = ["player_cancel", "guest_removed", "admin_cancel", "late_charge", "account_deleted"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export type LedgerStatus = "pending" | "succeeded" | "failed";

/** One ledger row as the money read returns it. */
export interface LedgerEntry {
  id: string;
  registrationId: string;
  kind: "charge" | "refund";
  status: LedgerStatus;
  amountCents: number;
  /** Refunds only. */
  reason: RefundReason | null;
  /** A removed guest's refund: the guest it was for. */
  guestId: string | null;
  offSession: boolean;
  /** When the row last changed: a succeeded charge's moment of payment. */
  updatedAt: Date;
}

/**
 * The console's refund classes (docs/product-rules.md, "Organiser's console"). A removed guest is
 * the player's own choice, so it counts with the player cancels; an account deleted likewise.
 */
export type RefundClass = "playerCancels" | "adminCancels" | "other";
export function refundClassOf(reason: RefundReason): RefundClass {
  switch (reason) {
    case "player_cancel":
    case "guest_removed":
    case "account_deleted":
      return "playerCancels";
    case "admin_cancel":
      return "adminCancels";
    case "late_charge":
      return "other";
  }
}

/**
 * Ledger rows written on one day with the same kind, status, session, reason and amount, counted:
 * what the console's days store (docs/console-rollups.md). The fee is computed per amount, as for
 * single rows.
 */
export interface LedgerGroup {
  kind: "charge" | "refund";
  status: string;
  offSession: boolean;
  /** Why the money went back, for refunds only (the row's own reason). */
  reason: RefundReason | null;
  amountCents: number;
  rows: number;
}

/** The money of some ledger rows (a registration's, a party member's, a game's, a person's in a game). */
export interface MoneySummary {
  /** Charges that succeeded: what was taken from cards. */
  chargedCents: number;
  /** The processor's fee, kept on every succeeded charge, refunded or not. */
  feeCents: number;
  /** Refunds the processor made. */
  refundedCents: number;
  /** Refunds written and not settled yet: they are going back. */
  refundPendingCents: number;
  /** Refunds the processor refused (admins retry them): not money back. */
  refundFailedCents: number;
  /** What went or is going back (refunded + pending): what a person is told was refunded. */
  backCents: number;
  /** What stays: charged − fee − back. */
  netCents: number;
}

export const NO_MONEY: MoneySummary = {
  chargedCents: 0,
  feeCents: 0,
  refundedCents: 0,
  refundPendingCents: 0,
  refundFailedCents: 0,
  backCents: 0,
  netCents: 0,
};

/** For sums that leave the fee out (what a person paid and got back): the fee is the organiser's figure. */
export const NO_FEE: FeeRule = { feePercent: 0, feeFixedCents: 0 };

/** Adds ledger rows up; the fee is computed per charge, as the processor keeps it. */
export function summarizeLedger(entries: readonly Pick<LedgerEntry, "kind" | "status" | "amountCents">[], feeRule: FeeRule): MoneySummary {
  let chargedCents = 0;
  let feeCents = 0;
  let refundedCents = 0;
  let refundPendingCents = 0;
  let refundFailedCents = 0;
  for (const entry of entries) {
    if (entry.kind === "charge") {
      if (entry.status !== "succeeded") continue;
      chargedCents += entry.amountCents;
      feeCents += processingFeeCents(entry.amountCents, feeRule);
    } else if (entry.status === "succeeded") refundedCents += entry.amountCents;
    else if (entry.status === "pending") refundPendingCents += entry.amountCents;
    else refundFailedCents += entry.amountCents;
  }
  const backCents = refundedCents + refundPendingCents;
  return { chargedCents, feeCents, refundedCents, refundPendingCents, refundFailedCents, backCents, netCents: chargedCents - feeCents - backCents };
}

export function addSummaries(summaries: readonly MoneySummary[]): MoneySummary {
  const total = { ...NO_MONEY };
  for (const summary of summaries) for (const key of Object.keys(total) as (keyof MoneySummary)[]) total[key] += summary[key];
  return total;
}

/**
 * What a party still holds of its charge, and what a release refunds from: the charge less the
 * shares of guests removed since, i.e. the party's price now (docs/guests.md). A guest's share is
 * never refunded twice.
 */
export function heldChargeCents(chargedCents: number, partyAmountCents: number): number {
  return Math.min(chargedCents, partyAmountCents);
}

/** A guest of a party, as the allocation needs it. */
export interface PartyGuest {
  id: string;
  shareCents: number;
  status: "active" | "removed";
  /** Set when removed from a paid spot: the guest's share was in the charge. */
  refundedCents: number | null;
}

/** One member's part of a party's money: the player's or one guest's. */
export interface MemberMoney {
  /** Their part of the succeeded charge. */
  paidCents: number;
  /** The fee: the player's alone (a charge pays one fee, whoever it covers). */
  feeCents: number;
  /** Their part of the refund rows written for them, whatever became of them. */
  refundCents: number;
  /** Of that, what went or is going back (a refused refund is not money back). */
  backCents: number;
  /** Of the refund row their money back comes from; null when none. */
  refundStatus: LedgerStatus | null;
}

/**
 * Splits a party's money into one line per person, so that the lines add up to the party's ledger
 * (docs/money.md, "One line per person"):
 * - a guest paid their share when the charge succeeded with them in the party (still in it, or
 *   removed from the paid spot); the player paid the rest, and the fee;
 * - a removed guest's refund is their own refund row;
 * - the release's refund (the party's cancel, an admin cancel, a late charge) goes first to the
 *   guests still in the party, each up to their share, and the rest to the player: the fee kept on a
 *   player's cancel is the player's.
 */
export function partyMemberMoney(entries: readonly LedgerEntry[], guests: readonly PartyGuest[], feeRule: FeeRule): { player: MemberMoney; guests: Map<string, MemberMoney> } {
  const party = summarizeLedger(entries, feeRule);
  const charged = party.chargedCents > 0;
  const refundOf = (row: LedgerEntry | undefined, cents: number) => ({
    refundCents: cents,
    backCents: row && row.status !== "failed" ? cents : 0,
    refundStatus: row && cents > 0 ? row.status : null,
  });
  const release = entries.find((entry) => entry.kind === "refund" && entry.guestId === null);
  let releaseLeft = release?.amountCents ?? 0;
  const members = new Map<string, MemberMoney>();
  let guestsPaid = 0;
  for (const guest of guests) {
    const paidCents = charged && (guest.status === "active" || guest.refundedCents !== null) ? guest.shareCents : 0;
    guestsPaid += paidCents;
    if (guest.status === "removed") {
      const own = entries.find((entry) => entry.kind === "refund" && entry.guestId === guest.id);
      members.set(guest.id, { paidCents, feeCents: 0, ...refundOf(own, own?.amountCents ?? 0) });
      continue;
    }
    const share = Math.min(paidCents, releaseLeft);
    releaseLeft -= share;
    members.set(guest.id, { paidCents, feeCents: 0, ...refundOf(release, share) });
  }
  const player: MemberMoney = { paidCents: party.chargedCents - guestsPaid, feeCents: party.feeCents, ...refundOf(release, releaseLeft) };
  return { player, guests: members };
}
