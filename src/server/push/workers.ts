import type { Boss } from "#server/jobs/boss.ts";
import type { Database } from "#server/db/client.ts";
import type { PushChannels } from "./channel.ts";
import { deliverPush } from "./deliver-push.ts";
import { PUSH_QUEUE, type PushJob } from "./queue-push.ts";

/** Pushes a worker takes at once, sent side by side (a freed spot or a decision fans out to many devices). */
const PUSHES_PER_BATCH = 50;

/** The push queue and its worker (main.ts): retried with backoff; a job per device, so one slow service delays no other. */
export async function startPushWorkers(boss: Boss, deps: { database: Database; push: PushChannels }, options: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  await boss.createQueue(PUSH_QUEUE, { name: PUSH_QUEUE, retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 });
  await boss.work<PushJob>(PUSH_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: PUSHES_PER_BATCH }, async (jobs) => {
    const failed: { id: string; error: unknown }[] = [];
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await deliverPush(deps, job.data);
        } catch (error) {
          failed.push({ id: job.id, error });
        }
      }),
    );
    // The others are done; each failed one is retried on its own.
    for (const { id, error } of failed) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`push job ${id} failed and will be retried: ${message}`);
      await boss.fail(PUSH_QUEUE, id, { message });
    }
  });
}
