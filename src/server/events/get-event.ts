import { and, asc, eq, inArray } from "drizzle-orm";
import type { EventDetail, Participant } from "../../shared/events.ts";
import type { Db } from "../db/client.ts";
import { event, registration, user } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { isEventId, summaryColumns, toEventSummary } from "./event-summary.ts";

export const EVENT_NOT_FOUND = "Event not found.";

/**
 * One event with the lists derived from its registration rows (DESIGN §6): players and goalkeepers
 * hold confirmed spots, waitlists are in arrival order, refundedUsers are ids. Only names of other
 * users are exposed, never their emails. Two indexed queries.
 */
export async function getEventDetail(options: { db: Db; id: string }): Promise<EventDetail> {
  const { db, id } = options;
  if (!isEventId(id)) throw new AppError("not_found", EVENT_NOT_FOUND);
  const [row] = await db
    .select({ ...summaryColumns, organizerName: event.organizerName, organizerEmail: event.organizerEmail })
    .from(event)
    .where(eq(event.id, id));
  if (!row) throw new AppError("not_found", EVENT_NOT_FOUND);

  const registrations = await db
    .select({ userId: registration.userId, role: registration.role, status: registration.status, name: user.name })
    .from(registration)
    .innerJoin(user, eq(user.id, registration.userId))
    .where(and(eq(registration.eventId, id), inArray(registration.status, ["confirmed", "waitlisted", "refunded"])))
    .orderBy(asc(registration.position));

  const list = (role: "player" | "goalkeeper", status: "confirmed" | "waitlisted"): Participant[] =>
    registrations.filter((r) => r.role === role && r.status === status).map((r) => ({ userId: r.userId, name: r.name }));

  const { organizerName, organizerEmail, ...summary } = row;
  return {
    ...toEventSummary(summary),
    organizer: organizerEmail ? { name: organizerName ?? "", email: organizerEmail } : null,
    players: list("player", "confirmed"),
    goalkeepers: list("goalkeeper", "confirmed"),
    playerWaitList: list("player", "waitlisted"),
    goalkeeperWaitList: list("goalkeeper", "waitlisted"),
    refundedUsers: [...new Set(registrations.filter((r) => r.status === "refunded").map((r) => r.userId))],
  };
}
