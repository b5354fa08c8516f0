import { rate, rating } from "openskill";
import { DEFAULT_SIGMA, muFromStars } from "#shared/teams.ts";

/**
 * The ratings as the whole history gives them (docs/teams-and-ratings.md, "Ratings"): every player
 * starts from their seed (the organiser's stars, else the model's default), then each game's short
 * games are rated in order with openskill's Weng-Lin model (Plackett-Luce, the score deciding who
 * won and by how much of a margin the model allows: a draw is a draw). Pure: the same seeds and
 * games give the same ratings, so entering a result again and replaying changes nothing.
 */

export interface ReplayGame {
  /**
   * Players per team: user ids; null for someone who plays at the default rating and whose result is
   * discarded: an account since deleted, or a +1 guest (no account, never rated). They still count
   * in their team, so the others' updates reflect the real team sizes (docs/teams-and-ratings.md, "Guests").
   */
  teams: (string | null)[][];
  scores: { teams: [number, number]; goals: [number, number] }[];
}

export interface Rating {
  mu: number;
  sigma: number;
  /** Games (not short games) rated. */
  games: number;
}

export function replayRatings(seeds: ReadonlyMap<string, number | null>, games: readonly ReplayGame[]): Map<string, Rating> {
  const ratings = new Map<string, Rating>();
  const current = (userId: string): Rating => {
    let found = ratings.get(userId);
    if (!found) {
      found = { mu: muFromStars(seeds.get(userId) ?? null), sigma: DEFAULT_SIGMA, games: 0 };
      ratings.set(userId, found);
    }
    return found;
  };
  for (const userId of seeds.keys()) current(userId);

  for (const game of games) {
    const played = new Set<string>();
    for (const score of game.scores) {
      const rosters = score.teams.map((team) => game.teams[team] ?? []);
      // A team with nobody in it (a bad sheet) cannot be rated.
      if (rosters.some((roster) => roster.length === 0)) continue;
      const before = rosters.map((roster) => roster.map((userId) => (userId === null ? rating() : rating({ mu: current(userId).mu, sigma: current(userId).sigma }))));
      const after = rate(before, { score: score.goals });
      rosters.forEach((roster, t) =>
        roster.forEach((userId, p) => {
          if (userId === null) return;
          const next = after[t]![p]!;
          const entry = current(userId);
          entry.mu = next.mu;
          entry.sigma = next.sigma;
          played.add(userId);
        }),
      );
    }
    for (const userId of played) current(userId).games += 1;
  }
  return ratings;
}
