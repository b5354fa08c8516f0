/**
 * Regulars first (docs/series.md, "Regulars first"): players who held a spot in at least `minGames`
 * of the series' last `ofLast` games, and were not marked no-show in their last two, may join
 * `windowHours` before everyone else, for at most `maxPercent` % of each role's spots.
 *
 * A module of its own, without zod: the series' page in the console reads these bounds for its
 * fields without carrying the schemas of shared/series.ts (which re-exports them).
 */
export const REGULARS_LIMITS = {
  windowHoursMin: 1,
  windowHoursMax: 7 * 24,
  windowHoursDefault: 24,
  ofLastMax: 12,
  minGamesDefault: 3,
  ofLastDefault: 4,
  maxPercentMin: 10,
  maxPercentMax: 100,
  maxPercentDefault: 70,
} as const;
