import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { event, gameScore, playerRating, registration, teamMember, teamSheet } from "#server/db/schema.ts";
import { memberIdOf } from "./member-id.ts";
import { type ReplayGame, replayRatings } from "./replay-ratings.ts";

/**
 * Recomputes a community's ratings from its whole history (docs/teams-and-ratings.md, "Replay"):
 * every game with a result, in kick-off order (then by id), replayed from each player's seed. Run
 * in the transaction that changed a result, the teams of a game with a result, or a seed, after a
 * lock on the community, so two recomputes never interleave and the last one sees every change.
 * Derived columns only: mu, sigma and games are overwritten, the stars (the seed) are kept. A +1
 * guest plays in their team at the default rating and is never rated (no row is written for them).
 */
export async function recomputeRatings(db: Db, community: string): Promise<{ games: number; players: number }> {
  // Lock order: the game's row (withEventLock) first, then the community's.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`ratings:${community}`}))`);

  const sheets = await db
    .select({ eventId: teamSheet.eventId, teamCount: teamSheet.teamCount })
    .from(teamSheet)
    .innerJoin(event, eq(event.id, teamSheet.eventId))
    .where(sql`${teamSheet.community} = ${community} and exists (select 1 from ${gameScore} where ${gameScore.eventId} = ${teamSheet.eventId})`)
    .orderBy(asc(event.startsAt), asc(event.id));
  const eventIds = sheets.map((sheet) => sheet.eventId);

  // A guest's row has no registration (guest_id instead): their user id is null, so the replay plays
  // them at the default rating and keeps nothing for them, as for a deleted account.
  const members = eventIds.length
    ? await db
        .select({ eventId: teamMember.eventId, team: teamMember.team, userId: registration.userId })
        .from(teamMember)
        .leftJoin(registration, eq(registration.id, teamMember.registrationId))
        .where(inArray(teamMember.eventId, eventIds))
        .orderBy(asc(memberIdOf))
    : [];
  const scores = eventIds.length
    ? await db.select().from(gameScore).where(inArray(gameScore.eventId, eventIds)).orderBy(asc(gameScore.eventId), asc(gameScore.seq))
    : [];
  const seeds = await db.select({ userId: playerRating.userId, stars: playerRating.stars }).from(playerRating).where(eq(playerRating.community, community));

  const games: ReplayGame[] = sheets.map((sheet) => ({
    teams: Array.from({ length: sheet.teamCount }, (_, team) => members.filter((m) => m.eventId === sheet.eventId && m.team === team).map((m) => m.userId)),
    scores: scores.filter((s) => s.eventId === sheet.eventId).map((s) => ({ teams: [s.teamA, s.teamB], goals: [s.goalsA, s.goalsB] })),
  }));
  const ratings = replayRatings(new Map(seeds.map((seed) => [seed.userId, seed.stars])), games);

  const rows = [...ratings].map(([userId, rated]) => ({ community, userId, mu: rated.mu, sigma: rated.sigma, games: rated.games }));
  // In slices: one statement's parameters are limited (65,535), a community may be large.
  for (let at = 0; at < rows.length; at += 1_000) {
    await db
      .insert(playerRating)
      .values(rows.slice(at, at + 1_000))
      .onConflictDoUpdate({
        target: [playerRating.community, playerRating.userId],
        set: { mu: sql`excluded.mu`, sigma: sql`excluded.sigma`, games: sql`excluded.games`, updatedAt: new Date() },
      });
  }
  return { games: games.length, players: rows.length };
}
