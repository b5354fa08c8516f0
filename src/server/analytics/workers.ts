import type pg from "pg";
import type { Boss } from "#server/jobs/boss.ts";
import { rollUpHits } from "./roll-up-hits.ts";

export const ANALYTICS_QUEUE = "analytics-roll-up";
/** Hourly, at a minute no other hourly job uses (the vacuum runs at :17). */
export const ANALYTICS_CRON = "41 * * * *";

/** Schedules the hourly roll-up and retention of analytics (roll-up-hits.ts); main.ts starts it. */
export async function startAnalyticsWorker(boss: Boss, deps: { pool: pg.Pool; timeZone: string; now?: () => Date }): Promise<void> {
  await boss.createQueue(ANALYTICS_QUEUE, { name: ANALYTICS_QUEUE, policy: "singleton", retryLimit: 2, retryDelay: 60 });
  await boss.schedule(ANALYTICS_QUEUE, ANALYTICS_CRON);
  await boss.work(ANALYTICS_QUEUE, async () => {
    await rollUpHits(deps.pool, { timeZone: deps.timeZone, now: deps.now?.() ?? new Date() });
  });
}
