import { describe, expect, it } from "vitest";
import type { YourPart } from "#shared/events.ts";
import { describeYourPart } from "./your-event-part.ts";

const part = (overrides: Partial<YourPart>): YourPart => ({
  role: "player",
  participation: "playing",
  priceCents: 1000,
  paidCents: 0,
  refundedCents: null,
  waitlistPosition: null,
  ...overrides,
});

describe("a registration beside its game in Your Events", () => {
  it("gives the role and what was paid", () => {
    expect(describeYourPart(part({ paidCents: 1000 }), "cad")).toBe("Player · Paid $10.00");
    expect(describeYourPart(part({ role: "goalkeeper", priceCents: 0 }), "cad")).toBe("Goalkeeper · Free");
    expect(describeYourPart(part({}), "cad")).toBe("Player · Payment processing");
    expect(describeYourPart(part({ paidCents: 1000 }), "eur")).toBe("Player · Paid €10.00");
  });

  it("gives the waitlist place, and that nothing is charged yet", () => {
    expect(describeYourPart(part({ participation: "waitlisted", waitlistPosition: 2 }), "cad")).toBe("Player Waitlist #2 · Nothing charged yet");
    expect(describeYourPart(part({ participation: "waitlisted", role: "goalkeeper", priceCents: 0, waitlistPosition: 1 }), "cad")).toBe("Goalkeeper Waitlist #1 · Free");
  });

  it("gives what was paid and refunded, and says Cancelled for a game called off", () => {
    expect(describeYourPart(part({ participation: "refunded", paidCents: 1000, refundedCents: 941 }), "cad")).toBe("Player · Paid $10.00 · Refunded $9.41");
    expect(describeYourPart(part({ participation: "closed_by_cancel", paidCents: 1000, refundedCents: 1000 }), "cad")).toBe(
      "Player · Cancelled · Paid $10.00 · Refunded $10.00",
    );
    expect(describeYourPart(part({ participation: "closed_by_cancel" }), "cad")).toBe("Player · Cancelled");
  });
});
