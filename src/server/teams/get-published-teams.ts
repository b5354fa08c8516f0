import { and, eq } from "drizzle-orm";
import { guestDisplayName } from "#shared/guests.ts";
import { type PublishedTeams, teamName } from "#shared/teams.ts";
import type { Db } from "#server/db/client.ts";
import { event, registration, registrationGuest, teamMember, user } from "#server/db/schema.ts";
import { EVENT_NOT_FOUND } from "#server/events/get-event.ts";
import { AppError } from "#server/http/errors.ts";
import { savedTeams } from "./get-teams-sheet.ts";
import { playerName } from "./member-names.ts";

const NOTHING: PublishedTeams = { published: false, teams: [], yours: null, scores: [] };

type Shown = PublishedTeams["teams"][number]["players"][number] & { team: number };

/**
 * GET /api/events/:id/teams: the published teams as the players see them: each team's colour and
 * its players by name (never in rating order, never a number), the viewer's own team, the result.
 * A +1 guest is listed in their team with the name of the player who brought them; the viewer's own
 * team is the one they play in, whatever their guests' teams.
 *
 * Only people still playing are shown (docs/teams-and-ratings.md, "When the teams no longer match"):
 * a removed guest, a guest of a party since cancelled, or a player whose spot was cancelled drop out
 * of this view at once; the admin's screen names them and the admin makes the teams again.
 */
export async function getPublishedTeams(db: Db, options: { eventId: string; viewerId: string }): Promise<PublishedTeams> {
  const [game] = await db.select({ id: event.id }).from(event).where(eq(event.id, options.eventId));
  if (!game) throw new AppError("not_found", EVENT_NOT_FOUND);
  const saved = await savedTeams(db, options.eventId);
  if (!saved?.publishedAt) return NOTHING;
  const players = await db
    .select({ team: teamMember.team, role: registration.role, userId: registration.userId, firstName: user.firstName, lastName: user.lastName })
    .from(teamMember)
    .innerJoin(registration, eq(registration.id, teamMember.registrationId))
    .leftJoin(user, eq(user.id, registration.userId))
    .where(and(eq(teamMember.eventId, options.eventId), eq(registration.status, "confirmed")));
  const guests = await db
    .select({ team: teamMember.team, firstName: registrationGuest.firstName, lastName: registrationGuest.lastName, hostFirstName: user.firstName, hostLastName: user.lastName })
    .from(teamMember)
    .innerJoin(registrationGuest, eq(registrationGuest.id, teamMember.guestId))
    .innerJoin(registration, eq(registration.id, registrationGuest.registrationId))
    .leftJoin(user, eq(user.id, registration.userId))
    .where(and(eq(teamMember.eventId, options.eventId), eq(registrationGuest.status, "active"), eq(registration.status, "confirmed")));
  const shown: Shown[] = [
    ...players.map((row) => ({ team: row.team, name: playerName(row), role: row.role })),
    ...guests.map((row) => ({
      team: row.team,
      name: guestDisplayName(row),
      role: "player" as const,
      guestOf: playerName({ firstName: row.hostFirstName, lastName: row.hostLastName }),
    })),
  ];
  const byName = (a: Shown, b: Shown) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || (a.guestOf ?? "").localeCompare(b.guestOf ?? "", "en", { sensitivity: "base" });
  const teams = Array.from({ length: saved.teamCount }, (_, index) => ({
    name: teamName(index, saved.teamCount),
    players: shown
      .filter((row) => row.team === index)
      // Goalkeepers first, then by name: an order that says nothing about anyone's rating.
      .sort((a, b) => (a.role === b.role ? byName(a, b) : a.role === "goalkeeper" ? -1 : 1))
      .map(({ team: _team, ...player }) => player),
  }));
  const mine = players.find((row) => row.userId === options.viewerId);
  return { published: true, teams, yours: mine ? mine.team : null, scores: saved.scores };
}
