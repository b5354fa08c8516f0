import { eq } from "drizzle-orm";
import { canEnterResults, TEAMS_MESSAGES, type TeamsScore, type TeamsSheet } from "#shared/teams.ts";
import type { Database } from "#server/db/client.ts";
import { gameScore } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import { withEventLock } from "#server/events/game-lock.ts";
import { readTeamsSheet, savedTeams } from "./get-teams-sheet.ts";
import { recomputeRatings } from "./recompute-ratings.ts";

/**
 * PUT /api/admin/events/:id/teams/scores { scores }: the game's whole result, one or several short
 * games. It replaces the result entered before, and the community's ratings are replayed from the
 * history (docs/teams-and-ratings.md, "Replay"), so entering the same result twice changes nothing.
 */
export async function saveScores(database: Database, options: { eventId: string; scores: TeamsScore[]; now: Date }): Promise<TeamsSheet> {
  const { eventId, scores, now } = options;
  return withEventLock(database, eventId, async (tx, game) => {
    if (game.status === "cancelled") throw new AppError("rule", TEAMS_MESSAGES.cancelled);
    if (!canEnterResults(game, now)) throw new AppError("rule", TEAMS_MESSAGES.resultsTooEarly);
    const saved = await savedTeams(tx.db, eventId);
    if (!saved?.publishedAt) throw new AppError("rule", TEAMS_MESSAGES.notPublished);
    for (const score of scores) {
      if (score.teams.some((team) => team >= saved.teamCount)) throw new AppError("validation", TEAMS_MESSAGES.unknownTeam);
      if (score.teams[0] === score.teams[1]) throw new AppError("validation", TEAMS_MESSAGES.sameTeam);
    }
    await tx.db.delete(gameScore).where(eq(gameScore.eventId, eventId));
    await tx.db.insert(gameScore).values(
      scores.map((score, seq) => ({ eventId, seq, teamA: score.teams[0], teamB: score.teams[1], goalsA: score.goals[0], goalsB: score.goals[1] })),
    );
    await recomputeRatings(tx.db, saved.community);
    return readTeamsSheet(tx.db, game, now);
  });
}
