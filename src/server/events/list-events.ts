import { and, asc, count, desc, eq, gte, lt } from "drizzle-orm";
import { COMPLETED_PAGE_SIZE, type CompletedEventsResponse, type UpcomingEventsResponse } from "#shared/events.ts";
import type { Db } from "#server/db/client.ts";
import { event } from "#server/db/schema.ts";
import { summaryColumns, toEventSummary } from "./event-summary.ts";

/**
 * Events not yet ended (games in progress are current: docs/product-rules.md, "Events") and not
 * cancelled, soonest first. The range on ends_at is served by event_ends_at_idx; at most a few
 * thousand rows are sorted.
 */
export async function listUpcomingEvents(options: { db: Db; now: Date }): Promise<UpcomingEventsResponse> {
  const { db, now } = options;
  const rows = await db
    .select(summaryColumns)
    .from(event)
    .where(and(eq(event.status, "active"), gte(event.endsAt, now)))
    .orderBy(asc(event.startsAt), asc(event.id));
  return { events: rows.map(toEventSummary) };
}

/**
 * Ended, not cancelled events, most recently ended first, COMPLETED_PAGE_SIZE a page; the page is
 * clamped to what exists. Ordering by the end (not the start) lets event_ends_at_idx, read backward,
 * hand over the page without sorting every completed event.
 */
export async function listCompletedEvents(options: { db: Db; now: Date; page: number }): Promise<CompletedEventsResponse> {
  const { db, now } = options;
  const completed = and(eq(event.status, "active"), lt(event.endsAt, now));
  const [counted] = await db.select({ total: count() }).from(event).where(completed);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / COMPLETED_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(options.page)), pageCount);
  const rows = await db
    .select(summaryColumns)
    .from(event)
    .where(completed)
    .orderBy(desc(event.endsAt), desc(event.id))
    .limit(COMPLETED_PAGE_SIZE)
    .offset((page - 1) * COMPLETED_PAGE_SIZE);
  return { events: rows.map(toEventSummary), page, pageCount, total };
}
