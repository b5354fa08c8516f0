import { describe, expect, it } from "vitest";
import { at, HOUR, makeEvent, mine, NOW } from "#test/web-fixtures.ts";
import { PAYMENT_PROCESSING, viewerStatus } from "./viewer-status.ts";

const statusOf = (registrations: Parameters<typeof mine>[0][], eventOverrides = {}, now = NOW, currency = "cad") =>
  viewerStatus({ event: makeEvent(eventOverrides), mine: registrations.map((overrides) => mine({ id: "r", ...overrides })), now, currency }).map(({ headline, detail }) => ({
    headline,
    detail,
  }));

describe("viewerStatus", () => {
  it("says nothing to someone not registered", () => {
    expect(statusOf([])).toEqual([]);
  });

  it("says who plays, in which role, and what they paid", () => {
    expect(statusOf([{ role: "player", amountCents: 1000 }])).toEqual([{ headline: "You're playing", detail: "You paid $10.00." }]);
    expect(statusOf([{ role: "goalkeeper", amountCents: 500 }])).toEqual([{ headline: "You're in goal", detail: "You paid $5.00." }]);
    expect(statusOf([{ role: "player", amountCents: 1000 }], {}, NOW, "eur")).toEqual([{ headline: "You're playing", detail: "You paid €10.00." }]);
    expect(statusOf([{ role: "player", amountCents: 0 }])).toEqual([{ headline: "You're playing", detail: undefined }]);
  });

  it("speaks of a game that is over in the past tense", () => {
    const over = { startsAt: at(-3 * HOUR), endsAt: at(-HOUR) };
    expect(statusOf([{ role: "player" }], over)[0]!.headline).toBe("You played");
    expect(statusOf([{ role: "goalkeeper" }], over)[0]!.headline).toBe("You were in goal");
  });

  it("gives the waitlist place, and what happens to the money if a spot frees up", () => {
    expect(statusOf([{ status: "waitlisted", waitlistPosition: 3, amountCents: 1000 }])).toEqual([
      { headline: "You're #3 on the Player Waitlist", detail: "If a spot frees up, your saved card will be charged $10.00 automatically." },
    ]);
    expect(statusOf([{ status: "waitlisted", role: "goalkeeper", waitlistPosition: 1, amountCents: 0 }])).toEqual([
      { headline: "You're #1 on the Goalkeeper Waitlist", detail: "If a spot frees up, it is yours automatically." },
    ]);
    expect(statusOf([{ status: "waitlisted", waitlistPosition: null }])[0]!.headline).toBe("You're on the Player Waitlist");
  });

  it("promises no charge once the game has started, since no one is promoted then", () => {
    const started = { startsAt: at(-HOUR), endsAt: at(HOUR) };
    expect(statusOf([{ status: "waitlisted", waitlistPosition: 2, amountCents: 1000 }], started)[0]!.detail).toBe("The game has started: nothing was charged.");
    expect(statusOf([{ status: "waitlisted", waitlistPosition: 2, amountCents: 0 }], started)[0]!.detail).toBeUndefined();
  });

  it("says a payment is being processed while it runs", () => {
    expect(statusOf([{ status: "pending_payment", amountCents: 1000 }])).toEqual([
      { headline: PAYMENT_PROCESSING, detail: "Your player spot is held while your payment of $10.00 completes." },
    ]);
    expect(statusOf([{ status: "promoting", role: "goalkeeper", amountCents: 500 }])).toEqual([
      { headline: PAYMENT_PROCESSING, detail: "A spot freed up: your saved card is being charged $5.00." },
    ]);
  });

  it("says what was refunded", () => {
    expect(statusOf([{ status: "refunded", refundedCents: 941 }])).toEqual([{ headline: "You were refunded $9.41.", detail: undefined }]);
    expect(statusOf([{ status: "refunded", refundedCents: 941 }], {}, NOW, "gbp")).toEqual([{ headline: "You were refunded £9.41.", detail: undefined }]);
    expect(statusOf([{ status: "refunded", refundedCents: null }])[0]!.headline).toBe("You were refunded.");
  });

  it("says what was charged and what went back, not the party's price now, once a guest was removed", () => {
    // $24.00 charged for Pia and a guest; the guest removed, $11.35 back; the party's price now $12.00.
    const [line] = statusOf([{ status: "confirmed", amountCents: 1200, paidCents: 2400, backCents: 1135 }]);
    expect(line!.detail).toBe("You paid $24.00. $11.35 went back to your card.");
    // A party that then cancels was refunded everything that went back, the guest's share included.
    expect(statusOf([{ status: "refunded", amountCents: 1200, paidCents: 2400, refundedCents: 1141, backCents: 2276 }])[0]!.headline).toBe("You were refunded $22.76.");
  });

  it("lists a spot before a waitlist place, and a refund from before last", () => {
    const lines = statusOf([
      { status: "refunded", refundedCents: 941 },
      { status: "waitlisted", role: "player", waitlistPosition: 2 },
      { status: "confirmed", role: "goalkeeper", amountCents: 500 },
    ]);
    expect(lines.map((line) => line.headline)).toEqual(["You're in goal", "You're #2 on the Player Waitlist", "You were refunded $9.41."]);
  });
});

