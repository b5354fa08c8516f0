import { describe, expect, it } from "vitest";
import { checkSplit, DEFAULT_MU } from "#shared/teams.ts";
import { seededRandom, type SplitPlayer, SplitError, splitTeams } from "./split-teams.ts";

/**
 * The split (docs/teams-and-ratings.md, "Making teams"): optimal against a brute force over every
 * assignment on small seeded random cases, keepers spread, locks kept, sizes within one,
 * deterministic, and the heuristic close to the optimum where it takes over.
 */

function randomPlayers(random: () => number, outfield: number, keepers: number): SplitPlayer[] {
  const players: SplitPlayer[] = [];
  for (let i = 0; i < outfield; i += 1) players.push({ id: `p${String(i).padStart(2, "0")}-${Math.floor(random() * 1e6)}`, role: "player", mu: 10 + random() * 30 });
  for (let i = 0; i < keepers; i += 1) players.push({ id: `k${i}-${Math.floor(random() * 1e6)}`, role: "goalkeeper", mu: 10 + random() * 30 });
  // Input order must not matter: shuffle it.
  return players.sort(() => random() - 0.5);
}

/** Every assignment of players to teams that keeps the rules; the smallest gap among them. */
function bruteForceBest(players: SplitPlayer[], teamCount: number, locks: Record<string, number> = {}): number {
  let best = Infinity;
  const assignment = new Array<number>(players.length).fill(0);
  const total = teamCount ** players.length;
  const pool = players.map((player) => ({ memberId: player.id, role: player.role }));
  for (let code = 0; code < total; code += 1) {
    let rest = code;
    for (let i = 0; i < players.length; i += 1) {
      assignment[i] = rest % teamCount;
      rest = Math.floor(rest / teamCount);
    }
    const teams = Array.from({ length: teamCount }, (_, team) => players.filter((_, i) => assignment[i] === team).map((player) => player.id));
    if (checkSplit({ teams, pool, locks: {}, minPerTeam: 0 }) !== null) continue;
    if (Object.entries(locks).some(([id, team]) => !teams[team]!.includes(id))) continue;
    const strengths = teams.map((team) => team.reduce((sum, id) => sum + players.find((player) => player.id === id)!.mu, 0));
    best = Math.min(best, Math.max(...strengths) - Math.min(...strengths));
  }
  return best;
}

function expectValid(players: SplitPlayer[], teams: string[][], locks: Record<string, number> = {}) {
  const pool = players.map((player) => ({ memberId: player.id, role: player.role }));
  expect(checkSplit({ teams, pool, locks, minPerTeam: 0 })).toBeNull();
}

