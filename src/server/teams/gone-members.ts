import { and, eq, inArray } from "drizzle-orm";
import { guestDisplayName } from "#shared/guests.ts";
import { TEAMS_MESSAGES, type TeamsGoneMember } from "#shared/teams.ts";
import type { Db } from "#server/db/client.ts";
import { registration, registrationGuest, user } from "#server/db/schema.ts";
import type { Pool } from "./load-pool.ts";
import { playerName } from "./member-names.ts";
import type { SharedKey } from "#shared/i18n/catalogs/areas.ts";

/**
 * The members of `memberIds` who are people of this game but not in the pool, each with why
 * (docs/teams-and-ratings.md, "When the teams no longer match"): a removed guest, a spot (or a guest's
 * party) no longer confirmed, someone (or a guest's player) not checked in once check-in has started.
 * Ids that are nobody of this game are left out: the split's rules refuse them (checkSplit).
 */
export async function goneMembers(db: Db, eventId: string, memberIds: readonly string[], pool: Pool): Promise<TeamsGoneMember[]> {
  const inPool = new Set(pool.candidates.map((candidate) => candidate.memberId));
  const missing = [...new Set(memberIds)].filter((id) => !inPool.has(id));
  if (missing.length === 0) return [];
  const people = await db
    .select({ id: registration.id, status: registration.status, firstName: user.firstName, lastName: user.lastName })
    .from(registration)
    .leftJoin(user, eq(user.id, registration.userId))
    .where(and(eq(registration.eventId, eventId), inArray(registration.id, missing)));
  const guests = await db
    .select({
      id: registrationGuest.id,
      guestStatus: registrationGuest.status,
      guestFirstName: registrationGuest.firstName,
      guestLastName: registrationGuest.lastName,
      hostId: registration.id,
      hostStatus: registration.status,
      firstName: user.firstName,
      lastName: user.lastName,
    })
    .from(registrationGuest)
    .innerJoin(registration, eq(registration.id, registrationGuest.registrationId))
    .leftJoin(user, eq(user.id, registration.userId))
    .where(and(eq(registration.eventId, eventId), inArray(registrationGuest.id, missing)));
  // Confirmed but not in the pool: check-in has started and they (or their player) are not checked in.
  const gone: TeamsGoneMember[] = [
    ...people.map((row): TeamsGoneMember => ({ memberId: row.id, name: playerName(row), guestOf: null, reason: row.status === "confirmed" ? "not_checked_in" : "not_confirmed" })),
    ...guests.map(
      (row): TeamsGoneMember => ({
        memberId: row.id,
        name: guestDisplayName({ firstName: row.guestFirstName, lastName: row.guestLastName }),
        guestOf: { registrationId: row.hostId, name: playerName(row) },
        reason: row.guestStatus === "removed" ? "guest_removed" : row.hostStatus === "confirmed" ? "not_checked_in" : "not_confirmed",
      }),
    ),
  ];
  const order = new Map(missing.map((id, index) => [id, index]));
  return gone.sort((a, b) => order.get(a.memberId)! - order.get(b.memberId)!);
}

/** The refusal for a save naming a guest who no longer plays: which rule (a 422, like the split's). */
export function guestRefusal(gone: readonly TeamsGoneMember[]): SharedKey | null {
  const guest = gone.find((member) => member.guestOf !== null);
  if (!guest) return null;
  if (guest.reason === "guest_removed") return TEAMS_MESSAGES.guestRemoved;
  return guest.reason === "not_confirmed" ? TEAMS_MESSAGES.guestPartyGone : TEAMS_MESSAGES.guestHostNotCheckedIn;
}