describe("viewerStatus's deadline", () => {
  const deadlineOf = (registration: Parameters<typeof mine>[0], eventOverrides = {}, now = NOW) =>
    viewerStatus({ event: makeEvent(eventOverrides), mine: [mine(registration)], now, currency: "cad", viewerZone: "UTC" })[0]!.deadline;

  it("repeats until when a spot or a waitlist place can be cancelled, and for what refund", () => {
    expect(deadlineOf({ amountCents: 1000 })).toBe("Cancel by Sat, May 2, 12:00 PM for $9.41 back.");
    expect(deadlineOf({ status: "waitlisted", waitlistPosition: 1 })).toBe("You can leave the waitlist until Sat, May 2, 12:00 PM.");
  });

  it("says the window has passed inside the last 24 hours, and nothing once started or cancelled", () => {
    expect(deadlineOf({ amountCents: 1000 }, { startsAt: at(5 * HOUR), endsAt: at(6 * HOUR) })).toMatch(/^The time to cancel ended /);
    expect(deadlineOf({ amountCents: 1000 }, { startsAt: at(-HOUR), endsAt: at(HOUR) })).toBeUndefined();
    expect(deadlineOf({ amountCents: 1000 }, { status: "cancelled" })).toBeUndefined();
  });
});

describe("viewerStatus with guests", () => {
  const guests = [
    { id: "g1", name: "Sam" },
    { id: "g2", name: "Alex" },
  ];

  it("says what the party paid", () => {
    expect(statusOf([{ amountCents: 3000, guests }])).toEqual([{ headline: "You're playing", detail: "You paid $30.00 for you and 2 guests." }]);
  });

  it("says what was paid and what came back once a guest was removed, without the party it no longer is", () => {
    const [line] = statusOf([{ amountCents: 2000, paidCents: 3000, backCents: 941, guests: guests.slice(1) }]);
    expect(line!.detail).toBe("You paid $30.00. $9.41 went back to your card.");
  });

  it("tells a waitlisted party how many spots it waits for, and what it will be charged", () => {
    expect(statusOf([{ status: "waitlisted", waitlistPosition: 1, amountCents: 3000, guests }])[0]!.detail).toBe(
      "If 3 spots free up, your saved card will be charged $30.00 automatically for you and your 2 guests.",
    );
    expect(statusOf([{ status: "waitlisted", waitlistPosition: 1, amountCents: 0, guests: guests.slice(0, 1) }])[0]!.detail).toBe(
      "If 2 spots free up, they go to you and your guest automatically.",
    );
  });
});