describe("the exhaustive search", () => {
  it("finds the best split of two teams, as a brute force over every assignment does (seeded random cases)", () => {
    const random = seededRandom(7);
    for (let round = 0; round < 40; round += 1) {
      const outfield = 4 + Math.floor(random() * 8);
      const keepers = Math.floor(random() * 3);
      const players = randomPlayers(random, outfield, keepers);
      const result = splitTeams({ players, teamCount: 2 });
      expect(result.exhaustive).toBe(true);
      expectValid(players, result.splits[0]!.teams);
      expect(result.splits[0]!.gap).toBeCloseTo(bruteForceBest(players, 2), 9);
    }
  });

  it("finds the best split of three and four teams too", () => {
    const random = seededRandom(11);
    for (let round = 0; round < 8; round += 1) {
      // The brute force tries teamCount ** players assignments: at most 9 or 8 players here.
      const teamCount = 3 + (round % 2);
      const players = teamCount === 3 ? randomPlayers(random, 6 + Math.floor(random() * 2), Math.floor(random() * 3)) : randomPlayers(random, 6, Math.floor(random() * 3));
      const result = splitTeams({ players, teamCount });
      expect(result.exhaustive).toBe(true);
      expectValid(players, result.splits[0]!.teams);
      expect(result.splits[0]!.gap).toBeCloseTo(bruteForceBest(players, teamCount), 9);
    }
  });

  it("keeps the locks and still finds the best split that keeps them", () => {
    const random = seededRandom(23);
    for (let round = 0; round < 25; round += 1) {
      const players = randomPlayers(random, 6 + Math.floor(random() * 5), Math.floor(random() * 3));
      const outfield = players.filter((player) => player.role === "player");
      const locks = { [outfield[0]!.id]: 0, [outfield[1]!.id]: round % 2 };
      const result = splitTeams({ players, teamCount: 2, locks });
      for (const split of result.splits) {
        expectValid(players, split.teams, locks);
        expect(split.teams[0]).toContain(outfield[0]!.id);
        expect(split.teams[round % 2]).toContain(outfield[1]!.id);
      }
      expect(result.splits[0]!.gap).toBeCloseTo(bruteForceBest(players, 2, locks), 9);
    }
  });

  it("pins one goalkeeper to each team, even when the keepers are the two strongest", () => {
    const players: SplitPlayer[] = [
      { id: "k1", role: "goalkeeper", mu: 40 },
      { id: "k2", role: "goalkeeper", mu: 39 },
      ...Array.from({ length: 8 }, (_, i) => ({ id: `p${i}`, role: "player" as const, mu: 20 + i })),
    ];
    const result = splitTeams({ players, teamCount: 2 });
    for (const split of result.splits) {
      expect(split.teams.map((team) => team.filter((id) => id.startsWith("k")).length)).toEqual([1, 1]);
      expect(split.teams.map((team) => team.length)).toEqual([5, 5]);
    }
  });

  it("counts every split it searched: C(20,10) for 20 outfield players and two keepers", () => {
    const random = seededRandom(3);
    const players = randomPlayers(random, 20, 2);
    const result = splitTeams({ players, teamCount: 2 });
    expect(result.exhaustive).toBe(true);
    expect(result.searched).toBe(184_756);
  });

  it("counts a split and its mirror once when no team has a keeper or a lock: C(10,5) / 2", () => {
    const players = randomPlayers(seededRandom(5), 10, 0);
    expect(splitTeams({ players, teamCount: 2 }).searched).toBe(126);
  });

  it("returns distinct best splits, best first, for re-roll", () => {
    const players = randomPlayers(seededRandom(9), 10, 2);
    const { splits } = splitTeams({ players, teamCount: 2, keep: 5 });
    expect(splits).toHaveLength(5);
    const keys = splits.map((split) => JSON.stringify(split.teams));
    expect(new Set(keys).size).toBe(5);
    for (let i = 1; i < splits.length; i += 1) expect(splits[i]!.gap).toBeGreaterThanOrEqual(splits[i - 1]!.gap);
  });

  it("is deterministic: the same players in another order give the same splits", () => {
    const players = randomPlayers(seededRandom(13), 11, 2);
    const first = splitTeams({ players, teamCount: 2 });
    const again = splitTeams({ players: [...players].reverse(), teamCount: 2 });
    expect(again).toEqual(first);
  });

  it("keeps sizes within one with an odd number of players", () => {
    const players = randomPlayers(seededRandom(17), 9, 1);
    const { splits } = splitTeams({ players, teamCount: 2 });
    for (const split of splits) {
      const outfield = split.teams.map((team) => team.filter((id) => id.startsWith("p")).length).sort();
      expect(outfield).toEqual([4, 5]);
    }
  });
});

describe("the heuristic (above the exhaustive limit)", () => {
  it("keeps every rule and lands within a small margin of the optimum", () => {
    const random = seededRandom(29);
    for (let round = 0; round < 12; round += 1) {
      const players = randomPlayers(random, 8 + Math.floor(random() * 4), Math.floor(random() * 3));
      const outfield = players.filter((player) => player.role === "player");
      const locks = round % 3 === 0 ? { [outfield[0]!.id]: 1 } : {};
      const result = splitTeams({ players, teamCount: 2, locks, exhaustiveLimit: 0 });
      expect(result.exhaustive).toBe(false);
      for (const split of result.splits) expectValid(players, split.teams, locks);
      const optimum = bruteForceBest(players, 2, locks);
      // Swaps of uniform random ratings on 10 players: at most a point from the best.
      expect(result.splits[0]!.gap - optimum).toBeLessThan(1);
    }
  });

  it("balances 22 outfield players and two keepers closely, and says how many splits it scored", () => {
    const players = randomPlayers(seededRandom(31), 22, 2);
    const result = splitTeams({ players, teamCount: 2 });
    expect(result.exhaustive).toBe(false);
    expect(result.searched).toBeGreaterThan(1000);
    expectValid(players, result.splits[0]!.teams);
    expect(result.splits[0]!.gap).toBeLessThan(0.5);
    expect(splitTeams({ players, teamCount: 2 })).toEqual(result);
  });

  it("splits 30 players into three and four teams within the rules", () => {
    const players = randomPlayers(seededRandom(37), 28, 2);
    for (const teamCount of [3, 4]) {
      const result = splitTeams({ players, teamCount });
      expectValid(players, result.splits[0]!.teams);
      const mean = players.reduce((sum, player) => sum + player.mu, 0) / teamCount;
      expect(result.splits[0]!.gap).toBeLessThan(mean * 0.05);
    }
  });
});

