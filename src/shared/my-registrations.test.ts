import { describe, expect, it } from "vitest";
import { myStateBadge, type MyActiveRegistration } from "./my-registrations.ts";

const registration = (overrides: Partial<MyActiveRegistration>): MyActiveRegistration => ({
  eventId: "event-1",
  role: "player",
  status: "confirmed",
  waitlistPosition: null,
  ...overrides,
});

describe("myStateBadge: the viewer's own place on a home card", () => {
  it("says nothing for a game the viewer is not in", () => {
    expect(myStateBadge([])).toBeNull();
  });

  it("says You're playing for a player's spot and You're in goal for a goalkeeper's", () => {
    expect(myStateBadge([registration({})])).toBe("You're playing");
    expect(myStateBadge([registration({ role: "goalkeeper" })])).toBe("You're in goal");
  });

  it("says a spot's payment is still running", () => {
    expect(myStateBadge([registration({ status: "pending_payment" })])).toBe("Payment processing");
    expect(myStateBadge([registration({ status: "promoting" })])).toBe("Payment processing");
  });

  it("gives the waitlist place, the better one when waiting on both lists", () => {
    expect(myStateBadge([registration({ status: "waitlisted", waitlistPosition: 2 })])).toBe("Waitlisted #2");
    expect(
      myStateBadge([registration({ status: "waitlisted", waitlistPosition: 4 }), registration({ role: "goalkeeper", status: "waitlisted", waitlistPosition: 1 })]),
    ).toBe("Waitlisted #1");
  });

  it("puts a spot before a place on the other role's waitlist", () => {
    expect(myStateBadge([registration({ role: "goalkeeper", status: "waitlisted", waitlistPosition: 1 }), registration({})])).toBe("You're playing");
  });
});
