import type pg from "pg";
import type { Boss } from "./boss.ts";

/**
 * What request handlers need from the background job system: a way to schedule work. The HTTP app
 * depends on this, not on pg-boss, so it can be built (and tested) without workers running.
 */
export interface JobQueue {
  /**
   * Stores a job for `queue`; resolves once it is durable. With `client` (a connection inside a
   * transaction) the job is written in that transaction: it exists exactly when the change that
   * needs it was committed.
   */
  send(queue: string, data: object, options?: { client?: pg.PoolClient; startAfter?: Date }): Promise<void>;
}

export function bossJobQueue(boss: Boss): JobQueue {
  return {
    async send(queue, data, options = {}) {
      const { client, startAfter } = options;
      const id = await boss.send(queue, data, {
        ...(startAfter ? { startAfter } : {}),
        ...(client ? { db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) } } : {}),
      });
      // pg-boss answers null when the queue does not exist; losing the job silently would be worse.
      if (id === null) throw new Error(`the job queue ${queue} does not exist`);
    },
  };
}
