import { eq } from "drizzle-orm";
import type { YourEventsResponse } from "../../shared/events.ts";
import { attendanceOf, classifyYourEvents, participationOf, type YourRegistration } from "../../shared/your-events.ts";
import type { Db } from "../db/client.ts";
import { event, registration } from "../db/schema.ts";
import { summaryColumns, toEventSummary } from "./event-summary.ts";

/**
 * Your Events: one query over the user's registrations (registration_user_idx) joined to their
 * events with spot counts; the sections follow from the shared classification
 * (src/shared/your-events.ts; docs/product-rules.md, "Your Events").
 */
export async function listMyEvents(options: { db: Db; userId: string; now: Date }): Promise<YourEventsResponse> {
  const { db, userId, now } = options;
  const rows = await db
    .select({
      ...summaryColumns,
      registrationStatus: registration.status,
      closedReason: registration.closedReason,
      checkedInAt: registration.checkedInAt,
      noShowAt: registration.noShowAt,
    })
    .from(registration)
    .innerJoin(event, eq(event.id, registration.eventId))
    .where(eq(registration.userId, userId));

  const registrations: YourRegistration[] = [];
  for (const { registrationStatus, closedReason, checkedInAt, noShowAt, ...summary } of rows) {
    const participation = participationOf(registrationStatus, closedReason);
    if (participation) registrations.push({ event: toEventSummary(summary), participation, attendance: attendanceOf(checkedInAt, noShowAt) });
  }
  return classifyYourEvents(registrations, now);
}
