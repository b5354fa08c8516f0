import { describe, expect, it } from "vitest";
import { checkInPutSchema } from "./check-in-schemas.ts";
import { checkInWindow, isCheckInOpen, noShowRules } from "./check-in.ts";

// A 90-minute game: kick-off 18:00 UTC, end 19:30 UTC. Every clock below is fixed.
const game = { startsAt: "2026-12-06T18:00:00.000Z", endsAt: "2026-12-06T19:30:00.000Z", status: "active" as const };
const at = (iso: string) => new Date(iso);

describe("the check-in window", () => {
  it("opens 60 minutes before kick-off, to the millisecond", () => {
    expect(checkInWindow(game, at("2026-12-06T16:59:59.999Z")).state).toBe("not_yet");
    expect(checkInWindow(game, at("2026-12-06T17:00:00.000Z")).state).toBe("open");
    expect(isCheckInOpen(game, at("2026-12-06T17:00:00.000Z"))).toBe(true);
  });

  it("stays open during the game and until 6 hours after its end, then closes", () => {
    expect(isCheckInOpen(game, at("2026-12-06T18:45:00.000Z"))).toBe(true);
    expect(isCheckInOpen(game, at("2026-12-07T01:29:59.999Z"))).toBe(true);
    expect(checkInWindow(game, at("2026-12-07T01:30:00.000Z")).state).toBe("closed");
    expect(isCheckInOpen(game, at("2026-12-10T00:00:00.000Z"))).toBe(false);
  });

  it("says when it opens and closes", () => {
    expect(checkInWindow(game, at("2026-12-01T00:00:00.000Z"))).toEqual({
      state: "not_yet",
      opensAt: "2026-12-06T17:00:00.000Z",
      closesAt: "2026-12-07T01:30:00.000Z",
    });
  });

  it("never opens for a cancelled game", () => {
    expect(checkInWindow({ ...game, status: "cancelled" }, at("2026-12-06T18:00:00.000Z")).state).toBe("cancelled");
    expect(isCheckInOpen({ ...game, status: "cancelled" }, at("2026-12-06T18:00:00.000Z"))).toBe(false);
  });

  it("takes Date objects as well as ISO strings", () => {
    expect(isCheckInOpen({ startsAt: new Date(game.startsAt), endsAt: new Date(game.endsAt), status: "active" }, at("2026-12-06T17:30:00.000Z"))).toBe(true);
  });
});

describe("marking the rest as no-show", () => {
  it("can be done from kick-off (not before) until 24 hours after the end, and undone until then", () => {
    expect(noShowRules(game, at("2026-12-06T17:59:59.999Z"))).toMatchObject({ canMark: false, canUndo: true });
    expect(noShowRules(game, at("2026-12-06T18:00:00.000Z"))).toMatchObject({ canMark: true, canUndo: true });
    expect(noShowRules(game, at("2026-12-07T19:29:59.999Z"))).toMatchObject({ canMark: true, canUndo: true });
    expect(noShowRules(game, at("2026-12-07T19:30:00.000Z"))).toMatchObject({ canMark: false, canUndo: false });
  });

  it("says from when and until when", () => {
    expect(noShowRules(game, at("2026-12-06T12:00:00.000Z"))).toEqual({
      canMark: false,
      canUndo: true,
      from: "2026-12-06T18:00:00.000Z",
      until: "2026-12-07T19:30:00.000Z",
    });
  });

  it("is never possible for a cancelled game", () => {
    expect(noShowRules({ ...game, status: "cancelled" }, at("2026-12-06T20:00:00.000Z"))).toMatchObject({ canMark: false, canUndo: false });
  });
});

describe("the check-in body", () => {
  it("is exactly { checkedIn: boolean }", () => {
    expect(checkInPutSchema.safeParse({ checkedIn: true }).success).toBe(true);
    expect(checkInPutSchema.safeParse({ checkedIn: false }).success).toBe(true);
    expect(checkInPutSchema.safeParse({ checkedIn: "yes" }).success).toBe(false);
    expect(checkInPutSchema.safeParse({}).success).toBe(false);
    expect(checkInPutSchema.safeParse({ checkedIn: true, extra: 1 }).success).toBe(false);
    expect(checkInPutSchema.safeParse(null).success).toBe(false);
  });
});
