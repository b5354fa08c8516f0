import type { Boss } from "#server/jobs/boss.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { PushChannels } from "#server/push/channel.ts";
import type { RegistrationDeps } from "./deps.ts";
import { captureHold } from "#server/money/capture-hold.ts";
import { executeRefund } from "#server/money/execute-refund.ts";
import { HOLD_CAPTURE_QUEUE, HOLD_RELEASE_QUEUE, type HoldJob } from "#server/money/hold-jobs.ts";
import { releaseHold } from "#server/money/release-hold.ts";
import { PROMOTE_QUEUE, type PromoteJob, RECOVER_QUEUE, REGISTRATION_MAIL_QUEUE, type RegistrationMailJob } from "./jobs.ts";
import { REFUND_QUEUE, type RefundJob } from "#server/money/refund-jobs.ts";
import { recoverPayments } from "./recover.ts";
import { runPromotion } from "./run-promotion.ts";
import { SPOT_OPENED_QUEUE, type SpotOpenedJob, tellSpotWatchers } from "./spot-opened.ts";
import { finishDecisionAfterCapture } from "./decide-game.ts";
import { finishInterruptedDecisions, GAME_ON_QUEUE, runGameOnSweep } from "./game-on-sweep.ts";
import { MAILS_PER_BATCH, sendMailBatch } from "./send-mail-batch.ts";

/** Every minute: the recovery sweep (pg-boss schedules are per minute). */
export const RECOVER_CRON = "* * * * *";

/**
 * Creates the queues of registrations and payments and starts their workers (main.ts, the storm
 * benchmark, and tests that exercise background work). Retries back off with the same keys.
 */
export async function startRegistrationWorkers(
  boss: Boss,
  deps: RegistrationDeps & { mailer: Mailer; push?: PushChannels },
  options: { pollingIntervalSeconds?: number; moneyRetryDelaySeconds?: number } = {},
): Promise<void> {
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  // The first retry of a refund, a hold's capture or its release (backing off from there): long
  // enough for a processor's passing trouble to pass. Tests that wait for a retry ask for less.
  const moneyRetryDelay = options.moneyRetryDelaySeconds ?? 10;
  // A job taken by a worker that died (a crash, kill -9) is handed out again after expireInSeconds
  // plus up to one maintenance interval (boss.ts); pg-boss's 15-minute default expiry would leave a
  // promoted player waiting that long.
  const expireInSeconds = 60;
  await boss.createQueue(PROMOTE_QUEUE, { name: PROMOTE_QUEUE, retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds });
  await boss.createQueue(REFUND_QUEUE, { name: REFUND_QUEUE, retryLimit: 8, retryDelay: moneyRetryDelay, retryBackoff: true, expireInSeconds });
  // A hold's capture and release retry as refunds do: the same key every time, so once.
  await boss.createQueue(HOLD_CAPTURE_QUEUE, { name: HOLD_CAPTURE_QUEUE, retryLimit: 8, retryDelay: moneyRetryDelay, retryBackoff: true, expireInSeconds });
  await boss.createQueue(HOLD_RELEASE_QUEUE, { name: HOLD_RELEASE_QUEUE, retryLimit: 8, retryDelay: moneyRetryDelay, retryBackoff: true, expireInSeconds });
  await boss.createQueue(REGISTRATION_MAIL_QUEUE, { name: REGISTRATION_MAIL_QUEUE, retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds });
  await boss.createQueue(SPOT_OPENED_QUEUE, { name: SPOT_OPENED_QUEUE, retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds });
  await boss.createQueue(RECOVER_QUEUE, { name: RECOVER_QUEUE, policy: "singleton", retryLimit: 0 });
  await boss.schedule(RECOVER_QUEUE, RECOVER_CRON);
  // Game on (docs/game-on.md): decisions and scheduled holds, every minute, one run at a time.
  // Its expiry as the other jobs': a run cut off by a crash must not hold the singleton for pg-boss's
  // default 15 minutes while a decision waits to be finished.
  await boss.createQueue(GAME_ON_QUEUE, { name: GAME_ON_QUEUE, policy: "singleton", retryLimit: 0, expireInSeconds });
  await boss.schedule(GAME_ON_QUEUE, RECOVER_CRON);

  await boss.work<PromoteJob>(PROMOTE_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    if (job) await runPromotion(deps, job.data.registrationId);
  });
  await boss.work<SpotOpenedJob>(SPOT_OPENED_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    if (job) await tellSpotWatchers(deps, job.data.eventId);
  });
  // A refund whose outcome stays unknown after the last retry stays pending: the recovery sweep
  // goes on asking the processor (recover.ts).
  await boss.work<RefundJob>(REFUND_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    if (job) await executeRefund(deps, job.data.paymentId);
  });
  // An unknown outcome throws and is retried; after the last retry the recovery sweep does it (stale-holds.ts).
  await boss.work<HoldJob>(HOLD_CAPTURE_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    if (!job) return;
    await captureHold(deps, job.data.holdId);
    // The decision's last outcome learnt here: the game is on now, not at the minute job's next run.
    await finishDecisionAfterCapture(deps, job.data.holdId);
  });
  await boss.work<HoldJob>(HOLD_RELEASE_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    if (job) await releaseHold(deps, job.data.holdId);
  });
  // In batches, each person's mails in the order of what they report (send-mail-batch.ts,
  // docs/mails.md). pg-boss 10 waits a polling interval after every batch, even a full one: a full
  // batch asks for the next at once instead, so a backlog drains at the pace mail is sent.
  // The worker's id is known once `work` returns; a first batch may be taken before that.
  const mailWorker: { id?: string } = {};
  mailWorker.id = await boss.work<RegistrationMailJob>(
    REGISTRATION_MAIL_QUEUE,
    { pollingIntervalSeconds, batchSize: MAILS_PER_BATCH, includeMetadata: true },
    async (jobs) => {
      await sendMailBatch(boss, deps, jobs);
      if (jobs.length === MAILS_PER_BATCH && mailWorker.id) boss.notifyWorker(mailWorker.id);
    },
  );
  await boss.work(RECOVER_QUEUE, async () => {
    await recoverPayments(deps);
  });
  await boss.work(GAME_ON_QUEUE, async () => {
    await runGameOnSweep(deps);
  });
  // Not awaited: the app serves while a decision a crash interrupted is finished (game-on-sweep.ts).
  void finishInterruptedDecisions(deps).catch((error: unknown) => console.error("game on: finishing interrupted decisions at start failed; the minute job tries again", error));
}
