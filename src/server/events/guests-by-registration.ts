import { and, asc, eq, inArray } from "drizzle-orm";
import { guestDisplayName, type GuestView } from "#shared/guests.ts";
import type { RegistrationStatus } from "#shared/registrations.ts";
import type { Db } from "#server/db/client.ts";
import { registration, registrationGuest } from "#server/db/schema.ts";

/**
 * The guests still in each party of a game (docs/guests.md), by registration, in the order the player
 * gave them, for the registrations in `statuses`: the event page's lists, the check-in list.
 */
export async function guestsByRegistration(db: Db, eventId: string, statuses: RegistrationStatus[]): Promise<Map<string, GuestView[]>> {
  const rows = await db
    .select({ id: registrationGuest.id, registrationId: registrationGuest.registrationId, firstName: registrationGuest.firstName, lastName: registrationGuest.lastName })
    .from(registrationGuest)
    .innerJoin(registration, eq(registration.id, registrationGuest.registrationId))
    .where(and(eq(registration.eventId, eventId), eq(registrationGuest.status, "active"), inArray(registration.status, statuses)))
    .orderBy(asc(registrationGuest.registrationId), asc(registrationGuest.ordinal));
  const parties = new Map<string, GuestView[]>();
  for (const row of rows) {
    const party = parties.get(row.registrationId) ?? [];
    party.push({ id: row.id, name: guestDisplayName(row) });
    parties.set(row.registrationId, party);
  }
  return parties;
}
