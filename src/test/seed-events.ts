import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/client.ts";
import { event, registration, user } from "#server/db/schema.ts";

/** Test fixtures: rows written straight to the database, for states the API cannot reach quickly. */

const HOUR = 3_600_000;

export async function insertEvent(
  db: Db,
  options: Partial<typeof event.$inferInsert> & { startsInHours?: number; durationMinutes?: number } = {},
) {
  const { startsInHours = 48, durationMinutes = 90, ...overrides } = options;
  const startsAt = overrides.startsAt ?? new Date(Date.now() + startsInHours * HOUR);
  const [row] = await db
    .insert(event)
    .values({
      title: "Sunday pick-up",
      timeZone: "America/New_York",
      latitude: 40.7812,
      longitude: -73.9665,
      locationName: "Riverside Park",
      costCents: 1000,
      maxPlayers: 10,
      ...overrides,
      startsAt,
      endsAt: overrides.endsAt ?? new Date(startsAt.getTime() + durationMinutes * 60_000),
      durationMinutes,
    })
    .returning();
  return row!;
}

export async function insertUser(db: Db, options: { firstName?: string; lastName?: string; email?: string; notifyNewEvents?: boolean; emailVerified?: boolean } = {}) {
  const firstName = options.firstName ?? "Pat";
  const lastName = options.lastName ?? "Player";
  const id = randomUUID();
  const [row] = await db
    .insert(user)
    .values({
      id,
      firstName,
      lastName,
      name: `${firstName} ${lastName}`,
      email: options.email ?? `${id}@example.com`,
      emailVerified: options.emailVerified ?? true,
      notifyNewEvents: options.notifyNewEvents ?? true,
    })
    .returning();
  return row!;
}

export async function insertRegistration(
  db: Db,
  values: { eventId: string; userId: string; role?: "player" | "goalkeeper"; status: (typeof registration.$inferInsert)["status"] },
) {
  const [row] = await db
    .insert(registration)
    .values({ role: "player", ...values })
    .returning();
  return row!;
}
