import { and, eq } from "drizzle-orm";
import { DEFAULT_SIGMA, muFromStars, TEAMS_MESSAGES, type TeamsSheet } from "#shared/teams.ts";
import type { Database } from "#server/db/client.ts";
import { DEFAULT_COMMUNITY, playerRating, registration, registrationGuest } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import { withEventLock } from "#server/events/game-lock.ts";
import { readTeamsSheet, savedTeams } from "./get-teams-sheet.ts";
import { recomputeRatings } from "./recompute-ratings.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/**
 * PUT /api/admin/events/:id/teams/stars/:registrationId { stars }: the organiser's rough rating of
 * a player of this game (1 to 5 stars, or null). It is the seed their rating starts from, so the
 * community's history is replayed from it (a player with games keeps what the games say on top).
 * A +1 guest has no account and so no rating: refused (422), whatever the id names.
 */
export async function setStars(database: Database, options: { eventId: string; registrationId: string; stars: number | null; now: Date }): Promise<TeamsSheet> {
  const { eventId, registrationId, stars, now } = options;
  return withEventLock(database, eventId, async (tx, game) => {
    const [guest] = await tx.db
      .select({ id: registrationGuest.id })
      .from(registrationGuest)
      .innerJoin(registration, eq(registration.id, registrationGuest.registrationId))
      .where(and(eq(registrationGuest.id, registrationId), eq(registration.eventId, eventId)));
    if (guest) throw new AppError("rule", TEAMS_MESSAGES.guestNoRating);
    const [row] = await tx.db
      .select({ userId: registration.userId, status: registration.status })
      .from(registration)
      .where(and(eq(registration.id, registrationId), eq(registration.eventId, eventId)));
    if (!row || row.status !== "confirmed") throw new AppError("not_found", TEAMS_MESSAGES.notAPlayer);
    if (row.userId === null) throw new AppError("rule", errorText("errors.teams.deletedNoRating"));
    const community = (await savedTeams(tx.db, eventId))?.community ?? DEFAULT_COMMUNITY;
    await tx.db
      .insert(playerRating)
      .values({ community, userId: row.userId, stars, mu: muFromStars(stars), sigma: DEFAULT_SIGMA })
      .onConflictDoUpdate({ target: [playerRating.community, playerRating.userId], set: { stars } });
    await recomputeRatings(tx.db, community);
    return readTeamsSheet(tx.db, game, now);
  });
}
