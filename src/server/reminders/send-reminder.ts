import { and, eq, isNull, sql } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { gameReminder } from "#server/db/schema.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { unsubscribeUrl } from "#server/mail/unsubscribe.ts";
import { reminderDue } from "./reminder-kinds.ts";
import { mailLanguage } from "#server/mail/mail-language.ts";
import { reminderMail } from "./reminder-mail.ts";
import type { ReminderMailJob } from "./sweep-reminders.ts";

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, "appName" | "publicUrl" | "authSecret">;
}

/**
 * Sends one claimed reminder (the job the sweep wrote with its claim). Checked again first: the spot
 * may have been released, the game cancelled or reminders turned off since the claim, and then
 * nothing is sent. A job run again after its mail went out (a retry, a worker that died before
 * reporting it done) finds sent_at set and sends nothing; only a crash between the mail server's
 * "accepted" and that write can send a reminder twice, which we prefer to losing it.
 */
export async function sendReminder(deps: ReminderDeps, job: ReminderMailJob, now: Date = new Date()): Promise<"sent" | "skipped"> {
  const { db, mailer, config } = deps;
  const claim = and(eq(gameReminder.userId, job.userId), eq(gameReminder.eventId, job.eventId), eq(gameReminder.kind, job.kind));
  const [open] = await db.select({ kind: gameReminder.kind }).from(gameReminder).where(and(claim, isNull(gameReminder.sentAt)));
  if (!open) return "skipped";
  const { rows } = await db.execute<{
    email: string;
    language: string | null;
    id: string;
    title: string;
    starts_at: string;
    ends_at: string;
    time_zone: string;
    location_name: string;
    field: string | null;
    latitude: number | null;
    longitude: number | null;
  }>(sql`
    select u.email, u.language, e.id, e.title, e.starts_at, e.ends_at, e.time_zone, e.location_name, e.field, e.latitude, e.longitude
    from registration r
    join event e on e.id = r.event_id
    join "user" u on u.id = r.user_id
    where r.user_id = ${job.userId} and r.event_id = ${job.eventId} and ${reminderDue(job.kind, now)}
    limit 1`);
  const row = rows[0];
  if (!row) return "skipped";
  await mailer.send(
    reminderMail({
      appName: config.appName,
      to: row.email,
      kind: job.kind,
      game: {
        id: row.id,
        title: row.title,
        startsAt: new Date(row.starts_at),
        endsAt: new Date(row.ends_at),
        timeZone: row.time_zone,
        locationName: row.location_name,
        field: row.field,
        latitude: row.latitude === null ? null : Number(row.latitude),
        longitude: row.longitude === null ? null : Number(row.longitude),
      },
      gameUrl: `${config.publicUrl}/event/${row.id}`,
      unsubscribeUrl: unsubscribeUrl(config, job.userId, "game-reminders"),
      now,
      language: mailLanguage(row.language),
    }),
  );
  await db.update(gameReminder).set({ sentAt: new Date() }).where(claim);
  return "sent";
}
