import { eq } from "drizzle-orm";
import { checkSplit, type TeamsSheet } from "#shared/teams.ts";
import type { Database } from "#server/db/client.ts";
import { DEFAULT_COMMUNITY, gameScore, teamMember, teamSheet } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import { withEventLock } from "#server/events/game-lock.ts";
import { readTeamsSheet, savedTeams } from "./get-teams-sheet.ts";
import { goneMembers, guestRefusal } from "./gone-members.ts";
import { type KeptTogether, togetherRefusal } from "./kept-together.ts";
import { loadPool } from "./load-pool.ts";
import { recomputeRatings } from "./recompute-ratings.ts";
import { assertTeamsOpen } from "./suggest-teams.ts";

/**
 * PUT /api/admin/events/:id/teams { teams, locks, publish }: saves the teams as the admin left them
 * (a draft, or published for the players to see). The server checks the split against the pool as
 * it is now, under the game's lock (a check-in cannot slip in between): everyone once, nobody else,
 * keepers spread, sizes within one, locks kept; a guest who no longer plays (removed, their party
 * cancelled, their player not checked in) is refused with that rule, and so are a guest away from
 * their player (unless let apart) and a group kept together split up. A guest is saved by their own
 * id (team_member.guest_id, docs/teams-and-ratings.md, "Guests"). Changing the teams of a game with
 * a result changes history: the ratings are replayed. A new number of teams drops the old result
 * (it named teams that no longer exist).
 */
export async function saveTeams(
  database: Database,
  options: { eventId: string; teams: string[][]; locks: Record<string, number>; publish: boolean; now: Date } & KeptTogether,
): Promise<TeamsSheet> {
  const { eventId, teams, locks, publish, now } = options;
  return withEventLock(database, eventId, async (tx, game) => {
    assertTeamsOpen(game, now);
    const before = await savedTeams(tx.db, eventId);
    const community = before?.community ?? DEFAULT_COMMUNITY;
    const pool = await loadPool(tx.db, eventId, community);
    const refusal = guestRefusal(await goneMembers(tx.db, eventId, teams.flat(), pool)) ?? checkSplit({ teams, pool: pool.candidates, locks });
    if (refusal) throw new AppError("rule", refusal);
    const apart = togetherRefusal(teams, pool.candidates, options);
    if (apart) throw new AppError("rule", apart);
    const guests = new Set(pool.candidates.flatMap((candidate) => (candidate.guestOf ? [candidate.memberId] : [])));

    await tx.db
      .insert(teamSheet)
      .values({ eventId, community, teamCount: teams.length, publishedAt: publish ? now : null })
      .onConflictDoUpdate({ target: teamSheet.eventId, set: { teamCount: teams.length, publishedAt: publish ? now : null, updatedAt: now } });
    await tx.db.delete(teamMember).where(eq(teamMember.eventId, eventId));
    await tx.db.insert(teamMember).values(
      teams.flatMap((team, index) =>
        team.map((memberId) => ({
          eventId,
          ...(guests.has(memberId) ? { guestId: memberId } : { registrationId: memberId }),
          team: index,
          locked: locks[memberId] === index,
        })),
      ),
    );
    const hadResult = (before?.scores.length ?? 0) > 0;
    if (hadResult && before!.teamCount !== teams.length) await tx.db.delete(gameScore).where(eq(gameScore.eventId, eventId));
    if (hadResult) await recomputeRatings(tx.db, community);
    return readTeamsSheet(tx.db, game, now);
  });
}
