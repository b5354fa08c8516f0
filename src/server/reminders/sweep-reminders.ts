import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Database } from "#server/db/client.ts";
import * as schema from "#server/db/schema.ts";
import type { JobQueue } from "#server/jobs/queue.ts";
import { REMINDER_KINDS, type ReminderKind, reminderDue } from "./reminder-kinds.ts";

export const REMINDER_MAIL_QUEUE = "game-reminder-mail";

/** The advisory lock key of the sweep (any constant no other code uses). */
const SWEEP_LOCK = 170_024;

export interface ReminderMailJob {
  userId: string;
  eventId: string;
  kind: ReminderKind;
}

/**
 * Finds the reminders due at `now` and claims each in game_reminder, whose key (user, game, kind)
 * lets one claim through: a second sweep at the same time (another worker, another instance) waits
 * on the first's rows and then claims none of them, and a sweep after a restart finds them claimed.
 * The mail job of each claim is written in the same transaction, so a claim never exists without
 * the job that sends it, nor a job without its claim (docs/calendar-and-reminders.md, "Once only").
 * Returns the claims made.
 */
export async function sweepReminders(deps: { database: Database; jobs: JobQueue }, now: Date = new Date()): Promise<ReminderMailJob[]> {
  const client = await deps.database.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("begin");
    // One sweep at a time across every worker and instance: a second one waits here, then claims
    // only what the first left (nothing). Without it two sweeps inserting the same keys in different
    // orders could deadlock each other.
    await client.query("select pg_advisory_xact_lock($1)", [SWEEP_LOCK]);
    const db = drizzle(client, { schema });
    const claimed: ReminderMailJob[] = [];
    for (const kind of Object.keys(REMINDER_KINDS) as ReminderKind[]) {
      const { rows } = await db.execute<{ user_id: string; event_id: string }>(sql`
        insert into game_reminder (user_id, event_id, kind)
        select distinct r.user_id, r.event_id, ${kind}::game_reminder_kind
        from registration r
        join event e on e.id = r.event_id
        join "user" u on u.id = r.user_id
        where ${reminderDue(kind, now)}
        on conflict do nothing
        returning user_id, event_id`);
      for (const row of rows) claimed.push({ userId: row.user_id, eventId: row.event_id, kind });
    }
    for (const job of claimed) await deps.jobs.send(REMINDER_MAIL_QUEUE, job, { client });
    await client.query("commit");
    return claimed;
  } catch (error) {
    await client.query("rollback").catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}
