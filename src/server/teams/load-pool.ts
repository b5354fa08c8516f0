import { and, eq } from "drizzle-orm";
import { displayName } from "../../shared/account.ts";
import { DEFAULT_SIGMA, muFromStars, type TeamsCandidate, type TeamsSheet } from "../../shared/teams.ts";
import type { Db } from "../db/client.ts";
import { playerRating, registration, user } from "../db/schema.ts";

export interface Pool {
  source: TeamsSheet["poolSource"];
  /** By name, then registration id: a stable order for the screen and the search. */
  candidates: TeamsCandidate[];
  /** Registration id → user id (null once the account is deleted). */
  userOf: Map<string, string | null>;
}

/**
 * Who the teams are made from: the players and goalkeepers checked in, once anyone is; before
 * check-in starts, everyone with a confirmed spot. Each with their rating in the community (the
 * seed's when they have played no rated game yet).
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
  const candidates = chosen
    .map(
      (row): TeamsCandidate => ({
        registrationId: row.registrationId,
        name: row.firstName === null ? "Deleted account" : displayName(row.firstName, row.lastName ?? ""),
        role: row.role,
        checkedIn: row.checkedInAt !== null,
        mu: row.mu ?? muFromStars(row.stars ?? null),
        sigma: row.sigma ?? DEFAULT_SIGMA,
        games: row.games ?? 0,
        stars: row.stars ?? null,
        rated: row.userId !== null,
      }),
    )
    .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.registrationId.localeCompare(b.registrationId));
  return { source: anyCheckedIn ? "checked_in" : "confirmed", candidates, userOf: new Map(chosen.map((row) => [row.registrationId, row.userId])) };
}
