import { and, eq, gt, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { MyActiveRegistration, MyActiveRegistrationsResponse } from "#shared/my-registrations.ts";
import { ACTIVE_STATUSES } from "#shared/registrations.ts";
import type { Db } from "#server/db/client.ts";
import { event, registration } from "#server/db/schema.ts";
import { regularsOf, regularsRuleOf } from "./regulars.ts";

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
  const regularOf = await gamesWhereRegular(db, userId, now);
  return { registrations: rows.map((row) => ({ ...row, status: row.status as MyActiveRegistration["status"] })), ...(regularOf.length > 0 && { regularOf }) };
}

/**
 * The coming games with a regulars' window not open to everyone yet where the user is a regular.
 * Who is a regular is counted over the series' games played before now, so it is the same for every
 * coming game of a series: asked once per series (a handful), one statement each.
 */
async function gamesWhereRegular(db: Db, userId: string, now: Date): Promise<string[]> {
  const games = await db
    .select({ id: event.id, seriesId: event.seriesId, startsAt: event.startsAt, registrationOpensAt: event.registrationOpensAt, regularsOpenAt: event.regularsOpenAt })
    .from(event)
    .where(and(eq(event.status, "active"), isNotNull(event.regularsOpenAt), gt(event.registrationOpensAt, now), gt(event.startsAt, now)));
  const bySeries = new Map<string, typeof games>();
  for (const game of games) if (game.seriesId) bySeries.set(game.seriesId, [...(bySeries.get(game.seriesId) ?? []), game]);
  const found: string[] = [];
  for (const series of bySeries.values()) {
    const first = series[0]!;
    const rule = await regularsRuleOf(db, first);
    if (!rule) continue;
    if ((await regularsOf(db, first, rule, now, userId)).includes(userId)) found.push(...series.map((game) => game.id));
  }
  return found;
}