/** A UUID drawn from `random`: registration ids and guest ids are both UUIDs, from different tables. */
function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** A pool as load-pool.ts gives it: players by registration id, each guest by their own id, at the default mu. */
function poolWithGuests(random: () => number, outfield: number, keepers: number, guests: number): { players: SplitPlayer[]; guestIds: string[] } {
  const players: SplitPlayer[] = [];
  for (let i = 0; i < outfield; i += 1) players.push({ id: uuidFrom(random), role: "player", mu: 15 + random() * 20 });
  for (let i = 0; i < keepers; i += 1) players.push({ id: uuidFrom(random), role: "goalkeeper", mu: 15 + random() * 20 });
  const guestIds = Array.from({ length: guests }, () => uuidFrom(random));
  for (const id of guestIds) players.push({ id, role: "player", mu: DEFAULT_MU });
  return { players, guestIds };
}

describe("+1 guests (docs/teams-and-ratings.md, \"Guests\")", () => {
  it("are split as ordinary outfield players: the best split, sizes within one, a guest lockable like anyone", () => {
    const random = seededRandom(43);
    for (let round = 0; round < 20; round += 1) {
      const { players, guestIds } = poolWithGuests(random, 3 + Math.floor(random() * 5), Math.floor(random() * 3), 1 + Math.floor(random() * 3));
      const locks = round % 2 === 0 ? { [guestIds[0]!]: 1 } : {};
      const result = splitTeams({ players, teamCount: 2, locks });
      expect(result.exhaustive).toBe(true);
      for (const split of result.splits) {
        expectValid(players, split.teams, locks);
        expect(split.teams.flat()).toEqual(expect.arrayContaining(guestIds));
        const outfield = split.teams.map((team) => team.filter((id) => players.find((player) => player.id === id)!.role === "player").length);
        expect(Math.abs(outfield[0]! - outfield[1]!)).toBeLessThanOrEqual(1);
        if (round % 2 === 0) expect(split.teams[1]).toContain(guestIds[0]);
      }
      expect(result.splits[0]!.gap).toBeCloseTo(bruteForceBest(players, 2, locks), 9);
    }
  });

  it("counts a guest's default rating in their team's strength", () => {
    const { players, guestIds } = poolWithGuests(seededRandom(47), 5, 0, 1);
    const { splits } = splitTeams({ players, teamCount: 2 });
    for (const split of splits) {
      const withGuest = split.teams.findIndex((team) => team.includes(guestIds[0]!));
      const sum = split.teams[withGuest]!.reduce((total, id) => total + players.find((player) => player.id === id)!.mu, 0);
      expect(split.strengths[withGuest]).toBeCloseTo(sum, 9);
    }
  });

  it("is deterministic with guest ids: any input order gives the same splits, each team in member id order", () => {
    const { players } = poolWithGuests(seededRandom(53), 9, 2, 3);
    const first = splitTeams({ players, teamCount: 2 });
    const random = seededRandom(59);
    for (let round = 0; round < 5; round += 1) {
      expect(splitTeams({ players: [...players].sort(() => random() - 0.5), teamCount: 2 })).toEqual(first);
    }
    const keeper = (id: string) => players.find((player) => player.id === id)!.role === "goalkeeper";
    for (const team of first.splits[0]!.teams) {
      const outfield = team.filter((id) => !keeper(id));
      expect(outfield).toEqual([...outfield].sort());
    }
    // The heuristic too, above the exhaustive limit.
    const heuristic = splitTeams({ players, teamCount: 2, exhaustiveLimit: 0 });
    expect(splitTeams({ players: [...players].reverse(), teamCount: 2, exhaustiveLimit: 0 })).toEqual(heuristic);
  });
});

describe("locks that cannot be kept", () => {
  it("refuses locks that put too many players in one team, or name a team that does not exist", () => {
    const players = randomPlayers(seededRandom(41), 6, 2);
    const outfield = players.filter((player) => player.role === "player");
    const keepers = players.filter((player) => player.role === "goalkeeper");
    const tooMany = Object.fromEntries(outfield.slice(0, 4).map((player) => [player.id, 0]));
    expect(() => splitTeams({ players, teamCount: 2, locks: tooMany })).toThrow(SplitError);
    expect(() => splitTeams({ players, teamCount: 2, locks: { [keepers[0]!.id]: 1, [keepers[1]!.id]: 1 } })).toThrow("too many goalkeepers");
    expect(() => splitTeams({ players, teamCount: 2, locks: { [outfield[0]!.id]: 2 } })).toThrow(SplitError);
    expect(() => splitTeams({ players, teamCount: 2, locks: { nobody: 0 } })).toThrow(SplitError);
  });
});
