import { describe, expect, it } from "vitest";
import { opensText } from "./opens-text.ts";
import { NOW } from "#test/web-fixtures.ts";

// Around Mon, Nov 30 and Tue, Dec 1, 2026 at 7:00 PM in Toronto (00:00 UTC the next day).
const REGULARS = "2026-12-01T00:00:00Z";
const EVERYONE = "2026-12-02T00:00:00Z";
const game = { registrationOpensAt: EVERYONE, regularsOpenAt: REGULARS, timeZone: "America/Toronto" };
const before = (iso: string, ms = 1) => new Date(Date.parse(iso) - ms);

describe("opensText", () => {
  it("says nothing on a game that was never closed, or once it is open", () => {
    expect(opensText({ registrationOpensAt: null, regularsOpenAt: null, timeZone: "UTC" }, NOW)).toBeNull();
    expect(opensText(game, new Date(EVERYONE))).toBeNull();
  });

  it("says when a game without regulars first opens, on the game's clock", () => {
    expect(opensText({ ...game, regularsOpenAt: null }, before(EVERYONE))).toBe("Opens Tue, Dec 1, 7:00 PM");
  });

  it("says when regulars and then everyone can join, before the regulars' window", () => {
    expect(opensText(game, before(REGULARS))).toBe("Regulars can join from Mon, Nov 30, 7:00 PM. Everyone can join from Tue, Dec 1, 7:00 PM.");
  });

  it("says regulars can join now, in the window, and when everyone can", () => {
    expect(opensText(game, new Date(REGULARS))).toBe("Regulars can join now. Everyone can join from Tue, Dec 1, 7:00 PM.");
    expect(opensText(game, before(EVERYONE))).toBe("Regulars can join now. Everyone can join from Tue, Dec 1, 7:00 PM.");
  });
});
