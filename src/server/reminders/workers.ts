import type { AppContext } from "#server/context.ts";
import type { Boss } from "#server/jobs/boss.ts";
import type { JobQueue } from "#server/jobs/queue.ts";
import { sendReminder } from "./send-reminder.ts";
import { REMINDER_MAIL_QUEUE, type ReminderMailJob, sweepReminders } from "./sweep-reminders.ts";

export const REMINDER_SWEEP_QUEUE = "game-reminder-sweep";
/** Every minute (pg-boss schedules are per minute): a reminder leaves within about a minute of being due. */
export const REMINDER_SWEEP_CRON = "* * * * *";

/**
 * The sweep runs on a schedule rather than as a job per game set at join time: nothing has to be
 * moved when a game's time is edited or a spot changes hands, and a sweep after a restart or an
 * outage finds whatever is due then. Claims make a second sweep harmless (sweep-reminders.ts).
 */
export async function startReminderWorkers(
  boss: Boss,
  context: Pick<AppContext, "database" | "mailer" | "config"> & { jobs: JobQueue },
  /** `schedule: false` runs the mail worker only (tests that sweep by hand, at moments they choose). */
  options: { pollingIntervalSeconds?: number; schedule?: boolean } = {},
): Promise<void> {
  const deps = { ...context, db: context.database.db };
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  await boss.createQueue(REMINDER_SWEEP_QUEUE, { name: REMINDER_SWEEP_QUEUE, policy: "singleton", retryLimit: 0 });
  // A job taken by a worker that died is handed out again after expireInSeconds (see boss.ts).
  await boss.createQueue(REMINDER_MAIL_QUEUE, { name: REMINDER_MAIL_QUEUE, retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 });
  if (options.schedule ?? true) {
    await boss.schedule(REMINDER_SWEEP_QUEUE, REMINDER_SWEEP_CRON);
    await boss.work(REMINDER_SWEEP_QUEUE, async () => {
      await sweepReminders(deps);
    });
  }
  await boss.work<ReminderMailJob>(REMINDER_MAIL_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    if (job) await sendReminder(deps, job.data);
  });
}
