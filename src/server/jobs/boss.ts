import PgBoss from "pg-boss";

/** pg-boss keeps its own small pool; the embedded socket server accepts enough connections for it. */
export const BOSS_POOL_SIZE = 4;

export type Boss = PgBoss;

export const MAINTENANCE_INTERVAL_SECONDS = 15;

export async function startBoss(databaseUrl: string): Promise<PgBoss> {
  // Maintenance is what hands a job held by a dead worker (a crash, kill -9) out again once it has
  // expired; at pg-boss's default of every 2 minutes, a promoted player would wait that much longer.
  const boss = new PgBoss({ connectionString: databaseUrl, max: BOSS_POOL_SIZE, maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS });
  boss.on("error", (error) => console.error("background jobs error:", error.message));
  await boss.start();
  return boss;
}

/**
 * This process's workers to wake when a job for their queue is stored outside a transaction
 * (`bossJobQueue`'s `send`, queue.ts): pg-boss's `notifyWorker` ends the worker's wait between polls,
 * so the job runs now rather than up to a polling interval later. A job stored inside a transaction
 * wakes nobody: it is not visible before the commit. Another instance's workers still find it at their
 * next poll. Used for the account mails, which a person waits for (issue 8's mails leave after the
 * answer, and then at once).
 */
const wakeable = new WeakMap<object, Map<string, Array<() => void>>>();

/** Wakes the worker `workerId` of `boss` when a job for `queue` is sent outside a transaction. */
export function wakeOnSend(boss: Boss, queue: string, workerId: string): void {
  const byQueue = wakeable.get(boss) ?? new Map<string, Array<() => void>>();
  wakeable.set(boss, byQueue);
  byQueue.set(queue, [...(byQueue.get(queue) ?? []), () => boss.notifyWorker(workerId)]);
}

/** Wakes the workers registered for `queue` on `boss` (none: nothing happens). */
export function wakeWorkers(boss: object, queue: string): void {
  for (const wake of wakeable.get(boss)?.get(queue) ?? []) wake();
}
