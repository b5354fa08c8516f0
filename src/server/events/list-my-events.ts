import { eq, sql } from "drizzle-orm";
import type { YourEventsResponse } from "#shared/events.ts";
import { attendanceOf, classifyYourEvents, participationOf, type YourRegistration } from "#shared/your-events.ts";
import type { Db } from "#server/db/client.ts";
import { event, registration } from "#server/db/schema.ts";
import { NO_FEE, summarizeLedger } from "#shared/ledger.ts";
import { ledgerByRegistration } from "#server/money/read-money.ts";
import { summaryColumns, toEventSummary } from "./event-summary.ts";

// The outer row spelled out, as in event-summary.ts: drizzle would print bare columns, which the subqueries would read as their own.
/** The place in its waitlist while waiting (as the event page counts it), else null. */
const waitlistPosition = sql<number | null>`case when "registration"."status" = 'waitlisted' then (select count(*) from "registration" w where w.event_id = "registration"."event_id" and w.role = "registration"."role" and w.status = 'waitlisted' and w.position <= "registration"."position") end`.mapWith(
  (value: unknown) => (value === null ? null : Number(value)),
);

/**
 * Your Events: one query over the user's registrations (registration_user_idx) joined to their
 * events with spot counts, each with its role and its waitlist place, and what was paid and what
 * went back from the money read (every refund of the party, a removed guest's included:
 * docs/money.md); the sections follow from the shared classification (src/shared/your-events.ts;
 * docs/product-rules.md, "Your Events").
 */
export async function listMyEvents(options: { db: Db; userId: string; now: Date }): Promise<YourEventsResponse> {
  const { db, userId, now } = options;
  const [rows, ledger] = await Promise.all([
    db
    .select({
      ...summaryColumns,
      registrationId: registration.id,
      registrationStatus: registration.status,
      closedReason: registration.closedReason,
      role: registration.role,
      priceCents: registration.amountCents,
      refundedCents: registration.refundedCents,
      waitlistPosition,
      checkedInAt: registration.checkedInAt,
      noShowAt: registration.noShowAt,
    })
    .from(registration)
    .innerJoin(event, eq(event.id, registration.eventId))
    .where(eq(registration.userId, userId)),
    ledgerByRegistration(db, { userId }),
  ]);

  const registrations: YourRegistration[] = [];
  for (const { registrationId, registrationStatus, closedReason, checkedInAt, noShowAt, role, priceCents, refundedCents, waitlistPosition, ...summary } of rows) {
    const participation = participationOf(registrationStatus, closedReason);
    if (!participation) continue;
    const money = summarizeLedger(ledger.get(registrationId) ?? [], NO_FEE);
    registrations.push({
      event: toEventSummary(summary),
      participation,
      attendance: attendanceOf(checkedInAt, noShowAt),
      part: { role, priceCents, paidCents: money.chargedCents, refundedCents: money.backCents > 0 ? money.backCents : refundedCents, waitlistPosition },
    });
  }
  return classifyYourEvents(registrations, now);
}
