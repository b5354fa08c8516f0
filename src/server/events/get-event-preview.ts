import { eq } from "drizzle-orm";
import type { EventSummary } from "#shared/events.ts";
import type { Db } from "#server/db/client.ts";
import { event } from "#server/db/schema.ts";
import { isEventId, summaryColumns, toEventSummary } from "./event-summary.ts";

/**
 * The public facts of one game, for anyone holding its link: what the home list shows of it (title,
 * when, where, prices, spots taken), which its link preview (Open Graph tags) and the signed-out
 * visitor's login screen are made from. Never a name, an email or a registration: those stay behind
 * sign-in (GET /api/events/:id). Null for an unknown id or one that is not a uuid.
 */
export async function getEventPreview(options: { db: Db; id: string }): Promise<EventSummary | null> {
  return (await getVersionedEventPreview(options))?.summary ?? null;
}

/**
 * The same, with the game's version (bumped on every change of its lists), which stamps the URL of
 * its link-preview picture (docs/link-previews.md). One indexed read.
 */
export async function getVersionedEventPreview(options: { db: Db; id: string }): Promise<{ summary: EventSummary; version: number } | null> {
  if (!isEventId(options.id)) return null;
  const [row] = await options.db.select({ ...summaryColumns, version: event.version }).from(event).where(eq(event.id, options.id));
  if (!row) return null;
  const { version, ...summary } = row;
  return { summary: toEventSummary(summary), version };
}
