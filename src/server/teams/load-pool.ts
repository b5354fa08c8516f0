import { and, eq } from "drizzle-orm";
import { DEFAULT_SIGMA, muFromStars, type TeamsCandidate, type TeamsSheet } from "#shared/teams.ts";
import type { Db } from "#server/db/client.ts";
import { playerRating, registration, user } from "#server/db/schema.ts";
import { guestsByRegistration } from "#server/events/guests-by-registration.ts";
import { playerName } from "./member-names.ts";

export interface Pool {
  source: TeamsSheet["poolSource"];
  /**
   * Players by name (then registration id), each followed by their guests in the order the player
   * gave them: the check-in list's order, stable for the screen. The search orders by member id itself.
   */
  candidates: TeamsCandidate[];
}

/**
 * Who the teams are made from: the players and goalkeepers checked in, once anyone is; before
 * check-in starts, everyone with a confirmed spot. Each with their rating in the community (the
 * seed's when they have played no rated game yet). Each active guest of a party in the pool is a
 * candidate of their own (docs/teams-and-ratings.md, "Guests"): guests are checked in with their
 * player, join as players only, and have no account, so they play at the default rating, unrated.
 */
export async function loadPool(db: Db, eventId: string, community: string): Promise<Pool> {
  const rows = await db
    .select({
      registrationId: registration.id,
      role: registration.role,
      checkedInAt: registration.checkedInAt,
      userId: registration.userId,
      firstName: user.firstName,
      lastName: user.lastName,
      mu: playerRating.mu,
      sigma: playerRating.sigma,
      games: playerRating.games,
      stars: playerRating.stars,
    })
    .from(registration)
    .leftJoin(user, eq(user.id, registration.userId))
    .leftJoin(playerRating, and(eq(playerRating.userId, registration.userId), eq(playerRating.community, community)))
    .where(and(eq(registration.eventId, eventId), eq(registration.status, "confirmed")));
  const anyCheckedIn = rows.some((row) => row.checkedInAt !== null);
  const chosen = anyCheckedIn ? rows.filter((row) => row.checkedInAt !== null) : rows;
  const players = chosen
    .map(
      (row): TeamsCandidate => ({
        memberId: row.registrationId,
        name: playerName(row),
        guestOf: null,
        role: row.role,
        checkedIn: row.checkedInAt !== null,
        mu: row.mu ?? muFromStars(row.stars ?? null),
        sigma: row.sigma ?? DEFAULT_SIGMA,
        games: row.games ?? 0,
        stars: row.stars ?? null,
        rated: row.userId !== null,
      }),
    )
    .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.memberId.localeCompare(b.memberId));
  // Active guests of confirmed parties; a party whose player is out of the pool brings nobody.
  const parties = await guestsByRegistration(db, eventId, ["confirmed"]);
  const candidates = players.flatMap((player) => [
    player,
    ...(parties.get(player.memberId) ?? []).map(
      (guest): TeamsCandidate => ({
        memberId: guest.id,
        name: guest.name,
        guestOf: { registrationId: player.memberId, name: player.name },
        role: "player",
        checkedIn: player.checkedIn,
        mu: muFromStars(null),
        sigma: DEFAULT_SIGMA,
        games: 0,
        stars: null,
        rated: false,
      }),
    ),
  ]);
  return { source: anyCheckedIn ? "checked_in" : "confirmed", candidates };
}
