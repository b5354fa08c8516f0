import { describe, expect, it } from "vitest";
import { checkSplit } from "#shared/teams.ts";
import { seededRandom, type SplitPlayer, SplitError, splitTeams } from "./split-teams.ts";

/**
 * Players kept together (docs/teams-and-ratings.md, "Kept together"): a guest with their player, two
 * friends the organiser keeps together. Every split keeps them in one team, the exhaustive search
 * is still the best of the splits that do (a brute force over every assignment agrees), the
 * heuristic keeps them too, a lock pins the whole group, and constraints no even split can keep are
 * refused with a message that says so.
 */

const outfield = (id: string, mu: number): SplitPlayer => ({ id, role: "player", mu });
const keeper = (id: string, mu: number): SplitPlayer => ({ id, role: "goalkeeper", mu });

function randomPlayers(random: () => number, count: number, keepers: number): SplitPlayer[] {
  const players = Array.from({ length: count }, (_, i) => outfield(`p${String(i).padStart(2, "0")}`, 10 + random() * 30));
  for (let i = 0; i < keepers; i += 1) players.push(keeper(`k${i}`, 10 + random() * 30));
  return players;
}

const teamOf = (teams: string[][], id: string) => teams.findIndex((team) => team.includes(id));
const together = (teams: string[][], group: readonly string[]) => new Set(group.map((id) => teamOf(teams, id))).size === 1;

function expectValid(players: SplitPlayer[], teams: string[][], groups: string[][], locks: Record<string, number> = {}) {
  const pool = players.map((player) => ({ memberId: player.id, role: player.role }));
  expect(checkSplit({ teams, pool, locks, minPerTeam: 0 })).toBeNull();
  for (const group of groups) expect(together(teams, group), `${group.join("+")} together`).toBe(true);
}

/** The smallest gap over every assignment that keeps the rules and the groups. */
function bruteForceBest(players: SplitPlayer[], teamCount: number, groups: string[][]): number {
  let best = Infinity;
  const pool = players.map((player) => ({ memberId: player.id, role: player.role }));
  for (let code = 0; code < teamCount ** players.length; code += 1) {
    let rest = code;
    const assignment = players.map(() => {
      const team = rest % teamCount;
      rest = Math.floor(rest / teamCount);
      return team;
    });
    const teams = Array.from({ length: teamCount }, (_, team) => players.filter((_, i) => assignment[i] === team).map((player) => player.id));
    if (checkSplit({ teams, pool, locks: {}, minPerTeam: 0 }) !== null) continue;
    if (!groups.every((group) => together(teams, group))) continue;
    const strengths = teams.map((team) => team.reduce((sum, id) => sum + players.find((player) => player.id === id)!.mu, 0));
    best = Math.min(best, Math.max(...strengths) - Math.min(...strengths));
  }
  return best;
}

function splitError(run: () => unknown): SplitError {
  try {
    run();
  } catch (error) {
    if (error instanceof SplitError) return error;
    throw error;
  }
  throw new Error("no SplitError");
}

