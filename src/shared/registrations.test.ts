import { describe, expect, it } from "vitest";
import { cardSchema } from "./registration-schemas.ts";
import {
  cancellationDeadline,
  CARD_DETAILS_MISSING,
  EXPIRED_CARD,
  INVALID_CARD_NUMBER,
  INVALID_CVC,
  INVALID_EXPIRY,
  isCancellable,
  isLuhnValid,
  joinNotice,
  NEXT_STATUSES,
  statusesBefore,
  parseExpiry,
  priceFor,
} from "./registrations.ts";
import { english } from "#test/shared-english.ts";

describe("the 24-hour cancel window", () => {
  const start = new Date("2026-12-06T10:00:00Z");
  it("allows cancelling at exactly 24 hours before, not a millisecond later", () => {
    expect(isCancellable(start, new Date("2026-12-05T10:00:00Z"))).toBe(true);
    expect(isCancellable(start, new Date("2026-12-05T10:00:00.001Z"))).toBe(false);
    expect(isCancellable(start.toISOString(), new Date("2026-11-30T00:00:00Z"))).toBe(true);
    expect(isCancellable(start, new Date("2026-12-06T11:00:00Z"))).toBe(false);
  });

  it("ends at the deadline the screens show, 24 hours before the start", () => {
    const deadline = cancellationDeadline(start);
    expect(deadline.toISOString()).toBe("2026-12-05T10:00:00.000Z");
    expect(isCancellable(start, deadline)).toBe(true);
    expect(isCancellable(start, new Date(deadline.getTime() + 1))).toBe(false);
  });
});

// The original product's texts, word for word (docs/product-rules.md, "Where the texts come from").
describe("join notices", () => {
  it("names the list or waitlist joined", () => {
    expect(english(joinNotice("player", "confirmed"))).toBe("You have been successfully added to the Player List!");
    expect(english(joinNotice("goalkeeper", "confirmed"))).toBe("You have been successfully added to the Goalkeeper List!");
    expect(english(joinNotice("player", "waitlisted"))).toBe("You have been successfully added to the Player Waitlist!");
    expect(english(joinNotice("goalkeeper", "waitlisted"))).toBe("You have been successfully added to the Goalkeeper Waitlist!");
  });
});

describe("prices", () => {
  it("charges the role's price", () => {
    expect(priceFor({ costCents: 1000, goalkeeperCostCents: 0 }, "player")).toBe(1000);
    expect(priceFor({ costCents: 1000, goalkeeperCostCents: 0 }, "goalkeeper")).toBe(0);
  });
});

describe("the card form", () => {
  const now = () => new Date("2026-11-21T12:00:00Z");
  const check = (card: { number: string; expiry: string; cvc: string }) => {
    const parsed = cardSchema(now).safeParse(card);
    return parsed.success ? null : parsed.error.issues.map((issue) => english(issue.message));
  };
  it("accepts Stripe's test numbers with spaces, MM/YY and MM/YYYY", () => {
    expect(check({ number: "4242 4242 4242 4242", expiry: "11/26", cvc: "123" })).toBeNull();
    expect(check({ number: "4000-0027-6000-3184", expiry: "01/2030", cvc: "1234" })).toBeNull();
  });
  it("says the details are missing when a field is blank", () => {
    expect(check({ number: " ", expiry: "12/30", cvc: "123" })).toEqual([english(CARD_DETAILS_MISSING)]);
  });
  it("names each bad field", () => {
    expect(check({ number: "4242 4242 4242 4241", expiry: "13/30", cvc: "12" })).toEqual([INVALID_CARD_NUMBER, INVALID_EXPIRY, INVALID_CVC].map(english));
    expect(check({ number: "4242424242424242", expiry: "10/26", cvc: "123" })).toEqual([english(EXPIRED_CARD)]);
  });
  it("checks the Luhn digit and parses expiry dates", () => {
    expect(isLuhnValid("4000000000000002")).toBe(true);
    expect(isLuhnValid("4000000000000003")).toBe(false);
    expect(isLuhnValid("42")).toBe(false);
    expect(parseExpiry("4/29")).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry("00/29")).toBeNull();
    expect(parseExpiry("1229")).toBeNull();
  });
});

// The moves of docs/registrations-and-payments.md, "Registration states".
describe("registration states", () => {
  it("ends in payment_failed and refunded, which move nowhere", () => {
    expect(NEXT_STATUSES.payment_failed).toEqual([]);
    expect(NEXT_STATUSES.refunded).toEqual([]);
  });
  it("confirms only a held payment or a waitlister, and never a closed registration", () => {
    expect(statusesBefore("confirmed").sort()).toEqual(["pending_payment", "promoting", "waitlisted"]);
  });
  it("refunds a confirmed spot, or one released while its charge ran; nothing is refunded twice", () => {
    expect(statusesBefore("refunded").sort()).toEqual(["cancelled", "confirmed"]);
  });
  it("holds a spot for an off-session charge only for a waitlister", () => {
    expect(statusesBefore("promoting")).toEqual(["waitlisted"]);
    expect(statusesBefore("pending_payment")).toEqual([]);
    expect(statusesBefore("waitlisted")).toEqual([]);
  });
});
