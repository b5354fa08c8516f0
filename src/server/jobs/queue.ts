import type pg from "pg";
import { type Boss, wakeWorkers } from "./boss.ts";

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

export function bossJobQueue(boss: Pick<Boss, "send" | "insert">, options: { partitionRetryDelaysMs?: readonly number[] } = {}): JobQueue {
  const retryDelaysMs = options.partitionRetryDelaysMs ?? PARTITION_RETRY_DELAYS_MS;
  return {
    async send(queue, data, options = {}) {
      const { client, startAfter } = options;
      const sendOnce = () =>
        boss.send(queue, data, {
          ...(startAfter ? { startAfter } : {}),
          ...(client ? { db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) } } : {}),
        });
      // Inside a transaction a failed statement has aborted it: only the caller can start again.
      const id = client ? await sendOnce() : await withPartitionRetries(sendOnce, retryDelaysMs);
      // pg-boss answers null when the queue does not exist; losing the job silently would be worse.
      if (id === null) throw new Error(`the job queue ${queue} does not exist`);
      // Stored and visible now: this process's workers that asked to be woken run it at once (boss.ts).
      if (!client) wakeWorkers(boss, queue);
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

/**
 * pg-boss keeps each queue's jobs in a partition of its `job` table, made when the queue is created.
 * Once, in CI (2026-11-29, PostgreSQL 15, a test's first account mail a second after its queues were
 * created), PostgreSQL refused a job with "no partition of relation "job" found for row" for a queue
 * whose partition had been attached and committed before: its insert joins the queue table (which it
 * saw) and routed the row as if the partition were not there. The cause is not known (it did not
 * happen again in 400 sends to fresh queues); PostgreSQL's own note on ATTACH PARTITION, which takes
 * a weaker lock on the parent than other DDL (its commit 898e5e3), says a statement's planning and
 * execution may see different sets of partitions. Retried a few times, then the error is the
 * caller's as before (an account mail's sender logs it). Not retried inside a transaction: the
 * failed statement aborted it.
 */
const PARTITION_RETRY_DELAYS_MS = [50, 200, 1000] as const;

async function withPartitionRetries<T>(send: () => Promise<T>, delaysMs: readonly number[]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= delaysMs.length || !isMissingPartition(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delaysMs[attempt]));
    }
  }
}

/** PostgreSQL's "no partition of relation … found for row" (SQLSTATE 23514, check_violation). */
export function isMissingPartition(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === "23514" && /^no partition of relation/.test(error.message);
}