describe("players kept together", () => {
  it("keeps each group in one team, and is the best such split (a brute force agrees; seeded random cases)", () => {
    const random = seededRandom(32);
    for (let round = 0; round < 30; round += 1) {
      const players = randomPlayers(random, 6 + Math.floor(random() * 5), Math.floor(random() * 3));
      // A guest and their player, and a second pair that sometimes shares a member with the first (they merge).
      const groups = [["p00", "p01"], random() < 0.5 ? ["p01", "p02"] : ["p03", "p04"]];
      const result = splitTeams({ players, teamCount: 2, together: groups });
      expect(result.exhaustive).toBe(true);
      for (const split of result.splits) expectValid(players, split.teams, groups);
      expect(result.splits[0]!.gap).toBeCloseTo(bruteForceBest(players, 2, groups), 9);
    }
  });

  it("beats the split that ignores them only when they cost nothing: the two strongest kept together still balance", () => {
    const players = [outfield("a", 40), outfield("b", 38), outfield("c", 20), outfield("d", 20), outfield("e", 19), outfield("f", 21)];
    const free = splitTeams({ players, teamCount: 2 }).splits[0]!;
    expect(together(free.teams, ["a", "b"])).toBe(false);
    const kept = splitTeams({ players, teamCount: 2, together: [["a", "b"]] }).splits[0]!;
    expectValid(players, kept.teams, [["a", "b"]]);
    expect(kept.gap).toBeGreaterThan(free.gap);
  });

  it("keeps them in the heuristic's splits too (22 outfield players, 2 keepers, three groups)", () => {
    const random = seededRandom(5);
    const players = randomPlayers(random, 22, 2);
    const groups = [["p00", "p01"], ["p02", "p03", "p04"], ["p05", "k0"]];
    const result = splitTeams({ players, teamCount: 2, together: groups });
    expect(result.exhaustive).toBe(false);
    expect(result.splits.length).toBeGreaterThan(0);
    for (const split of result.splits) expectValid(players, split.teams, groups);
    // Close to the split without groups: three small groups cost little balance.
    const free = splitTeams({ players, teamCount: 2 });
    expect(result.splits[0]!.gap).toBeLessThan(free.splits[0]!.gap + 5);
  });

  it("forced to the heuristic on a small case, it still keeps the groups and the even sizes", () => {
    const random = seededRandom(9);
    for (let round = 0; round < 20; round += 1) {
      const players = randomPlayers(random, 8 + Math.floor(random() * 4), 2);
      const groups = [["p00", "p01"], ["p02", "p03"]];
      const result = splitTeams({ players, teamCount: 2, together: groups, exhaustiveLimit: 0 });
      expect(result.exhaustive).toBe(false);
      for (const split of result.splits) expectValid(players, split.teams, groups);
    }
  });

  it("pins a whole group where one of its members is locked", () => {
    const players = randomPlayers(seededRandom(3), 8, 2);
    for (const exhaustiveLimit of [undefined, 0]) {
      const result = splitTeams({ players, teamCount: 2, together: [["p00", "p01", "p02"]], locks: { p02: 1 }, exhaustiveLimit });
      for (const split of result.splits) {
        expectValid(players, split.teams, [["p00", "p01", "p02"]], { p02: 1 });
        expect(teamOf(split.teams, "p00")).toBe(1);
      }
    }
  });

  it("refuses what no even split can keep, saying why", () => {
    const six = randomPlayers(seededRandom(4), 6, 0);
    // Four together, but a team of six split in two takes three.
    expect(splitError(() => splitTeams({ players: six, teamCount: 2, together: [["p00", "p01", "p02", "p03"]] })).text).toEqual({
      key: "errors.teams.togetherTooBig",
      values: { count: "4", most: "3" },
    });
    // Two keepers together, one per team.
    const withKeepers = randomPlayers(seededRandom(4), 6, 2);
    expect(splitError(() => splitTeams({ players: withKeepers, teamCount: 2, together: [["k0", "k1"]] })).text.key).toBe("errors.teams.togetherTooBig");
    // Three pairs for two teams of three: one pair must split, by either search.
    for (const exhaustiveLimit of [undefined, 0]) {
      const error = splitError(() => splitTeams({ players: six, teamCount: 2, together: [["p00", "p01"], ["p02", "p03"], ["p04", "p05"]], exhaustiveLimit }));
      expect(error.text.key).toBe("errors.teams.togetherImpossible");
      expect(error.message).toBe("The players kept together do not fit in teams of even sizes: let some of them play apart.");
    }
    // Kept together but locked apart.
    expect(splitError(() => splitTeams({ players: six, teamCount: 2, together: [["p00", "p01"]], locks: { p00: 0, p01: 1 } })).text.key).toBe("errors.teams.togetherLockedApart");
    // A lock and a group that together overfill a team.
    expect(splitError(() => splitTeams({ players: six, teamCount: 2, together: [["p00", "p01", "p02"]], locks: { p00: 0, p03: 0 } })).text.key).toBe("errors.teams.togetherImpossible");
    // Someone who is not playing.
    expect(splitError(() => splitTeams({ players: six, teamCount: 2, together: [["p00", "nobody"]] })).text).toEqual({ key: "errors.teams.togetherNotAPlayer", values: { id: "nobody" } });
  });
});
