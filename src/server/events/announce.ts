import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "#server/db/client.ts";
import { LIVE_CHANNEL } from "./live-messages.ts";

/**
 * Bumps the game's version and NOTIFYs it, on the connection of the transaction that changed the
 * game (withEventLock calls it just before COMMIT). PostgreSQL delivers a NOTIFY only when its
 * transaction commits, and not at all when it rolls back, so nothing is announced that did not
 * happen; and listeners that read the game on hearing it see the change (docs/live-updates.md).
 * Returns the new version.
 */
export async function announceEventChange(client: pg.ClientBase, eventId: string): Promise<number> {
  const { rows } = await client.query<{ version: number }>(
    `with bumped as (update "event" set version = version + 1 where id = $1 returning id, version)
     select version, pg_notify($2, json_build_object('type', 'event', 'eventId', id, 'version', version)::text) from bumped`,
    [eventId, LIVE_CHANNEL],
  );
  return rows[0]?.version ?? 0;
}

/**
 * Announces a game that was just created (its insert has committed; nothing to bump): the home
 * lists open elsewhere gain it.
 */
export async function announceNewEvent(db: Db, eventId: string): Promise<void> {
  await db.execute(
    sql`select pg_notify(${LIVE_CHANNEL}, json_build_object('type', 'event', 'eventId', id, 'version', version)::text) from "event" where id = ${eventId}`,
  );
}
