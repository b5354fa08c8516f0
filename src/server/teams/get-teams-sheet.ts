import { asc, eq } from "drizzle-orm";
import { canEnterResults, type TeamsScore, type TeamsSheet, teamsWindow } from "#shared/teams.ts";
import type { Database, Db } from "#server/db/client.ts";
import { DEFAULT_COMMUNITY, event, gameScore, teamMember, teamSheet } from "#server/db/schema.ts";
import { EVENT_NOT_FOUND } from "#server/events/get-event.ts";
import { AppError } from "#server/http/errors.ts";
import { goneMembers } from "./gone-members.ts";
import { loadPool } from "./load-pool.ts";
import { memberIdOf } from "./member-id.ts";

type GameRow = Pick<typeof event.$inferSelect, "id" | "title" | "startsAt" | "endsAt" | "status">;

/** GET /api/admin/events/:id/teams: a read, outside the event lock. */
export async function getTeamsSheet(database: Database, options: { eventId: string; now: Date }): Promise<TeamsSheet> {
  const [game] = await database.db
    .select({ id: event.id, title: event.title, startsAt: event.startsAt, endsAt: event.endsAt, status: event.status })
    .from(event)
    .where(eq(event.id, options.eventId));
  if (!game) throw new AppError("not_found", EVENT_NOT_FOUND);
  return readTeamsSheet(database.db, game, options.now);
}

/** The admin's screen: the pool with ratings, the teams saved, the result; also answered by the writes. */
export async function readTeamsSheet(db: Db, game: GameRow, now: Date): Promise<TeamsSheet> {
  const saved = await savedTeams(db, game.id);
  const pool = await loadPool(db, game.id, saved?.community ?? DEFAULT_COMMUNITY);
  const gone = saved ? await goneMembers(db, game.id, saved.teams.flat(), pool) : [];
  return {
    event: { id: game.id, title: game.title, startsAt: game.startsAt.toISOString(), endsAt: game.endsAt.toISOString(), status: game.status },
    window: teamsWindow(game, now),
    canEnterResults: canEnterResults(game, now),
    poolSource: pool.source,
    candidates: pool.candidates,
    saved: saved && { teams: saved.teams, locks: saved.locks, publishedAt: saved.publishedAt, gone },
    scores: saved?.scores ?? [],
  };
}

export interface SavedTeams {
  community: string;
  teamCount: number;
  teams: string[][];
  locks: Record<string, number>;
  publishedAt: string | null;
  scores: TeamsScore[];
}

/**
 * A game's saved teams (member ids, in id order within a team) and result; null when none were
 * saved. Everyone saved, including who no longer plays: the screen then says the teams no longer match.
 */
export async function savedTeams(db: Db, eventId: string): Promise<SavedTeams | null> {
  const [sheet] = await db.select().from(teamSheet).where(eq(teamSheet.eventId, eventId));
  if (!sheet) return null;
  const members = await db
    .select({ memberId: memberIdOf, team: teamMember.team, locked: teamMember.locked })
    .from(teamMember)
    .where(eq(teamMember.eventId, eventId))
    .orderBy(asc(memberIdOf));
  const scores = await db.select().from(gameScore).where(eq(gameScore.eventId, eventId)).orderBy(asc(gameScore.seq));
  const teams = Array.from({ length: sheet.teamCount }, (_, team) => members.filter((member) => member.team === team).map((member) => member.memberId));
  return {
    community: sheet.community,
    teamCount: sheet.teamCount,
    teams,
    locks: Object.fromEntries(members.filter((member) => member.locked).map((member) => [member.memberId, member.team])),
    publishedAt: sheet.publishedAt?.toISOString() ?? null,
    scores: scores.map((score) => ({ teams: [score.teamA, score.teamB], goals: [score.goalsA, score.goalsB] })),
  };
}
