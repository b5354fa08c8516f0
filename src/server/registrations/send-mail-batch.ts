import { eq } from "drizzle-orm";
import type { Job } from "pg-boss";
import { registration, user } from "#server/db/schema.ts";
import type { Boss } from "#server/jobs/boss.ts";
import type { Mail, Mailer } from "#server/mail/mailer.ts";
import { feeRuleOf, type RegistrationDeps } from "./deps.ts";
import { REGISTRATION_MAIL_QUEUE, type RegistrationMailJob } from "./jobs.ts";
import { composeRegistrationMail } from "./mails.ts";
import { pushAfterMail } from "./push-after-mail.ts";
import type { PushChannels } from "#server/push/channel.ts";

/**
 * Mail jobs a worker takes at once. A full batch is followed at once by the next (workers.ts), so a
 * burst's mails go out within a minute instead of one per poll.
 */
export const MAILS_PER_BATCH = 25;
/** Mails written at once (each reads a few rows) and people mailed at once (one SMTP connection each). */
const COMPOSED_AT_ONCE = 4;
const RECIPIENTS_AT_ONCE = 8;

/** A fetched job; `createdOn` when fetched with pg-boss's metadata (workers.ts). */
export type MailJob = Job<RegistrationMailJob> & { createdOn?: Date };

/**
 * The order of what the jobs report: the moment each was queued (`asOf`, set inside the transaction
 * that made the change, so a person's changes, one after the other under the game's lock, are in
 * the order they were made), then pg-boss's creation time, then its id. A job queued before `asOf`
 * existed counts from its creation time. pg-boss hands a batch out in no particular order.
 */
export function inReportedOrder(jobs: readonly MailJob[]): MailJob[] {
  const momentOf = (job: MailJob) => job.data.asOf ?? job.createdOn?.toISOString() ?? "";
  const created = (job: MailJob) => job.createdOn?.getTime() ?? 0;
  return [...jobs].sort((a, b) => momentOf(a).localeCompare(momentOf(b)) || created(a) - created(b) || a.id.localeCompare(b.id));
}

/**
 * Sends a batch of registration mails (docs/mails.md, "Order and speed"): each person's mails one
 * after another in the order of what they report, different people's side by side. When one of a
 * person's mails cannot be written or sent, it and that person's later mails of the batch are failed
 * together for pg-boss to retry, so a later mail never overtakes an earlier one; the others are sent
 * (and completed by pg-boss when this returns). A mail with nothing left to say (null) is done.
 */
