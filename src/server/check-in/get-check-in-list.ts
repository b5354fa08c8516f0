import { and, eq } from "drizzle-orm";
import { type CheckInList, type CheckInPerson, checkInWindow, countCheckedIn, noShowRules } from "#shared/check-in.ts";
import { displayName } from "#shared/account.ts";
import type { Database, Db } from "#server/db/client.ts";
import { event, registration, user } from "#server/db/schema.ts";
import { EVENT_NOT_FOUND } from "#server/events/get-event.ts";
import { AppError } from "#server/http/errors.ts";
import type { GuestView } from "#shared/guests.ts";
import { guestsByRegistration } from "#server/events/guests-by-registration.ts";

type GameRow = Pick<typeof event.$inferSelect, "id" | "title" | "startsAt" | "endsAt" | "status">;

/** GET /api/admin/events/:id/check-in: a read, outside the event lock. */
export async function getCheckInList(database: Database, options: { eventId: string; now: Date }): Promise<CheckInList> {
  const [game] = await database.db
    .select({ id: event.id, title: event.title, startsAt: event.startsAt, endsAt: event.endsAt, status: event.status })
    .from(event)
    .where(eq(event.id, options.eventId));
  if (!game) throw new AppError("not_found", EVENT_NOT_FOUND);
  return readCheckInList(database.db, game, options.now);
}

/**
 * The list as it stands: the game's confirmed players and goalkeepers (the people expected at the
 * pitch; a spot still being paid for or a waitlist place is not), by name, with the window and the
 * no-show rules for this clock. One indexed query (registration_event_role_status_idx); also run
 * inside the lock by the writes that answer with the whole list.
 */
export async function readCheckInList(db: Db, game: GameRow, now: Date): Promise<CheckInList> {
  const people = await confirmedPeople(db, game.id);
  return {
    event: { id: game.id, title: game.title, startsAt: game.startsAt.toISOString(), endsAt: game.endsAt.toISOString(), status: game.status },
    window: checkInWindow(game, now),
    noShows: { ...noShowRules(game, now), marked: people.filter((person) => person.noShow).length },
    counts: countCheckedIn(people),
    people,
  };
}

/** The game's confirmed players and goalkeepers, by name, each with the guests they brought (checked in with them). */
export async function confirmedPeople(db: Db, eventId: string): Promise<CheckInPerson[]> {
  const rows = await db
    .select({
      registrationId: registration.id,
      role: registration.role,
      checkedInAt: registration.checkedInAt,
      noShowAt: registration.noShowAt,
      firstName: user.firstName,
      lastName: user.lastName,
    })
    .from(registration)
    .leftJoin(user, eq(user.id, registration.userId))
    .where(and(eq(registration.eventId, eventId), eq(registration.status, "confirmed")));
  const parties = await guestsByRegistration(db, eventId, ["confirmed"]);
  return rows
    .map((row) => toPerson(row, parties.get(row.registrationId) ?? [])).sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.registrationId.localeCompare(b.registrationId));
}

function toPerson(row: {
  registrationId: string;
  role: CheckInPerson["role"];
  checkedInAt: Date | null;
  noShowAt: Date | null;
  firstName: string | null;
  lastName: string | null;
}, guests: GuestView[]): CheckInPerson {
  return {
    registrationId: row.registrationId,
    // A confirmed spot outlives its account only until the deletion releases it; name it meanwhile.
    name: row.firstName === null ? "Deleted account" : displayName(row.firstName, row.lastName ?? ""),
    role: row.role,
    checkedIn: row.checkedInAt !== null,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    noShow: row.noShowAt !== null,
    guests: guests.map((guest) => guest.name),
  };
}
