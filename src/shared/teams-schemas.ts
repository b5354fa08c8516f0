import { z } from "zod";
import { errorKey } from "./i18n/error-key.ts";
import { MAX_GOALS, MAX_SCORES, MAX_STARS, MAX_TEAMS, MIN_STARS, MIN_TEAMS } from "./teams.ts";

/**
 * The teams' request bodies (docs/http-api.md). Apart from teams.ts so that the event page, which
 * only shows the published teams, does not load Zod.
 */

const teamCount = z
  .number({ error: `The number of teams must be from ${MIN_TEAMS} to ${MAX_TEAMS}.` })
  .int({ error: `The number of teams must be from ${MIN_TEAMS} to ${MAX_TEAMS}.` })
  .min(MIN_TEAMS, { error: `The number of teams must be from ${MIN_TEAMS} to ${MAX_TEAMS}.` })
  .max(MAX_TEAMS, { error: `The number of teams must be from ${MIN_TEAMS} to ${MAX_TEAMS}.` });

const registrationId = z.guid({ error: "A player's id is not valid." });
const teamIndex = z
  .number({ error: "A team must be given by its number." })
  .int({ error: "A team must be given by its number." })
  .min(0, { error: "A team must be given by its number." })
  .max(MAX_TEAMS - 1, { error: "A team must be given by its number." });
const locks = z.record(registrationId, teamIndex, { error: "Locks must name players and their teams." });

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
    teams: z.array(z.array(registrationId).max(200), { error: "Teams must be lists of players." }).min(MIN_TEAMS).max(MAX_TEAMS, { error: `The number of teams must be from ${MIN_TEAMS} to ${MAX_TEAMS}.` }),
    locks: locks.default({}),
    together,
    guestsApart,
    publish: z.boolean({ error: "publish must be true or false" }),
  })
  .strict();
export type TeamsPutBody = z.infer<typeof teamsPutSchema>;

const goals = z
  .number({ error: `A score is a whole number from 0 to ${MAX_GOALS}.` })
  .int({ error: `A score is a whole number from 0 to ${MAX_GOALS}.` })
  .min(0, { error: `A score is a whole number from 0 to ${MAX_GOALS}.` })
  .max(MAX_GOALS, { error: `A score is a whole number from 0 to ${MAX_GOALS}.` });

/** PUT /api/admin/events/:id/teams/scores: the whole result (one or several short games); replaces the last. */
export const scoresPutSchema = z
  .object({
    scores: z
      .array(z.object({ teams: z.tuple([teamIndex, teamIndex]), goals: z.tuple([goals, goals]) }).strict())
      .min(1, { error: "Enter at least one score." })
      .max(MAX_SCORES, { error: `At most ${MAX_SCORES} short games in one result.` }),
  })
  .strict();
export type ScoresPutBody = z.infer<typeof scoresPutSchema>;

/** PUT /api/admin/events/:id/teams/stars/:registrationId: the organiser's rough rating, or null to clear it. */
export const starsPutSchema = z
  .object({
    stars: z
      .number({ error: `A rough rating is ${MIN_STARS} to ${MAX_STARS} stars.` })
      .int({ error: `A rough rating is ${MIN_STARS} to ${MAX_STARS} stars.` })
      .min(MIN_STARS, { error: `A rough rating is ${MIN_STARS} to ${MAX_STARS} stars.` })
      .max(MAX_STARS, { error: `A rough rating is ${MIN_STARS} to ${MAX_STARS} stars.` })
      .nullable(),
  })
  .strict();
export type StarsPutBody = z.infer<typeof starsPutSchema>;
