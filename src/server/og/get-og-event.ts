import { eq } from "drizzle-orm";
import type { EventSummary } from "../../shared/events.ts";
import type { Db } from "../db/client.ts";
import { event } from "../db/schema.ts";
import { isEventId, summaryColumns, toEventSummary } from "../events/event-summary.ts";

/**
 * A game's public facts (as its link preview shows them) and its version, which stamps its
 * picture's URL. Null for an unknown id or one that is not a uuid. One indexed read.
 */
export async function getOgEvent(options: { db: Db; id: string }): Promise<{ summary: EventSummary; version: number } | null> {
  if (!isEventId(options.id)) return null;
  const [row] = await options.db.select({ ...summaryColumns, version: event.version }).from(event).where(eq(event.id, options.id));
  if (!row) return null;
  const { version, ...summary } = row;
  return { summary: toEventSummary(summary), version };
}
