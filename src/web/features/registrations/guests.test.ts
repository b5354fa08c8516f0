import { describe, expect, it } from "vitest";
import { GUEST_FIRST_NAME_REQUIRED, GUEST_NAME_MAX, GUEST_NAME_TOO_LONG } from "#shared/guests.ts";
import { DEFAULT_FEE } from "#shared/money.ts";
import { checkGuests } from "./check-guests.ts";
import { guestOfLabel, guestRemovedNotice, guestRemoval, guestShareCents, heldSpots, partyPriceText, partySize } from "./guests.ts";
import { mine } from "#test/web-fixtures.ts";
import { english } from "#test/shared-english.ts";

const row = (firstName: string, lastName = "", key = firstName) => ({ key, firstName, lastName });
const sam = { id: "guest-1", name: "Sam" };
const alex = { id: "guest-2", name: "Alex Stone" };

describe("checkGuests", () => {
  it("sends the names trimmed, without a blank last name", () => {
    expect(checkGuests([row("  Sam "), row("Alex", " Stone ")])).toEqual({ ok: true, guests: [{ firstName: "Sam" }, { firstName: "Alex", lastName: "Stone" }] });
    expect(checkGuests([])).toEqual({ ok: true, guests: [] });
  });

  it("says each problem under its field, row by row, with the shared schema's messages", () => {
    const long = "x".repeat(GUEST_NAME_MAX + 1);
    expect(checkGuests([row("Sam"), row("  ", "", "blank"), row("Alex", long)])).toEqual({
      ok: false,
      errors: [{}, { firstName: english(GUEST_FIRST_NAME_REQUIRED) }, { lastName: english(GUEST_NAME_TOO_LONG) }],
    });
  });
});

describe("a party's spots", () => {
  it("counts the player and each guest", () => {
    expect(partySize({})).toBe(1);
    expect(partySize({ guests: [sam, alex] })).toBe(3);
  });

  it("counts the spots a list holds, leaving out one person's own party", () => {
    const list = [
      { userId: "pia", name: "Pia Pitch", guests: [sam, alex] },
      { userId: "bo", name: "Bo" },
    ];
    expect(heldSpots(list)).toBe(4);
    expect(heldSpots(list, "pia")).toBe(1);
    expect(heldSpots([])).toBe(0);
  });
});

describe("the words of guests", () => {
  it("names a guest after the player who brought them", () => {
    expect(guestOfLabel(sam, { name: "Pia Pitch" })).toBe("Sam (guest of Pia Pitch)");
  });

  it("gives the party's price, price × (1 + guests), or the spots of a free party; nothing without guests", () => {
    expect(partyPriceText(1000, 2, "cad")).toBe("$30.00 for you and 2 guests");
    expect(partyPriceText(1000, 1, "cad")).toBe("$20.00 for you and 1 guest");
    expect(partyPriceText(0, 2, "cad")).toBe("You and 2 guests take 3 spots.");
    expect(partyPriceText(1000, 0, "cad")).toBeNull();
  });

  it("says what came back once the server removed a guest", () => {
    expect(guestRemovedNotice("Sam", 941, "cad")).toBe("Sam was removed. $9.41 goes back to your card.");
    expect(guestRemovedNotice("Sam", 0, "cad")).toBe("Sam was removed.");
  });
});

describe("removing a guest", () => {
  it("takes one head's share of the party's amount", () => {
    expect(guestShareCents({ amountCents: 3000, guests: [sam, alex] })).toBe(1000);
    expect(guestShareCents({ amountCents: 1000 })).toBe(1000);
  });

  it("gives back the guest's share minus the processing fee for a paid spot, by the server's rule", () => {
    expect(guestRemoval(mine({ amountCents: 3000, guests: [sam, alex] }), sam, DEFAULT_FEE, "cad")).toEqual({
      refundCents: 941,
      lines: ["Sam's spot will be released.", "$10.00 paid for this guest, $0.59 processing fee, $9.41 back to your card"],
    });
    expect(guestRemoval(mine({ amountCents: 2000, guests: [sam] }), sam, { feePercent: 5, feeFixedCents: 0 }, "cad").refundCents).toBe(950);
  });

  it("moves no money for a free game or a waitlisted party", () => {
    expect(guestRemoval(mine({ amountCents: 0, guests: [sam] }), sam, DEFAULT_FEE, "cad")).toEqual({
      refundCents: 0,
      lines: ["Sam's spot will be released.", "Nothing was charged for this spot, so no money moves."],
    });
    expect(guestRemoval(mine({ status: "waitlisted", amountCents: 3000, guests: [sam, alex] }), alex, DEFAULT_FEE, "cad")).toEqual({
      refundCents: 0,
      lines: ["Alex Stone leaves the waitlist; you keep your place. Nothing was charged, so no money moves."],
    });
  });
});
