import { describe, expect, it } from "vitest";
import { availabilityText, gameAvailability, viewerAvailability, type AvailabilityFacts } from "./event-availability.ts";
import type { MyActiveRegistration } from "./my-registrations.ts";

const NOW = new Date("2026-05-01T12:00:00Z");
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();

const game = (more: Partial<AvailabilityFacts> = {}): AvailabilityFacts => ({
  status: "active",
  startsAt: at(48),
  endsAt: at(50),
  maxPlayers: 10,
  playersCount: 4,
  playersWaiting: 0,
  registrationOpensAt: null,
  regularsOpenAt: null,
  ...more,
});

describe("gameAvailability: what anyone may do", () => {
  it("goes cancelled, finished, started, not open, regulars only, full, open, in that order", () => {
    expect(gameAvailability(game({ status: "cancelled", endsAt: at(-1) }), NOW)).toEqual({ kind: "cancelled" });
    expect(gameAvailability(game({ startsAt: at(-3), endsAt: at(-1) }), NOW)).toEqual({ kind: "finished" });
    expect(gameAvailability(game({ startsAt: at(-1), endsAt: at(1), playersCount: 10 }), NOW)).toEqual({ kind: "started" });
    expect(gameAvailability(game({ registrationOpensAt: at(24) }), NOW)).toEqual({ kind: "notOpen", opensAt: at(24), regularsOpenAt: null });
    expect(gameAvailability(game({ registrationOpensAt: at(24), regularsOpenAt: at(1) }), NOW)).toEqual({ kind: "notOpen", opensAt: at(24), regularsOpenAt: at(1) });
    expect(gameAvailability(game({ registrationOpensAt: at(24), regularsOpenAt: at(-1) }), NOW)).toEqual({ kind: "regularsOnly", opensAt: at(24) });
    expect(gameAvailability(game({ playersCount: 10, playersWaiting: 3 }), NOW)).toEqual({ kind: "full", waiting: 3 });
    expect(gameAvailability(game({ playersCount: 9, registrationOpensAt: at(-1), regularsOpenAt: at(-25) }), NOW)).toEqual({ kind: "open", left: 1 });
  });

  it("opens at the instant itself and finishes at the end itself", () => {
    expect(gameAvailability(game({ registrationOpensAt: NOW.toISOString() }), NOW).kind).toBe("open");
    expect(gameAvailability(game({ startsAt: at(-2), endsAt: NOW.toISOString() }), NOW).kind).toBe("finished");
    expect(gameAvailability(game({ startsAt: NOW.toISOString() }), NOW).kind).toBe("started");
  });
});

describe("viewerAvailability: what THIS viewer is told and offered", () => {
  const nobody = { signedIn: true, mine: [], regular: false };
  const waiting: MyActiveRegistration = { eventId: "e", role: "player", status: "waitlisted", waitlistPosition: 2 };
  const playing: MyActiveRegistration = { eventId: "e", role: "player", status: "confirmed", waitlistPosition: null };

  it("says the viewer's own place first, with More Info, until the game starts", () => {
    const full = gameAvailability(game({ playersCount: 10, playersWaiting: 2 }), NOW);
    expect(viewerAvailability(full, { ...nobody, mine: [waiting] })).toEqual({ kind: "mine", state: { kind: "waitlisted", place: 2 }, action: "moreInfo" });
    expect(viewerAvailability(full, { ...nobody, mine: [playing] })).toMatchObject({ kind: "mine", state: { kind: "playing" } });
    const over = gameAvailability(game({ startsAt: at(-3), endsAt: at(-1) }), NOW);
    expect(viewerAvailability(over, { ...nobody, mine: [playing] })).toEqual({ kind: "finished", action: "moreInfo" });
  });

  it("offers the waitlist on a full game, Register on an open one, nothing before the opening", () => {
    expect(viewerAvailability(gameAvailability(game({ playersCount: 10, playersWaiting: 3 }), NOW), nobody)).toEqual({ kind: "full", waiting: 3, action: "waitlist" });
    expect(viewerAvailability(gameAvailability(game(), NOW), nobody)).toEqual({ kind: "open", left: 6, action: "register" });
    expect(viewerAvailability(gameAvailability(game({ registrationOpensAt: at(24) }), NOW), nobody).action).toBe("none");
  });

  it("lets a regular join in the window and tells them when theirs starts before it; a newcomer and a signed-out visitor wait", () => {
    const inWindow = gameAvailability(game({ registrationOpensAt: at(24), regularsOpenAt: at(-1) }), NOW);
    expect(viewerAvailability(inWindow, { ...nobody, regular: true })).toEqual({ kind: "regularJoinNow", opensAt: at(24), action: "register" });
    expect(viewerAvailability(inWindow, nobody)).toEqual({ kind: "regularsOnly", opensAt: at(24), action: "none" });
    expect(viewerAvailability(inWindow, { signedIn: false, mine: [], regular: false })).toEqual({ kind: "regularsOnly", opensAt: at(24), action: "none" });
    const before = gameAvailability(game({ registrationOpensAt: at(24), regularsOpenAt: at(2) }), NOW);
    expect(viewerAvailability(before, { ...nobody, regular: true })).toEqual({ kind: "regularFrom", regularsOpenAt: at(2), action: "none" });
    expect(viewerAvailability(before, nobody)).toEqual({ kind: "notOpen", opensAt: at(24), regularsOpenAt: at(2), action: "none" });
  });
});

describe("availabilityText: the link preview's words from the same rule", () => {
  it("says a game under way is under way, in both languages, and the rest as before", () => {
    expect(availabilityText(game({ startsAt: at(-1), endsAt: at(1) }), NOW)).toBe("Under way");
    expect(availabilityText(game({ startsAt: at(-1), endsAt: at(1) }), NOW, "fr")).toBe("En cours");
    expect(availabilityText(game({ startsAt: at(-3), endsAt: at(-1) }), NOW)).toBe("Event Completed");
    expect(availabilityText(game({ playersCount: 10 }), NOW)).toBe("Full, waitlist open");
    expect(availabilityText(game({ playersCount: 9 }), NOW)).toBe("1 spot left");
    expect(availabilityText(game({ registrationOpensAt: at(24) }), NOW, "fr")).toBe("6 places restantes");
  });
});
