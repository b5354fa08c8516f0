import { asc, eq } from "drizzle-orm";
import { displayName } from "../../shared/account.ts";
import { type PublishedTeams, teamName } from "../../shared/teams.ts";
import type { Db } from "../db/client.ts";
import { event, registration, teamMember, user } from "../db/schema.ts";
import { EVENT_NOT_FOUND } from "../events/get-event.ts";
import { AppError } from "../http/errors.ts";
import { savedTeams } from "./get-teams-sheet.ts";

const NOTHING: PublishedTeams = { published: false, teams: [], yours: null, scores: [] };

/**
 * GET /api/events/:id/teams: the published teams as the players see them: each team's colour and
 * its players by name (never in rating order, never a number), the viewer's own team, the result.
 */
export async function getPublishedTeams(db: Db, options: { eventId: string; viewerId: string }): Promise<PublishedTeams> {
  const [game] = await db.select({ id: event.id }).from(event).where(eq(event.id, options.eventId));
  if (!game) throw new AppError("not_found", EVENT_NOT_FOUND);
  const saved = await savedTeams(db, options.eventId);
  if (!saved?.publishedAt) return NOTHING;
  const rows = await db
    .select({ team: teamMember.team, role: registration.role, userId: registration.userId, firstName: user.firstName, lastName: user.lastName })
    .from(teamMember)
    .innerJoin(registration, eq(registration.id, teamMember.registrationId))
    .leftJoin(user, eq(user.id, registration.userId))
    .where(eq(teamMember.eventId, options.eventId))
    .orderBy(asc(teamMember.registrationId));
  const teams = Array.from({ length: saved.teamCount }, (_, index) => ({
    name: teamName(index, saved.teamCount),
    players: rows
      .filter((row) => row.team === index)
      .map((row) => ({ name: row.firstName === null ? "Deleted account" : displayName(row.firstName, row.lastName ?? ""), role: row.role }))
      // Goalkeepers first, then by name: an order that says nothing about anyone's rating.
      .sort((a, b) => (a.role === b.role ? a.name.localeCompare(b.name, "en", { sensitivity: "base" }) : a.role === "goalkeeper" ? -1 : 1)),
  }));
  const mine = rows.find((row) => row.userId === options.viewerId);
  return { published: true, teams, yours: mine ? mine.team : null, scores: saved.scores };
}
