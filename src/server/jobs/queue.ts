import type { Boss } from "./boss.ts";

/**
 * What request handlers need from the background job system: a way to schedule work. The HTTP app
 * depends on this, not on pg-boss, so it can be built (and tested) without workers running.
 */
export interface JobQueue {
  /** Stores a job for `queue`; resolves once it is durable. */
  send(queue: string, data: object): Promise<void>;
}

export function bossJobQueue(boss: Boss): JobQueue {
  return {
    async send(queue, data) {
      const id = await boss.send(queue, data);
      // pg-boss answers null when the queue does not exist; losing the job silently would be worse.
      if (id === null) throw new Error(`the job queue ${queue} does not exist`);
    },
  };
}
