import type { Database } from "#server/db/client.ts";
import { NEW_EVENT_MAIL_QUEUE, type NewEventAudience } from "#server/events/new-event-mail-jobs.ts";
import type { JobQueue } from "#server/jobs/queue.ts";

/**
 * A series game's "new game" mail goes out when people may join it, not when it is generated eight
 * weeks ahead (docs/series.md, "Announcements"): to its regulars when their window starts, to
 * everyone else at the opening. Run every minute; each announcement is claimed (its column set) and
 * its fan-out job stored in one transaction, so a game is announced once however many instances run
 * the sweep, and never claimed without its job. The mail's ledger (new_event_mail_sent) keeps a
 * regular who was told at the window's start from being told again at the opening.
 *
 * A game whose moment passed long ago (the app was down for a day) is still announced while it is
 * ahead; a game already under way is not.
 */
export async function announceSeriesOpenings(deps: { database: Database; jobs: JobQueue }, now = new Date()): Promise<{ regulars: number; everyone: number }> {
  const client = await deps.database.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("begin");
    const claim = (column: "regulars_announced_at" | "opening_announced_at", opensColumn: "regulars_open_at" | "registration_opens_at") =>
      client.query<{ id: string }>(
        `update event set ${column} = $1
          where series_id is not null and status = 'active' and ${column} is null
            and ${opensColumn} <= $1 and starts_at > $1
        returning id`,
        [now],
      );
    const regulars = (await claim("regulars_announced_at", "regulars_open_at")).rows;
    const everyone = (await claim("opening_announced_at", "registration_opens_at")).rows;
    const job = (eventId: string, audience: NewEventAudience) => ({ queue: NEW_EVENT_MAIL_QUEUE, data: { eventId, audience } });
    await deps.jobs.sendMany([...regulars.map((row) => job(row.id, "regulars")), ...everyone.map((row) => job(row.id, "everyone"))], { client });
    await client.query("commit");
    return { regulars: regulars.length, everyone: everyone.length };
  } catch (error) {
    await client.query("rollback").catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}
