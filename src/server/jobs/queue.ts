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
  /** Stores several jobs with one statement (one round trip), in `client`'s transaction. */
  sendMany(jobs: { queue: string; data: object }[], options: { client: pg.PoolClient }): Promise<void>;
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
    async sendMany(jobs, { client }) {
      if (jobs.length === 0) return;
      // pg-boss's insert answers nothing and skips a job whose queue does not exist: the statement's
      // row count says how many were written.
      let stored = 0;
      const executeSql = async (text: string, values: unknown[]) => {
        const result = await client.query(text, values);
        stored = result.rowCount ?? 0;
        return result;
      };
      await boss.insert(
        jobs.map(({ queue, data }) => ({ name: queue, data })),
        { db: { executeSql } },
      );
      if (stored !== jobs.length) {
        throw new Error(`${jobs.length - stored} of ${jobs.length} jobs were not stored: a queue of ${[...new Set(jobs.map((job) => job.queue))].join(", ")} does not exist`);
      }
    },
  };
}
