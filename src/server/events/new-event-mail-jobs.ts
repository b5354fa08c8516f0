import { createHash } from "node:crypto";
import { and, asc, eq, gt, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "#server/context.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { event, newEventMailSent, openingReminder, user } from "#server/db/schema.ts";
import { isEventId, summaryColumns, toEventSummary } from "./event-summary.ts";
import type { Mail, Mailer } from "#server/mail/mailer.ts";
import { type PushDeps, queuePush } from "#server/push/queue-push.ts";
import { mailLanguage } from "#server/mail/mail-language.ts";
import { newEventMail } from "./new-event-mail.ts";
import { regularsOf, regularsRuleOf } from "./regulars.ts";
import { unsubscribeUrl } from "#server/mail/unsubscribe.ts";
import type { Boss } from "#server/jobs/boss.ts";
import type { JobQueue } from "#server/jobs/queue.ts";

/**
 * The "new game" announcement: every user is told, with an opt-out (docs/product-rules.md,
 * "Events"). Creating an event schedules one fan-out job; it walks the recipients by user id and
 * stores one batch job per BATCH_SIZE users, so batches are sent in parallel and a failure only
 * repeats its own batch.
 */
export const NEW_EVENT_MAIL_QUEUE = "new-event-mail";
export const NEW_EVENT_MAIL_BATCH_QUEUE = "new-event-mail-batch";
export const BATCH_SIZE = 50;
/** Recipients whose mail failed are tried again in a follow-up batch, this many times in all. */
const MAX_ATTEMPTS = 3;
const FOLLOW_UP_DELAY_SECONDS = 60;
const SENDS_AT_ONCE = 5;

/**
 * Who a fan-out tells: everyone (the default), or only the regulars of a series game whose regulars'
 * window starts (series/announce-openings.ts); everyone else is told at the opening.
 */
export type NewEventAudience = "everyone" | "regulars";

interface FanOutJob {
  eventId: string;
  audience?: NewEventAudience;
}
interface BatchJob {
  eventId: string;
  userIds: string[];
  attempt: number;
  audience?: NewEventAudience;
}

export interface NewEventMailDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, "appName" | "publicUrl" | "authSecret" | "payments">;
  /** Wait before retrying recipients whose mail failed (tests shorten it). */
  followUpDelaySeconds?: number;
  /** With these, a series game's opening is pushed too (docs/notifications.md). */
  pushDeps?: PushDeps;
}

export function enqueueNewEventMail(jobs: JobQueue, eventId: string): Promise<void> {
  return jobs.send(NEW_EVENT_MAIL_QUEUE, { eventId } satisfies FanOutJob);
}

/** Creates the queues and starts their workers (main.ts, and tests that exercise the mail). */
export async function startNewEventMailWorkers(
  boss: Boss,
  context: Pick<AppContext, "database" | "mailer" | "config"> & Partial<Pick<AppContext, "jobs" | "push">> & Pick<NewEventMailDeps, "followUpDelaySeconds">,
): Promise<void> {
  const deps: NewEventMailDeps = {
    db: context.database.db,
    mailer: context.mailer,
    config: context.config,
    followUpDelaySeconds: context.followUpDelaySeconds,
    ...(context.push && { pushDeps: { database: context.database, jobs: context.jobs, push: context.push } }),
  };
  const retries = { retryLimit: 3, retryDelay: 30, retryBackoff: true };
  await boss.createQueue(NEW_EVENT_MAIL_QUEUE, { name: NEW_EVENT_MAIL_QUEUE, ...retries });
  await boss.createQueue(NEW_EVENT_MAIL_BATCH_QUEUE, { name: NEW_EVENT_MAIL_BATCH_QUEUE, ...retries });
  await boss.work<FanOutJob>(NEW_EVENT_MAIL_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
    if (job) await fanOut(boss, deps.db, job.data);
  });
  await boss.work<BatchJob>(NEW_EVENT_MAIL_BATCH_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
    if (job) await sendBatch(boss, deps, job.data);
  });
}

/**
 * Who is told about a new event: verified users who kept the mails on, or who asked to be told when
 * this game opens ("Tell me when it opens": asked for, so sent even with new-game mails off), except
 * its organiser. The ledger makes it one mail per person whichever way they qualify.
 */
function recipientsWhere(eventId: string, organizerId: string | null, ...more: SQL[]) {
  const asked = sql`exists (select 1 from ${openingReminder} where ${openingReminder.eventId} = ${eventId} and ${openingReminder.userId} = ${user.id})`;
  return and(
    eq(user.emailVerified, true),
    or(eq(user.notifyNewEvents, true), asked),
    organizerId ? ne(user.id, organizerId) : undefined,
    ...more,
  );
}

async function fanOut(boss: Boss, db: Db, { eventId, audience = "everyone" }: FanOutJob): Promise<void> {
  if (!isEventId(eventId)) return;
  const [found] = await db.select().from(event).where(eq(event.id, eventId));
  if (!found || found.status === "cancelled") return;
  const only = audience === "regulars" ? await regularsToTell(db, found) : undefined;
  if (only?.length === 0) return;

  let cursor: string | undefined;
  for (;;) {
    const page = await db
      .select({ id: user.id })
      .from(user)
      .where(recipientsWhere(eventId, found.organizerId, ...(cursor === undefined ? [] : [gt(user.id, cursor)]), ...(only ? [inArray(user.id, only)] : [])))
      .orderBy(asc(user.id))
      .limit(BATCH_SIZE);
    if (page.length === 0) return;
    const userIds = page.map((row) => row.id);
    // The id is derived from the batch, so a retried fan-out stores no second copy (pg-boss
    // inserts with ON CONFLICT DO NOTHING).
    await boss.insert([
      {
        id: batchJobId(eventId, userIds[0]!, 1, audience),
        name: NEW_EVENT_MAIL_BATCH_QUEUE,
        data: { eventId, userIds, attempt: 1, audience } satisfies BatchJob,
      },
    ]);
    if (page.length < BATCH_SIZE) return;
    cursor = userIds.at(-1);
  }
}

