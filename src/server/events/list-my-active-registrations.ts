import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { MyActiveRegistration, MyActiveRegistrationsResponse } from "#shared/my-registrations.ts";
import { ACTIVE_STATUSES } from "#shared/registrations.ts";
import type { Db } from "#server/db/client.ts";
import { event, registration } from "#server/db/schema.ts";

/**
 * The user's spots and waitlist places in games not yet over and not cancelled: one query on
 * registration_user_idx, the waitlist place counted beside each row the way the event page counts
 * it (waitlisted rows of the game and role, in arrival order). Per viewer, never cached
 * (docs/caches-and-sessions.md).
 */
export async function listMyActiveRegistrations(options: { db: Db; userId: string; now: Date }): Promise<MyActiveRegistrationsResponse> {
  const { db, userId, now } = options;
  const rows = await db
    .select({
      eventId: registration.eventId,
      role: registration.role,
      status: registration.status,
      waitlistPosition: sql<number | null>`case when ${registration.status} = 'waitlisted' then (
        select count(*) from "registration" ahead
         where ahead.event_id = ${registration.eventId} and ahead.role = ${registration.role}
           and ahead.status = 'waitlisted' and ahead.position <= ${registration.position}
      ) end`.mapWith((value: unknown) => (value === null ? null : Number(value))),
    })
    .from(registration)
    .innerJoin(event, eq(event.id, registration.eventId))
    .where(and(eq(registration.userId, userId), inArray(registration.status, [...ACTIVE_STATUSES]), eq(event.status, "active"), gte(event.endsAt, now)));
  return { registrations: rows.map((row) => ({ ...row, status: row.status as MyActiveRegistration["status"] })) };
}
