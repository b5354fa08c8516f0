import { describe, expect, it } from "vitest";
import type { YourPart } from "../../../shared/events.ts";
import { describeYourPart } from "./your-event-part.ts";

const paidGame = { costCents: 1000, goalkeeperCostCents: 0 };
const part = (overrides: Partial<YourPart>): YourPart => ({ role: "player", participation: "playing", paidCents: 0, refundedCents: null, waitlistPosition: null, ...overrides });

describe("a registration beside its game in Your Events", () => {
  it("gives the role and what was paid", () => {
    expect(describeYourPart(part({ paidCents: 1000 }), paidGame, "cad")).toBe("Player · Paid $10.00");
    expect(describeYourPart(part({ role: "goalkeeper" }), paidGame, "cad")).toBe("Goalkeeper · Free");
    expect(describeYourPart(part({}), paidGame, "cad")).toBe("Player · Payment processing");
    expect(describeYourPart(part({ paidCents: 1000 }), paidGame, "eur")).toBe("Player · Paid €10.00");
  });

  it("gives the waitlist place, and that nothing is charged yet", () => {
    expect(describeYourPart(part({ participation: "waitlisted", waitlistPosition: 2 }), paidGame, "cad")).toBe("Player Waitlist #2 · Nothing charged yet");
    expect(describeYourPart(part({ participation: "waitlisted", role: "goalkeeper", waitlistPosition: 1 }), paidGame, "cad")).toBe("Goalkeeper Waitlist #1 · Free");
  });

  it("gives what was paid and refunded, and says Cancelled for a game called off", () => {
    expect(describeYourPart(part({ participation: "refunded", paidCents: 1000, refundedCents: 941 }), paidGame, "cad")).toBe("Player · Paid $10.00 · Refunded $9.41");
    expect(describeYourPart(part({ participation: "closed_by_cancel", paidCents: 1000, refundedCents: 1000 }), paidGame, "cad")).toBe(
      "Player · Cancelled · Paid $10.00 · Refunded $10.00",
    );
    expect(describeYourPart(part({ participation: "closed_by_cancel" }), paidGame, "cad")).toBe("Player · Cancelled");
  });
});