async function sendBatch(boss: Boss, deps: NewEventMailDeps, job: BatchJob): Promise<void> {
  const { db, mailer, config } = deps;
  if (!isEventId(job.eventId)) return;
  const [row] = await db
    .select({ ...summaryColumns, organizerId: event.organizerId })
    .from(event)
    .where(eq(event.id, job.eventId));
  if (!row || row.status === "cancelled") return;
  const { organizerId, ...summaryRow } = row;
  const summary = toEventSummary(summaryRow);

  // Checked again at sending time: someone may have unsubscribed since the fan-out.
  const recipients = await db
    .select({ id: user.id, email: user.email, language: user.language })
    .from(user)
    .where(recipientsWhere(job.eventId, organizerId, inArray(user.id, job.userIds)));

  const failed: string[] = [];
  let lastError: unknown;
  // A few at a time: quicker than one by one, gentle on the SMTP server.
  for (let start = 0; start < recipients.length; start += SENDS_AT_ONCE) {
    const candidates = recipients.slice(start, start + SENDS_AT_ONCE);
    // Claim each recipient in the ledger before sending: whoever else (an overlapping batch, another
    // worker) already claimed them sends nothing. A failed send gives its claim back for the retry.
    const claimed = await db
      .insert(newEventMailSent)
      .values(candidates.map((recipient) => ({ eventId: job.eventId, userId: recipient.id })))
      .onConflictDoNothing()
      .returning({ userId: newEventMailSent.userId });
    const claimedIds = new Set(claimed.map((row) => row.userId));
    const group = candidates.filter((recipient) => claimedIds.has(recipient.id));
    const results = await Promise.allSettled(
      group.map(async (recipient) => {
        const mail = newEventMail({
          appName: config.appName,
          currency: config.payments.currency,
          to: recipient.email,
          event: summary,
          eventUrl: `${config.publicUrl}/event/${summary.id}`,
          unsubscribeUrl: unsubscribeUrl(config, recipient.id),
          language: mailLanguage(recipient.language),
          regularsFirst: job.audience === "regulars",
        });
        await mailer.send(mail);
        // A series game opening (regulars first, then everyone) is pushed too; a one-off game is mail only.
        if (summary.seriesId && deps.pushDeps) await pushOpening(deps.pushDeps, recipient.id, mail);
      }),
    );
    const failedHere: string[] = [];
    results.forEach((result, index) => {
      if (result.status === "fulfilled") return;
      failedHere.push(group[index]!.id);
      lastError = result.reason;
    });
    if (failedHere.length > 0) {
      await db
        .delete(newEventMailSent)
        .where(and(eq(newEventMailSent.eventId, job.eventId), inArray(newEventMailSent.userId, failedHere)));
      failed.push(...failedHere);
    }
  }
  if (failed.length === 0) return;
  // Nothing went out: let pg-boss retry the whole batch. Otherwise retry only those who missed it
  // (the ledger would skip the others anyway).
  if (failed.length === recipients.length) throw lastError;
  if (job.attempt >= MAX_ATTEMPTS) {
    console.error(`new-game mail for ${job.eventId}: giving up on ${failed.length} recipient(s) after ${MAX_ATTEMPTS} attempts`);
    return;
  }
  const attempt = job.attempt + 1;
  await boss.insert([
    {
      id: batchJobId(job.eventId, failed[0]!, attempt, job.audience),
      name: NEW_EVENT_MAIL_BATCH_QUEUE,
      data: { eventId: job.eventId, userIds: failed, attempt, audience: job.audience } satisfies BatchJob,
      startAfter: new Date(Date.now() + (deps.followUpDelaySeconds ?? FOLLOW_UP_DELAY_SECONDS) * 1000),
    },
  ]);
}

/**
 * The regulars a series game's window is announced to (events/regulars.ts), as of its window's start.
 * The batches check nothing more about them: a regular is told at most once anyway (the ledger).
 */
async function regularsToTell(db: Db, game: typeof event.$inferSelect): Promise<string[]> {
  const rule = await regularsRuleOf(db, game);
  return rule ? regularsOf(db, game, rule, new Date()) : [];
}

/**
 * A stable uuid for a batch, from the event, its first recipient, the attempt and the audience (the
 * regulars' batch and the opening's may start with the same person: they must not share an id).
 */
function batchJobId(eventId: string, firstUserId: string, attempt: number, audience: NewEventAudience = "everyone"): string {
  const key = audience === "everyone" ? `${eventId}:${firstUserId}:${attempt}` : `${eventId}:${audience}:${firstUserId}:${attempt}`;
  const hex = createHash("sha256").update(key).digest("hex");
  // Shaped as a version-4-style uuid so it fits pg-boss's uuid column.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The opening pushed beside its mail; a push that cannot be queued is logged (the mail went). */
async function pushOpening(deps: PushDeps, userId: string, mail: Mail): Promise<void> {
  if (!mail.news) return;
  const { game, headline, path } = mail.news;
  await queuePush(deps, { userId, kind: "openings", game, message: { title: mail.subject, body: headline, url: path, tag: `openings:${game.id}` } }).catch((error: unknown) =>
    console.error("the push beside a series game's opening could not be queued; the mail was sent", error),
  );
}
