import { describe, expect, it } from "vitest";
import { DEFAULT_MU, type TeamsCandidate } from "#shared/teams.ts";
import { draftFigures, keptOfSaved, keptRefusal, nextSplit, swapPlayers, swapRefusal, toggleLock } from "./draft.ts";

const candidate = (memberId: string, role: "player" | "goalkeeper", mu: number): TeamsCandidate => ({
  memberId,
  name: memberId.toUpperCase(),
  guestOf: null,
  role,
  checkedIn: true,
  mu,
  sigma: 5,
  games: 0,
  stars: null,
  rated: true,
});
const candidates = [candidate("a", "player", 30), candidate("b", "player", 20), candidate("c", "player", 25), candidate("d", "player", 25), candidate("k1", "goalkeeper", 25), candidate("k2", "goalkeeper", 25)];
const draft = { teams: [["a", "b", "k1"], ["c", "d", "k2"]], locks: {} };

describe("the draft on the admin's screen", () => {
  it("swaps two players of the same role across teams, and a lock goes along", () => {
    const locked = toggleLock(draft, "a");
    expect(locked.locks).toEqual({ a: 0 });
    const swapped = swapPlayers(locked, "a", "c");
    expect(swapped.teams).toEqual([["c", "b", "k1"], ["a", "d", "k2"]]);
    expect(swapped.locks).toEqual({ a: 1 });
    expect(toggleLock(swapped, "a").locks).toEqual({});
  });

  it("refuses a swap within one team or of a keeper for an outfield player", () => {
    expect(swapRefusal(draft, candidates, "a", "b")).toBe("Choose two players from different teams.");
    expect(swapRefusal(draft, candidates, "a", "k2")).toBe("Swap two outfield players or two goalkeepers.");
    expect(swapRefusal(draft, candidates, "a", "c")).toBeNull();
  });

  it("adds up each team's strength and win chance, and says when the teams no longer match the players", () => {
    const figures = draftFigures(draft, candidates);
    expect(figures.strengths).toEqual([75, 75]);
    expect(figures.winChances[0]).toBeCloseTo(0.5, 6);
    expect(figures.refusal).toBeNull();
    expect(draftFigures({ teams: [["a", "k1"], ["c", "d", "k2"]], locks: {} }, candidates).refusal).toBe("Every player must be in a team.");
  });

  it("treats a +1 guest as an outfield player: swapped with a player, never with a keeper, counted at their default mu", () => {
    const guest: TeamsCandidate = { ...candidate("g1", "player", DEFAULT_MU), name: "Sam", guestOf: { registrationId: "a", name: "A" }, rated: false };
    const withGuest = [...candidates, guest];
    const teams = { teams: [["a", "b", "k1"], ["c", "d", "g1", "k2"]], locks: {} };
    expect(swapRefusal(teams, withGuest, "g1", "a")).toBeNull();
    expect(swapRefusal(teams, withGuest, "g1", "k1")).toBe("Swap two outfield players or two goalkeepers.");
    const swapped = swapPlayers(toggleLock(teams, "g1"), "g1", "a");
    expect(swapped.teams).toEqual([["g1", "b", "k1"], ["c", "d", "a", "k2"]]);
    expect(swapped.locks).toEqual({ g1: 0 });
    const figures = draftFigures(swapped, withGuest);
    expect(figures.strengths).toEqual([DEFAULT_MU + 20 + 25, 25 + 25 + 30 + 25]);
    expect(figures.refusal).toBeNull();
    // The guest removed from the party (gone from the pool): these teams no longer match.
    expect(draftFigures(swapped, candidates).refusal).toBe("Every player in a team must have a confirmed spot in this game.");
  });

  it("re-rolls to the next of the best splits, round again after the last", () => {
    const splits = [draft.teams, [["a", "c", "k1"], ["b", "d", "k2"]]];
    expect(nextSplit(splits, draft.teams)).toEqual(splits[1]);
    expect(nextSplit(splits, splits[1]!)).toEqual(splits[0]);
    expect(nextSplit(splits, [["x"], ["y"]])).toEqual(splits[0]);
    expect(nextSplit([], draft.teams)).toBeNull();
  });
});

describe("who plays together, on the admin's screen", () => {
  const guest: TeamsCandidate = { ...candidate("g", "player", DEFAULT_MU), name: "Gil", guestOf: { registrationId: "a", name: "A" }, rated: false };
  const withGuest = [...candidates, guest];
  const name = (id: string) => id.toUpperCase();

  it("takes a guest saved away from their player as let apart, and one saved with them as kept", () => {
    expect(keptOfSaved([["a", "b", "k1"], ["c", "d", "g", "k2"]], withGuest)).toEqual({ guestsApart: ["g"], together: [] });
    expect(keptOfSaved([["a", "g", "k1"], ["b", "c", "d", "k2"]], withGuest)).toEqual({ guestsApart: [], together: [] });
    expect(keptOfSaved(undefined, withGuest)).toEqual({ guestsApart: [], together: [] });
  });

  it("says when a guest is away from their player (unless let apart) or a pair kept together is split", () => {
    const away = { teams: [["a", "b", "k1"], ["c", "d", "g", "k2"]], locks: {} };
    expect(keptRefusal(away, withGuest, { guestsApart: [], together: [] }, name)).toBe("G is not in A's team. Make the teams again, or let them play apart.");
    expect(keptRefusal(away, withGuest, { guestsApart: ["g"], together: [] }, name)).toBeNull();
    expect(keptRefusal(away, withGuest, { guestsApart: ["g"], together: [["b", "c"]] }, name)).toBe("B and C are kept together but are in different teams. Make the teams again.");
    expect(keptRefusal(away, withGuest, { guestsApart: ["g"], together: [["a", "b"]] }, name)).toBeNull();
  });
});
