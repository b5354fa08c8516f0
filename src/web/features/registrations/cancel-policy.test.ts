import { describe, expect, it } from "vitest";
import { DEFAULT_FEE } from "#shared/money.ts";
import { formatCancelDeadline, paymentPolicy, spotDeadlineLine, waitlistDeadlineLine, waitlistPolicy } from "./cancel-policy.ts";
import { at, HOUR, NOW } from "#test/web-fixtures.ts";

// A game on Sunday, May 3, 2026 at 12:00 UTC: its deadline is Saturday at 12:00 UTC.
const game = { startsAt: at(48 * HOUR), timeZone: "UTC" };
const input = { game, priceCents: 1200, rule: DEFAULT_FEE, currency: "cad", now: NOW, viewerZone: "UTC" };

describe("the cancellation deadline", () => {
  it("is 24 hours before kick-off, written on the game's clock", () => {
    expect(formatCancelDeadline(game, "UTC")).toBe("Sat, May 2, 12:00 PM");
    const toronto = { startsAt: "2026-11-26T00:30:00Z", timeZone: "America/Toronto" };
    expect(formatCancelDeadline(toronto, "America/Toronto")).toBe("Tue, Nov 24, 7:30 PM");
  });

  it("names the game's zone as people say it when the viewer's clock shows another time", () => {
    const toronto = { startsAt: "2026-11-26T00:30:00Z", timeZone: "America/Toronto" };
    expect(formatCancelDeadline(toronto, "Europe/Paris")).toBe("Tue, Nov 24, 7:30 PM Eastern Time");
    expect(formatCancelDeadline(game, "America/Toronto")).toBe("Sat, May 2, 12:00 PM UTC");
  });
});

describe("the policy before paying", () => {
  it("says what is paid now and what a cancel by the deadline gives back, by the server's fee rule", () => {
    // $12.00 − (2.9 % of $12.00 rounded + $0.30) = $12.00 − $0.65 = $11.35.
    expect(paymentPolicy(input)).toBe("$12.00 now; cancel by Sat, May 2, 12:00 PM for $11.35 back.");
    expect(paymentPolicy({ ...input, currency: "eur", priceCents: 1000 })).toBe("€10.00 now; cancel by Sat, May 2, 12:00 PM for €9.41 back.");
    expect(paymentPolicy({ ...input, rule: { feePercent: 0, feeFixedCents: 100 } })).toContain("for $11.00 back.");
  });

  it("says when the fee leaves nothing to refund", () => {
    expect(paymentPolicy({ ...input, priceCents: 30 })).toBe("$0.30 now; you can cancel by Sat, May 2, 12:00 PM, but the processing fee leaves nothing to refund.");
  });

  it("says a spot bought within 24 hours of kick-off cannot be cancelled", () => {
    const soon = { ...input, now: new Date(Date.parse(game.startsAt) - 5 * HOUR) };
    expect(paymentPolicy(soon)).toBe("$12.00 now. The game starts within 24 hours, so this spot cannot be cancelled or refunded.");
  });

  it("tells a paid waitlist until when it can be left, and what a spot charged then gives back", () => {
    expect(waitlistPolicy(input)).toBe("Leave the waitlist by Sat, May 2, 12:00 PM at no cost; a spot you were charged for can be cancelled by then for $11.35 back.");
    expect(waitlistPolicy({ ...input, now: new Date(Date.parse(game.startsAt) - HOUR) })).toMatch(/^The game starts within 24 hours/);
  });
});

describe("the status box's deadline", () => {
  it("repeats the deadline and the refund for a spot held, and says when it has passed", () => {
    expect(spotDeadlineLine(input)).toBe("Cancel by Sat, May 2, 12:00 PM for $11.35 back.");
    expect(spotDeadlineLine({ ...input, priceCents: 0 })).toBe("You can cancel until Sat, May 2, 12:00 PM.");
    expect(spotDeadlineLine({ ...input, now: new Date(Date.parse(game.startsAt) - 3 * HOUR) })).toBe(
      "The time to cancel ended Sat, May 2, 12:00 PM, 24 hours before kick-off.",
    );
    expect(spotDeadlineLine({ ...input, now: new Date(Date.parse(game.startsAt) + HOUR) })).toBeUndefined();
  });

  it("says until when a waitlist place can be left", () => {
    expect(waitlistDeadlineLine(input)).toBe("You can leave the waitlist until Sat, May 2, 12:00 PM.");
    expect(waitlistDeadlineLine({ ...input, now: new Date(Date.parse(game.startsAt) - HOUR) })).toBe(
      "The time to leave the waitlist ended Sat, May 2, 12:00 PM, 24 hours before kick-off.",
    );
  });

  it("allows cancelling at the deadline itself, as the server does", () => {
    const atDeadline = { ...input, now: new Date(Date.parse(game.startsAt) - 24 * HOUR) };
    expect(spotDeadlineLine(atDeadline)).toMatch(/^Cancel by/);
    expect(spotDeadlineLine({ ...atDeadline, now: new Date(atDeadline.now.getTime() + 1) })).toMatch(/^The time to cancel ended/);
  });
});
