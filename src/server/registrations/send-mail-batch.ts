import type { Job } from "pg-boss";
import type { Boss } from "../jobs/boss.ts";
import type { Mail, Mailer } from "../mail/mailer.ts";
import { feeRuleOf, type RegistrationDeps } from "./deps.ts";
import { REGISTRATION_MAIL_QUEUE, type RegistrationMailJob } from "./jobs.ts";
import { composeRegistrationMail } from "./mails.ts";

/** Mail jobs a worker takes at once: a burst's mails go out within a minute, not one per poll. */
export const MAILS_PER_BATCH = 25;

/**
 * Sends a batch of registration mails (docs/mails.md, "Order"): the jobs come in the order they were
 * queued; each person's mails are sent one after another in that order, different people's side by
 * side. When one of a person's mails fails, it and that person's later mails of the batch are
 * failed for pg-boss to retry together, so a later mail never overtakes an earlier one; the others
 * complete.
 */
export async function sendMailBatch(boss: Boss, deps: RegistrationDeps & { mailer: Mailer }, jobs: Job<RegistrationMailJob>[]): Promise<void> {
  const context = { ...deps.config, feeRule: feeRuleOf(deps) };
  const byRecipient = new Map<string, { job: Job<RegistrationMailJob>; mail: Mail }[]>();
  const failed: { ids: string[]; error: unknown }[] = [];
  for (const job of jobs) {
    let mail: Mail | null;
    try {
      mail = await composeRegistrationMail(deps.database.db, context, job.data);
    } catch (error) {
      failed.push({ ids: [job.id], error });
      continue;
    }
    if (!mail) continue;
    const queue = byRecipient.get(mail.to.toLowerCase()) ?? [];
    queue.push({ job, mail });
    byRecipient.set(mail.to.toLowerCase(), queue);
  }
  await Promise.all(
    [...byRecipient.values()].map(async (queue) => {
      for (const [index, { mail }] of queue.entries()) {
        try {
          await deps.mailer.send(mail);
        } catch (error) {
          failed.push({ ids: queue.slice(index).map((entry) => entry.job.id), error });
          return;
        }
      }
    }),
  );
  for (const { ids, error } of failed) {
    console.error(`registration mails ${ids.join(", ")} failed and will be retried:`, error);
    await boss.fail(REGISTRATION_MAIL_QUEUE, ids);
  }
}
