import { describe, expect, it } from "vitest";
import { heldChargeCents, type LedgerEntry, partyMemberMoney, type PartyGuest, refundClassOf, summarizeLedger } from "./ledger.ts";
import { DEFAULT_FEE } from "./money.ts";

const at = new Date("2026-11-28T12:00:00Z");
const row = (overrides: Partial<LedgerEntry>): LedgerEntry => ({
  id: `p-${Math.random()}`,
  registrationId: "r1",
  kind: "charge",
  status: "succeeded",
  amountCents: 3000,
  reason: null,
  guestId: null,
  offSession: false,
  updatedAt: at,
  ...overrides,
});
const guest = (id: string, overrides: Partial<PartyGuest> = {}): PartyGuest => ({ id, shareCents: 1000, status: "active", refundedCents: null, ...overrides });

describe("summarizeLedger", () => {
  it("adds charges, the fee per charge, and refunds by where they stand", () => {
    const summary = summarizeLedger(
      [
        row({}),
        row({ kind: "charge", status: "failed", amountCents: 1000 }),
        row({ kind: "refund", status: "succeeded", amountCents: 941, reason: "guest_removed", guestId: "g1" }),
        row({ kind: "refund", status: "pending", amountCents: 1912, reason: "player_cancel" }),
        row({ kind: "refund", status: "failed", amountCents: 500, reason: "admin_cancel" }),
      ],
      DEFAULT_FEE,
    );
    // 2.9% of $30.00 is 87¢, + 30¢.
    expect(summary).toEqual({ chargedCents: 3000, feeCents: 117, refundedCents: 941, refundPendingCents: 1912, refundFailedCents: 500, backCents: 2853, netCents: 3000 - 117 - 2853 });
  });
});

describe("partyMemberMoney", () => {
  it("gives each guest their share, the player the rest and the fee, and splits the release guests first", () => {
    // $30.00 for Pia, Sam and Alex; Sam removed ($9.41 back); then Pia cancels: $20.00 held − 88¢.
    const entries = [
      row({}),
      row({ kind: "refund", amountCents: 941, reason: "guest_removed", guestId: "sam" }),
      row({ kind: "refund", status: "pending", amountCents: 1912, reason: "player_cancel" }),
    ];
    const { player, guests } = partyMemberMoney(entries, [guest("sam", { status: "removed", refundedCents: 941 }), guest("alex")], DEFAULT_FEE);
    expect(guests.get("sam")).toEqual({ paidCents: 1000, feeCents: 0, refundCents: 941, backCents: 941, refundStatus: "succeeded" });
    expect(guests.get("alex")).toEqual({ paidCents: 1000, feeCents: 0, refundCents: 1000, backCents: 1000, refundStatus: "pending" });
    expect(player).toEqual({ paidCents: 1000, feeCents: 117, refundCents: 912, backCents: 912, refundStatus: "pending" });
    // The lines add up to the party's ledger.
    const party = summarizeLedger(entries, DEFAULT_FEE);
    const lines = [player, ...guests.values()];
    expect(lines.reduce((sum, line) => sum + line.paidCents, 0)).toBe(party.chargedCents);
    expect(lines.reduce((sum, line) => sum + line.backCents, 0)).toBe(party.backCents);
  });

  it("counts nothing for a guest removed before the party was charged, and nothing back from a refused refund", () => {
    // Removed while waiting: the promotion charged $10.00 for Pia alone; an admin cancel's refund was refused.
    const entries = [row({ amountCents: 1000 }), row({ kind: "refund", status: "failed", amountCents: 1000, reason: "admin_cancel" })];
    const { player, guests } = partyMemberMoney(entries, [guest("sam", { status: "removed" })], DEFAULT_FEE);
    expect(guests.get("sam")).toEqual({ paidCents: 0, feeCents: 0, refundCents: 0, backCents: 0, refundStatus: null });
    expect(player).toEqual({ paidCents: 1000, feeCents: 59, refundCents: 1000, backCents: 0, refundStatus: "failed" });
  });
});

describe("the rules around a release", () => {
  it("refunds from what the party holds of its charge, and files each reason in the console's class", () => {
    expect(heldChargeCents(3000, 2000)).toBe(2000);
    expect(heldChargeCents(1000, 3000)).toBe(1000);
    expect(refundClassOf("guest_removed")).toBe("playerCancels");
    expect(refundClassOf("account_deleted")).toBe("playerCancels");
    expect(refundClassOf("admin_cancel")).toBe("adminCancels");
    expect(refundClassOf("late_charge")).toBe("other");
  });
});
