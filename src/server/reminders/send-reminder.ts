import { and, eq, isNull, sql } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { gameReminder } from "#server/db/schema.ts";
import type { Mail, Mailer } from "#server/mail/mailer.ts";
import type { Database } from "#server/db/client.ts";
import type { JobQueue } from "#server/jobs/queue.ts";
import { translate } from "#server/i18n/translate.ts";
import type { Language } from "#shared/language.ts";
import type { PushChannels } from "#server/push/channel.ts";
import { queuePush } from "#server/push/queue-push.ts";
import { unsubscribeUrl } from "#server/mail/unsubscribe.ts";
import { reminderDue } from "./reminder-kinds.ts";
import { mailLanguage } from "#server/mail/mail-language.ts";
import { reminderMail } from "./reminder-mail.ts";
import type { ReminderMailJob } from "./sweep-reminders.ts";

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, "appName" | "publicUrl" | "authSecret">;
  /** With these, the reminder is pushed too (docs/notifications.md). */
  database?: Database;
  jobs?: JobQueue;
  push?: PushChannels;
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
  const mail = reminderMail({
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
    });
  await mailer.send(mail);
  await db.update(gameReminder).set({ sentAt: new Date() }).where(claim);
  await pushReminder(deps, job, mail, { id: row.id, startsAt: new Date(row.starts_at), title: row.title, language: mailLanguage(row.language) });
  return "sent";
}

/** The reminder pushed beside its mail: the subject, and the line saying when the game is. A push that cannot be queued is logged; the mail went. */
async function pushReminder(deps: ReminderDeps, job: ReminderMailJob, mail: Mail, game: { id: string; startsAt: Date; title: string; language: Language }): Promise<void> {
  if (!deps.push || !deps.database) return;
  try {
    const body = translate(game.language, job.kind === "24h" ? "mail.reminder.intro24h" : "mail.reminder.intro2h", { title: game.title });
    await queuePush(
      { database: deps.database, jobs: deps.jobs, push: deps.push },
      { userId: job.userId, kind: "reminders", game: { id: game.id, startsAt: game.startsAt }, message: { title: mail.subject, body, url: `/event/${game.id}`, tag: `reminders:${game.id}` } },
    );
  } catch (error) {
    console.error("the push beside a reminder could not be queued; the mail was sent", error);
  }
}
