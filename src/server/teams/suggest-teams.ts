import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { MIN_PLAYERS_PER_TEAM, TEAMS_MESSAGES, type TeamsSuggestions, teamsWindow, winChances } from "#shared/teams.ts";
import type { Database } from "#server/db/client.ts";
import { DEFAULT_COMMUNITY, event } from "#server/db/schema.ts";
import { EVENT_NOT_FOUND } from "#server/events/get-event.ts";
import { AppError } from "#server/http/errors.ts";
import { loadPool } from "./load-pool.ts";
import { type KeptTogether, strangerKeptTogether, togetherGroups } from "./kept-together.ts";
import { SplitError, splitTeams } from "./split-teams.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/**
 * POST /api/admin/events/:id/teams/suggestions { teamCount, locks }: the best few splits of the
 * pool (docs/teams-and-ratings.md, "Making teams"), best first, each with its strengths and win
 * chances. Nothing is saved: the admin swaps, re-rolls among them and then saves or publishes.
 * Guests are outfield players like any other (their member id is the guest's id), kept in their
 * player's team unless the organiser lets them play apart; groups the organiser keeps together stay
 * together (kept-together.ts). Constraints no split can keep are a 422 that says so.
 */
export async function suggestTeams(
  database: Database,
  options: { eventId: string; teamCount: number; locks: Record<string, number>; now: Date } & KeptTogether,
): Promise<TeamsSuggestions> {
  const [game] = await database.db.select({ startsAt: event.startsAt, status: event.status }).from(event).where(eq(event.id, options.eventId));
  if (!game) throw new AppError("not_found", EVENT_NOT_FOUND);
  assertTeamsOpen(game, options.now);
  const pool = await loadPool(database.db, options.eventId, DEFAULT_COMMUNITY);
  if (pool.candidates.length < options.teamCount * MIN_PLAYERS_PER_TEAM) throw new AppError("rule", TEAMS_MESSAGES.tooFewPlayers);
  const byId = new Map(pool.candidates.map((candidate) => [candidate.memberId, candidate]));
  for (const [id, team] of Object.entries(options.locks)) {
    if (!byId.has(id)) throw new AppError("rule", TEAMS_MESSAGES.notAPlayer);
    if (team >= options.teamCount) throw new AppError("validation", errorText("errors.teams.lockUnknownTeam"));
  }
  if (strangerKeptTogether(pool.candidates, options) !== null) throw new AppError("rule", TEAMS_MESSAGES.notAPlayer);

  const started = performance.now();
  let result;
  try {
    result = splitTeams({
      players: pool.candidates.map((candidate) => ({ id: candidate.memberId, role: candidate.role, mu: candidate.mu })),
      teamCount: options.teamCount,
      locks: options.locks,
      together: togetherGroups(pool.candidates, options),
    });
  } catch (error) {
    if (error instanceof SplitError) throw new AppError("rule", error.text);
    throw error;
  }
  const ms = performance.now() - started;
  return {
    splits: result.splits.map((split) => ({
      teams: split.teams,
      strengths: split.strengths,
      winChances: winChances(split.teams.map((team) => team.map((id) => byId.get(id)!))),
    })),
    searched: result.searched,
    exhaustive: result.exhaustive,
    ms: Math.round(ms * 10) / 10,
  };
}

export function assertTeamsOpen(game: { startsAt: Date; status: "active" | "cancelled" }, now: Date) {
  const { state } = teamsWindow(game, now);
  if (state === "cancelled") throw new AppError("rule", TEAMS_MESSAGES.cancelled);
  if (state === "not_yet") throw new AppError("rule", TEAMS_MESSAGES.notYet);
}
