import { describe, expect, it } from "vitest";
import { DEFAULT_FEE } from "#shared/money.ts";
import { cancelSummary } from "./cancel-summary.ts";
import { mine } from "#test/web-fixtures.ts";

describe("cancelSummary", () => {
  it("shows the refund of a paid spot as paid, fee and refunded, by the fee rule", () => {
    expect(cancelSummary([mine({ amountCents: 1000 })], DEFAULT_FEE, "cad")).toEqual({
      lines: ["Your player spot will be released.", "$10.00 paid, $0.59 processing fee, $9.41 refunded"],
      refundCents: 941,
    });
    expect(cancelSummary([mine({ role: "goalkeeper", amountCents: 1250 })], DEFAULT_FEE, "cad").lines[1]).toBe("$12.50 paid, $0.66 processing fee, $11.84 refunded");
  });

  it("writes the figures in the configured currency", () => {
    expect(cancelSummary([mine({ amountCents: 1000 })], DEFAULT_FEE, "eur").lines[1]).toBe("€10.00 paid, €0.59 processing fee, €9.41 refunded");
  });

  it("uses the configured fee rule", () => {
    expect(cancelSummary([mine({ amountCents: 1000 })], { feePercent: 5, feeFixedCents: 0 }, "cad")).toMatchObject({
      lines: ["Your player spot will be released.", "$10.00 paid, $0.50 processing fee, $9.50 refunded"],
      refundCents: 950,
    });
  });

  it("keeps the three figures adding up when the fee is more than the price", () => {
    expect(cancelSummary([mine({ amountCents: 25 })], DEFAULT_FEE, "cad")).toEqual({
      lines: ["Your player spot will be released.", "$0.25 paid, $0.25 processing fee, $0.00 refunded"],
      refundCents: 0,
    });
  });

  it("releases a free spot with no money line", () => {
    expect(cancelSummary([mine({ role: "goalkeeper", amountCents: 0 })], DEFAULT_FEE, "cad")).toEqual({ lines: ["Your goalkeeper spot will be released."], refundCents: 0 });
  });

  it("leaves the waitlists with no money moving", () => {
    expect(cancelSummary([mine({ status: "waitlisted", amountCents: 1000 })], DEFAULT_FEE, "cad")).toEqual({
      lines: ["You will leave the Player Waitlist. Nothing was charged, so no money moves."],
      refundCents: 0,
    });
    expect(cancelSummary([mine({ status: "waitlisted" }), mine({ status: "waitlisted", role: "goalkeeper" })], DEFAULT_FEE, "cad").lines).toEqual([
      "You will leave both waitlists. Nothing was charged, so no money moves.",
    ]);
  });

  it("releases a spot and leaves the other role's waitlist in one go", () => {
    expect(cancelSummary([mine({ status: "waitlisted", role: "goalkeeper" }), mine({ amountCents: 1000 })], DEFAULT_FEE, "cad")).toEqual({
      lines: ["Your player spot will be released.", "$10.00 paid, $0.59 processing fee, $9.41 refunded", "You will leave the Goalkeeper Waitlist."],
      refundCents: 941,
    });
  });

  it("ignores a refund from before", () => {
    expect(cancelSummary([mine({ status: "refunded", refundedCents: 941 }), mine({ status: "waitlisted" })], DEFAULT_FEE, "cad").refundCents).toBe(0);
  });
});

describe("cancelSummary with guests", () => {
  const guests = [
    { id: "g1", name: "Sam" },
    { id: "g2", name: "Alex" },
  ];

  it("refunds the party's amount and says the guests lose their spots too", () => {
    expect(cancelSummary([mine({ amountCents: 3000, guests })], DEFAULT_FEE, "cad")).toEqual({
      lines: ["Your player spot will be released.", "$30.00 paid, $1.17 processing fee, $28.83 refunded", "Your 2 guests lose their spots too."],
      refundCents: 2883,
    });
    expect(cancelSummary([mine({ amountCents: 0, guests: guests.slice(0, 1) })], DEFAULT_FEE, "cad").lines).toEqual(["Your player spot will be released.", "Your guest loses their spot too."]);
  });

  it("takes a waitlisted party's guests off the waitlist with the player", () => {
    expect(cancelSummary([mine({ status: "waitlisted", amountCents: 3000, guests })], DEFAULT_FEE, "cad")).toEqual({
      lines: ["You will leave the Player Waitlist. Nothing was charged, so no money moves.", "Your 2 guests leave the waitlist too."],
      refundCents: 0,
    });
  });
});
