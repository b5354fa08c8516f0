import { describe, expect, it } from "vitest";
import { canEnterResults, checkSplit, muFromStars, TEAMS_MESSAGES, teamName, teamsWindow } from "./teams.ts";
import { scoresPutSchema, teamsPutSchema, teamsSuggestSchema } from "./teams-schemas.ts";

const game = { startsAt: "2026-12-06T18:00:00.000Z", status: "active" as const };
const at = (iso: string) => new Date(iso);

describe("when teams and results can be made", () => {
  it("opens teams 60 minutes before kick-off, to the millisecond, and never for a cancelled game", () => {
    expect(teamsWindow(game, at("2026-12-06T16:59:59.999Z")).state).toBe("not_yet");
    expect(teamsWindow(game, at("2026-12-06T17:00:00.000Z"))).toEqual({ state: "open", opensAt: "2026-12-06T17:00:00.000Z" });
    expect(teamsWindow(game, at("2026-12-09T00:00:00.000Z")).state).toBe("open");
    expect(teamsWindow({ ...game, status: "cancelled" }, at("2026-12-06T18:00:00.000Z")).state).toBe("cancelled");
  });

  it("takes results from kick-off", () => {
    expect(canEnterResults(game, at("2026-12-06T17:59:59.999Z"))).toBe(false);
    expect(canEnterResults(game, at("2026-12-06T18:00:00.000Z"))).toBe(true);
    expect(canEnterResults({ ...game, status: "cancelled" }, at("2026-12-06T19:00:00.000Z"))).toBe(false);
  });
});

describe("the rules a split keeps", () => {
  const pool = [
    { memberId: "a", role: "player" as const },
    { memberId: "b", role: "player" as const },
    { memberId: "c", role: "player" as const },
    { memberId: "d", role: "player" as const },
    { memberId: "k1", role: "goalkeeper" as const },
    { memberId: "k2", role: "goalkeeper" as const },
  ];
  const check = (teams: string[][], locks: Record<string, number> = {}) => checkSplit({ teams, pool, locks });

  it("accepts everyone once with a keeper each and sizes within one", () => {
    expect(check([["a", "b", "k1"], ["c", "d", "k2"]])).toBeNull();
    expect(check([["a", "b", "k1"], ["c", "d", "k2"]], { a: 0, k2: 1 })).toBeNull();
  });

  it("says which rule a split breaks", () => {
    expect(check([["a", "b", "k1", "k2"], ["c", "d"]])).toBe(TEAMS_MESSAGES.unevenKeepers);
    expect(check([["a", "b", "c", "k1"], ["d", "k2"]])).toBe(TEAMS_MESSAGES.unevenSizes);
    expect(check([["a", "b", "k1"], ["c", "k2"]])).toBe(TEAMS_MESSAGES.missing);
    expect(check([["a", "b", "k1"], ["c", "d", "k2", "x"]])).toBe(TEAMS_MESSAGES.notAPlayer);
    expect(check([["a", "b", "k1"], ["c", "d", "k2", "a"]])).toBe(TEAMS_MESSAGES.twice);
    expect(check([["a", "b", "k1"], ["c", "d", "k2"]], { a: 1 })).toBe(TEAMS_MESSAGES.lockBroken);
    expect(check([["a", "b"], ["c", "d"], ["k1", "k2"], []])).toBe(TEAMS_MESSAGES.tooFewPlayers);
  });
});

describe("names, stars and bodies", () => {
  it("names two teams by their bibs, and more by colour", () => {
    expect([teamName(0, 2), teamName(1, 2)]).toEqual(["Bibs", "No bibs"]);
    expect([0, 1, 2, 3].map((index) => teamName(index, 4))).toEqual(["Orange bibs", "No bibs", "Blue bibs", "Yellow bibs"]);
  });

  it("turns 1 to 5 stars into a starting mu around the default", () => {
    expect([1, 2, 3, 4, 5].map(muFromStars)).toEqual([17, 21, 25, 29, 33]);
    expect(muFromStars(null)).toBe(25);
  });

  it("takes a score of two whole numbers from 0 to 99 only", () => {
    expect(scoresPutSchema.safeParse({ scores: [{ teams: [0, 1], goals: [0, 99] }] }).success).toBe(true);
    for (const goals of [[100, 0], [-1, 0], [1.5, 0], ["1", 0], [1]]) {
      expect(scoresPutSchema.safeParse({ scores: [{ teams: [0, 1], goals }] }).success, JSON.stringify(goals)).toBe(false);
    }
    expect(teamsSuggestSchema.safeParse({ teamCount: 5 }).success).toBe(false);
    expect(teamsSuggestSchema.parse({ teamCount: 2 })).toEqual({ teamCount: 2, locks: {} });
    expect(teamsPutSchema.safeParse({ teams: [["a"], ["b"]], publish: true }).success).toBe(false);
  });
});
