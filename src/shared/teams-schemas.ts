import { z } from "zod";
import { errorKey } from "./i18n/error-key.ts";
import { MAX_GOALS, MAX_SCORES, MAX_STARS, MAX_TEAMS, MIN_STARS, MIN_TEAMS } from "./teams.ts";

/**
 * The teams' request bodies (docs/http-api.md). Apart from teams.ts so that the event page, which
 * only shows the published teams, does not load Zod.
 */

const TEAM_COUNT = errorKey("shared.teams.teamCount", { min: MIN_TEAMS, max: MAX_TEAMS });
const TEAM_INDEX = errorKey("shared.teams.teamIndex");
const GOALS = errorKey("shared.teams.goals", { max: MAX_GOALS });
const STARS = errorKey("shared.teams.stars", { min: MIN_STARS, max: MAX_STARS });

const teamCount = z
  .number({ error: TEAM_COUNT })
  .int({ error: TEAM_COUNT })
  .min(MIN_TEAMS, { error: TEAM_COUNT })
  .max(MAX_TEAMS, { error: TEAM_COUNT });

const registrationId = z.guid({ error: errorKey("shared.teams.playerId") });
const teamIndex = z
  .number({ error: TEAM_INDEX })
  .int({ error: TEAM_INDEX })
  .min(0, { error: TEAM_INDEX })
  .max(MAX_TEAMS - 1, { error: TEAM_INDEX });
const locks = z.record(registrationId, teamIndex, { error: errorKey("shared.teams.locks") });

/**
 * Who plays in one team (docs/teams-and-ratings.md, "Kept together"): groups the organiser keeps
 * together, and the guests they let play apart from the player who brought them (a guest is kept
 * with their player otherwise). Both optional: none kept, no guest apart.
 */
const together = z
  .array(z.array(registrationId, { error: errorKey("errors.teams.togetherShape") }).min(2, { error: errorKey("errors.teams.togetherShape") }).max(200), {
    error: errorKey("errors.teams.togetherShape"),
  })
  .max(100, { error: errorKey("errors.teams.togetherShape") })
  .optional();
const guestsApart = z.array(registrationId, { error: errorKey("errors.teams.togetherShape") }).max(200, { error: errorKey("errors.teams.togetherShape") }).optional();

/** POST /api/admin/events/:id/teams/suggestions: the best splits for these locks and who is kept together. */
export const teamsSuggestSchema = z.object({ teamCount, locks: locks.default({}), together, guestsApart }).strict();
export type TeamsSuggestBody = z.infer<typeof teamsSuggestSchema>;

/** PUT /api/admin/events/:id/teams: the teams as the admin left them; `publish` shows them to the players. */
export const teamsPutSchema = z
  .object({
    teams: z.array(z.array(registrationId).max(200), { error: errorKey("shared.teams.lists") }).min(MIN_TEAMS).max(MAX_TEAMS, { error: TEAM_COUNT }),
    locks: locks.default({}),
    together,
    guestsApart,
    publish: z.boolean({ error: errorKey("shared.teams.publish") }),
  })
  .strict();
export type TeamsPutBody = z.infer<typeof teamsPutSchema>;

const goals = z
  .number({ error: GOALS })
  .int({ error: GOALS })
  .min(0, { error: GOALS })
  .max(MAX_GOALS, { error: GOALS });

/** PUT /api/admin/events/:id/teams/scores: the whole result (one or several short games); replaces the last. */
export const scoresPutSchema = z
  .object({
    scores: z
      .array(z.object({ teams: z.tuple([teamIndex, teamIndex]), goals: z.tuple([goals, goals]) }).strict())
      .min(1, { error: errorKey("shared.teams.atLeastOneScore") })
      .max(MAX_SCORES, { error: errorKey("shared.teams.maxScores", { max: MAX_SCORES }) }),
  })
  .strict();
export type ScoresPutBody = z.infer<typeof scoresPutSchema>;

/** PUT /api/admin/events/:id/teams/stars/:registrationId: the organiser's rough rating, or null to clear it. */
export const starsPutSchema = z
  .object({
    stars: z
      .number({ error: STARS })
      .int({ error: STARS })
      .min(MIN_STARS, { error: STARS })
      .max(MAX_STARS, { error: STARS })
      .nullable(),
  })
  .strict();
export type StarsPutBody = z.infer<typeof starsPutSchema>;
