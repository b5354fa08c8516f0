import type { Mail, Mailer } from "#server/mail/mailer.ts";
import type { AccountMailKind, RecipientLimit } from "#server/mail/recipient-limit.ts";
import { type Boss, wakeOnSend } from "./boss.ts";
import type { JobQueue } from "./queue.ts";

/**
 * Account mails (email verification, password reset) leave after the answer: waiting for the mail
 * server made the answer for an address with an account measurably slower than for one without,
 * which told anyone who has an account (issue 8). With the job queue a mail is a job, retried when
 * the mail server is down; without it (tests that run no workers) it is sent in the background.
 */
export const ACCOUNT_MAIL_QUEUE = "account-mail";

/**
 * Hands the mail over and returns at once; a failure to hand it over is logged, never the caller's.
 * A mail beyond its recipient's share of its kind (recipient-limit.ts) is dropped here, after the
 * answer, so that the answer is the one anybody gets, with or without an account or a mail.
 */
export function sendAccountMail(
  deps: { mailer: Mailer; jobs?: JobQueue; recipientLimit: RecipientLimit },
  kind: AccountMailKind,
  /** The mail, or how to write it (e.g. after looking up its recipient's language), also after the answer. */
  compose: Mail | (() => Promise<Mail>),
): void {
  let subject = typeof compose === "function" ? `(${kind} mail)` : compose.subject;
  const handOver = async () => {
    const mail = typeof compose === "function" ? await compose() : compose;
    subject = mail.subject;
    if (!(await deps.recipientLimit.allow(kind, mail.to))) {
      console.warn(`the mail "${subject}" was not sent: its recipient has had as many of them as the limit allows for now`);
      return;
    }
    await (deps.jobs ? deps.jobs.send(ACCOUNT_MAIL_QUEUE, mail) : deps.mailer.send(mail));
  };
  handOver().catch((error: unknown) => {
    console.error(`could not ${deps.jobs ? "queue" : "send"} the mail "${subject}": ${error instanceof Error ? error.message : String(error)}`);
  });
}

/** Creates the queue and its worker (main.ts, and tests with background work). */
export async function startAccountMailWorker(boss: Boss, deps: { mailer: Mailer }, options: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  await boss.createQueue(ACCOUNT_MAIL_QUEUE, { name: ACCOUNT_MAIL_QUEUE, retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 });
  const workerId = await boss.work<Mail>(ACCOUNT_MAIL_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 20 }, async (jobs) => {
    const results = await Promise.allSettled(jobs.map((job) => deps.mailer.send(job.data)));
    // Only the mails that failed are tried again; pg-boss completes the others when this returns.
    const failed = jobs.filter((_, index) => results[index]!.status === "rejected");
    if (failed.length === 0) return;
    const { reason } = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    const message = reason instanceof Error ? reason.message : String(reason);
    // Said once per batch, so that a mail server that refuses is seen before the retries run out.
    console.error(`could not send ${failed.length} account mail(s), tried again later: ${message}`);
    await Promise.all(failed.map((job) => boss.fail(ACCOUNT_MAIL_QUEUE, job.id, { message })));
  });
  // A person waits for this mail (a verification link, a password reset): it leaves as soon as it is
  // queued, not at the worker's next poll (boss.ts, wakeOnSend).
  wakeOnSend(boss, ACCOUNT_MAIL_QUEUE, workerId);
}