export async function sendMailBatch(boss: Pick<Boss, "fail" | "send">, deps: RegistrationDeps & { mailer: Mailer; push?: PushChannels }, jobs: readonly MailJob[]): Promise<void> {
  const context = { ...deps.config, feeRule: feeRuleOf(deps) };
  // A person's mail that an earlier one, outside this batch, has not gone before yet waits for it.
  const waiting = await behindEarlierMails(deps, jobs);
  for (const job of jobs.filter((queued) => waiting.has(queued.id))) {
    console.error(`registration mail job ${job.id} (${job.data.kind}) waits for an earlier mail to the same person`);
    await boss.send(REGISTRATION_MAIL_QUEUE, job.data, { startAfter: WAIT_FOR_EARLIER_SECONDS });
  }
  const ordered = inReportedOrder(jobs.filter((job) => !waiting.has(job.id)));
  const written = await inParallel(ordered, COMPOSED_AT_ONCE, async (job) => {
    try {
      return { mail: await composeRegistrationMail(deps.database.db, context, job.data) };
    } catch (error) {
      return { error };
    }
  });
  // One queue per person, in the order of what the jobs report. A mail that could not be written
  // holds back its person's later ones (found by its recipient alone); when even that cannot be read,
  // every later mail of the batch is held back, whoever it is for.
  const byRecipient = new Map<string, { job: MailJob; mail: Mail }[]>();
  const failed: { ids: string[]; error: unknown }[] = [];
  const heldBack = new Set<string>();
  let holdAll: unknown = null;
  for (const [index, job] of ordered.entries()) {
    const result = written[index]!;
    if (holdAll !== null) {
      failed.push({ ids: [job.id], error: holdAll });
      continue;
    }
    if ("error" in result) {
      const recipient = await recipientOf(deps, job.data).catch(() => undefined);
      if (recipient === undefined) holdAll = result.error;
      else if (recipient !== null) heldBack.add(recipient);
      failed.push({ ids: [job.id], error: result.error });
      continue;
    }
    if (!result.mail) continue;
    const recipient = result.mail.to.trim().toLowerCase();
    if (heldBack.has(recipient)) {
      failed.push({ ids: [job.id], error: new Error("an earlier mail to the same person is retried first") });
      continue;
    }
    byRecipient.set(recipient, [...(byRecipient.get(recipient) ?? []), { job, mail: result.mail }]);
  }
  await inParallel([...byRecipient.values()], RECIPIENTS_AT_ONCE, async (queue) => {
    for (const [index, { job, mail }] of queue.entries()) {
      try {
        await deps.mailer.send(mail);
      } catch (error) {
        failed.push({ ids: queue.slice(index).map((entry) => entry.job.id), error });
        return;
      }
      await pushAfterMail(deps, job.data, mail);
    }
  });
  for (const { ids, error } of failed) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`registration mail job(s) ${ids.join(", ")} failed and will be retried: ${message}`);
    // One after another, in the order of what they report: each retry is due a little after the one before.
    for (const id of ids) await boss.fail(REGISTRATION_MAIL_QUEUE, id, { message });
  }
}

/** How long a mail held behind an earlier one waits before it is tried again. */
const WAIT_FOR_EARLIER_SECONDS = 15;

/**
 * The jobs of `jobs` that an earlier mail to the same person is still to go before: a mail job
 * outside this batch, not yet sent (waiting for its turn, for a retry, or held by a worker, one killed
 * included, until pg-boss hands it out again), reporting an earlier moment (`asOf`, else its creation).
 * Such a job is queued again, unchanged, to be tried a little later; it keeps its Message-ID, so were
 * the process to die between queueing the copy and completing the original, the mail would still be
 * one message (docs/mails.md, "Order and speed"). Never a cycle: the moments and ids are a total order.
 */
async function behindEarlierMails(deps: RegistrationDeps, jobs: readonly MailJob[]): Promise<Set<string>> {
  if (jobs.length === 0) return new Set();
  const { rows } = await deps.database.pool.query<{ id: string }>(
    `with outstanding as (
       select j.id, coalesce(r.user_id::text, j.data->>'userId') as person,
              coalesce(j.data->>'asOf', to_char(j.created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as moment
         from pgboss.job j
         left join registration r on r.id = (j.data->>'registrationId')::uuid
        where j.name = $1 and j.state in ('created', 'retry', 'active'))
     select later.id from outstanding later
      where later.id = any($2::uuid[]) and later.person is not null
        and exists (select 1 from outstanding earlier
                     where earlier.person = later.person and not (earlier.id = any($2::uuid[]))
                       and (earlier.moment, earlier.id::text) < (later.moment, later.id::text))`,
    [REGISTRATION_MAIL_QUEUE, jobs.map((job) => job.id)],
  );
  return new Set(rows.map((row) => row.id));
}

/** Who a job's mail is for (lowercase), without writing it; null when nobody any more. */
async function recipientOf(deps: RegistrationDeps, job: RegistrationMailJob): Promise<string | null> {
  if (job.kind === "account_deleted") return job.to.trim().toLowerCase();
  const db = deps.database.db;
  const [row] =
    job.kind === "event_cancelled" || job.kind === "event_changed"
      ? await db.select({ email: user.email }).from(user).where(eq(user.id, job.userId))
      : await db.select({ email: user.email }).from(registration).innerJoin(user, eq(user.id, registration.userId)).where(eq(registration.id, job.registrationId));
  return row ? row.email.trim().toLowerCase() : null;
}

/** `work` over `items`, at most `limit` at a time; the results in the items' order. */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
