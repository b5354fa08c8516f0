import { predictWin, rating } from "openskill";
import { describe, expect, it } from "vitest";
import { DEFAULT_MU, DEFAULT_SIGMA, muFromStars, winChances } from "#shared/teams.ts";
import { type ReplayGame, replayRatings } from "./replay-ratings.ts";

/** The ratings (docs/teams-and-ratings.md, "Ratings"): direction of the moves, seeds, replay, and the screen's win chances against the library's. */

const team = (prefix: string, size: number) => Array.from({ length: size }, (_, i) => `${prefix}${i}`);
const A = team("a", 5);
const B = team("b", 5);
const win: ReplayGame = { teams: [A, B], scores: [{ teams: [0, 1], goals: [5, 2] }] };

describe("replaying results", () => {
  it("moves the winners up and the losers down, and makes everyone more certain", () => {
    const ratings = replayRatings(new Map(), [win]);
    for (const id of A) expect(ratings.get(id)!.mu).toBeGreaterThan(DEFAULT_MU);
    for (const id of B) expect(ratings.get(id)!.mu).toBeLessThan(DEFAULT_MU);
    for (const id of [...A, ...B]) {
      expect(ratings.get(id)!.sigma).toBeLessThan(DEFAULT_SIGMA);
      expect(ratings.get(id)!.games).toBe(1);
    }
  });

  it("leaves a draw between equals where it was, apart from the certainty", () => {
    const ratings = replayRatings(new Map(), [{ teams: [A, B], scores: [{ teams: [0, 1], goals: [2, 2] }] }]);
    expect(ratings.get("a0")!.mu).toBeCloseTo(DEFAULT_MU, 6);
    expect(ratings.get("b0")!.mu).toBeCloseTo(DEFAULT_MU, 6);
    expect(ratings.get("a0")!.sigma).toBeLessThan(DEFAULT_SIGMA);
  });

  it("gives the same ratings every time the same history is replayed: entering a result twice changes nothing", () => {
    const history: ReplayGame[] = [win, { teams: [[A[0]!, B[0]!, "c0"], [A[1]!, B[1]!, "c1"]], scores: [{ teams: [1, 0], goals: [1, 0] }, { teams: [0, 1], goals: [3, 3] }] }];
    const once = replayRatings(new Map([["c0", 4]]), history);
    const twice = replayRatings(new Map([["c0", 4]]), history);
    expect(twice).toEqual(once);
    // Several short games in one game count as one game played.
    expect(once.get("c0")!.games).toBe(1);
    expect(once.get("a0")!.games).toBe(2);
  });

  it("starts a new player from the organiser's stars, else from the default", () => {
    const ratings = replayRatings(new Map<string, number | null>([["star5", 5], ["star1", 1], ["none", null]]), []);
    expect(ratings.get("star5")).toEqual({ mu: muFromStars(5), sigma: DEFAULT_SIGMA, games: 0 });
    expect(ratings.get("star1")!.mu).toBeLessThan(ratings.get("none")!.mu);
    expect(ratings.get("none")!.mu).toBe(DEFAULT_MU);
    expect(muFromStars(5)).toBeGreaterThan(muFromStars(4));
  });

  it("plays a deleted account at the default rating without keeping it", () => {
    const ratings = replayRatings(new Map(), [{ teams: [["x", null], ["y", "z"]], scores: [{ teams: [0, 1], goals: [1, 0] }] }]);
    expect([...ratings.keys()].sort()).toEqual(["x", "y", "z"]);
    expect(ratings.get("x")!.mu).toBeGreaterThan(DEFAULT_MU);
  });

  it("plays a +1 guest at the default seed in their team, keeps nothing for them, and rates the others with the real team sizes", () => {
    // Three against three, one of the three a guest (null: no account). A result for a team of two
    // would move its players further: the model weighs a team by everyone in it.
    const withGuest = replayRatings(new Map(), [{ teams: [["a0", "a1", null], ["b0", "b1", "b2"]], scores: [{ teams: [0, 1], goals: [1, 2] }] }]);
    expect([...withGuest.keys()].sort()).toEqual(["a0", "a1", "b0", "b1", "b2"]);
    // The same as a fresh player at the default seed whose result is then dropped.
    const asFreshPlayer = replayRatings(new Map(), [{ teams: [["a0", "a1", "guest"], ["b0", "b1", "b2"]], scores: [{ teams: [0, 1], goals: [1, 2] }] }]);
    asFreshPlayer.delete("guest");
    expect(withGuest).toEqual(asFreshPlayer);
    const withoutGuest = replayRatings(new Map(), [{ teams: [["a0", "a1"], ["b0", "b1", "b2"]], scores: [{ teams: [0, 1], goals: [1, 2] }] }]);
    expect(withGuest.get("a0")!.mu).not.toBeCloseTo(withoutGuest.get("a0")!.mu, 6);
    expect(withGuest.get("b0")!.mu).not.toBeCloseTo(withoutGuest.get("b0")!.mu, 6);
    expect(withGuest.get("a0")!.games).toBe(1);
  });
});

describe("win chances on the admin's screen", () => {
  it("agree with openskill's predictWin for two, three and four teams", () => {
    const make = (mus: number[], sigma: number) => mus.map((mu) => rating({ mu, sigma }));
    const cases = [
      [make([25, 30, 20], 8), make([22, 27, 26], 5)],
      [make([25, 25], 8.333), make([40, 10], 2), make([30, 18], 4)],
      [make([20], 3), make([25], 3), make([30], 3), make([35], 6)],
    ];
    for (const teams of cases) {
      const ours = winChances(teams);
      const library = predictWin(teams);
      ours.forEach((chance, i) => expect(chance).toBeCloseTo(library[i]!, 5));
      expect(ours.reduce((sum, chance) => sum + chance, 0)).toBeCloseTo(1, 9);
    }
  });

  it("is even for equal teams and favours the stronger side", () => {
    const [first, second] = winChances([[{ mu: 25, sigma: 8 }], [{ mu: 25, sigma: 8 }]]);
    // The normal distribution is approximated to 1.5e-7: closer than a percent shown needs.
    expect(first).toBeCloseTo(0.5, 6);
    expect(second).toBeCloseTo(0.5, 6);
    const [strong, weak] = winChances([[{ mu: 30, sigma: 5 }], [{ mu: 20, sigma: 5 }]]);
    expect(strong).toBeGreaterThan(0.5);
    expect(weak).toBeCloseTo(1 - strong!, 9);
  });
});
