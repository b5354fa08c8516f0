import { describe, expect, it } from "vitest";
import { ApiError } from "#web/lib/api.ts";
import { gamesNeedingCard, removedNotice } from "./remove-card.ts";

const game = { eventId: "e1", title: "Friday Football", startsAt: "2030-05-17T18:00:00.000Z", timeZone: "Europe/London", role: "player" as const, canLeave: true };
const visa = { brand: "visa", last4: "4242" };
const mastercard = { brand: "mastercard", last4: "4444" };

describe("gamesNeedingCard", () => {
  it("reads the games from the server's card_in_use answer", () => {
    const error = new ApiError("Waitlist places will be charged to this card.", 409, "card_in_use", undefined, { code: "card_in_use", games: [game] });
    expect(gamesNeedingCard(error)).toEqual([game]);
  });

  it("is null for any other failure, or an answer without games", () => {
    expect(gamesNeedingCard(new ApiError("A payment with this card is in progress. Try again in a moment.", 409, "conflict"))).toBeNull();
    expect(gamesNeedingCard(new ApiError("x", 409, "card_in_use", undefined, { games: "none" }))).toBeNull();
    expect(gamesNeedingCard(new Error("boom"))).toBeNull();
  });
});

describe("removedNotice", () => {
  it("says what became of the card and of the waitlist places", () => {
    expect(removedNotice(visa, { kind: "removed" })).toBe("Visa ending in 4242 was removed.");
    expect(removedNotice(visa, { kind: "moved", to: mastercard, count: 1 })).toBe("Visa ending in 4242 was removed. Your waitlist place is now charged to Mastercard ending in 4444.");
    expect(removedNotice(visa, { kind: "moved", to: mastercard, count: 2 })).toBe("Visa ending in 4242 was removed. Your waitlist places are now charged to Mastercard ending in 4444.");
    expect(removedNotice(visa, { kind: "left", count: 1 })).toBe("Visa ending in 4242 was removed, and you left that waitlist.");
    expect(removedNotice(visa, { kind: "left", count: 3 })).toBe("Visa ending in 4242 was removed, and you left those waitlists.");
  });
});
