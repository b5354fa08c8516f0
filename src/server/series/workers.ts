import type { AppContext } from "#server/context.ts";
import type { Boss } from "#server/jobs/boss.ts";
import type { JobQueue } from "#server/jobs/queue.ts";
import { announceSeriesOpenings } from "./announce-openings.ts";
import { generateSeriesGames } from "./generate-games.ts";

export const SERIES_GENERATION_QUEUE = "series-generation";
/** Hourly: a new day's game appears within the hour of the horizon reaching it (docs/series.md). */
export const SERIES_GENERATION_CRON = "7 * * * *";
export const SERIES_ANNOUNCE_QUEUE = "series-announce-openings";
/** Every minute: a game's mail leaves within a minute of its window or its opening. */
export const SERIES_ANNOUNCE_CRON = "* * * * *";

/**
 * Generation runs on a schedule, as a singleton on one worker. Another run at the same time (another
 * instance, a retried job) is harmless anyway: games are keyed by (series, day) and inserted once.
 */
export async function startSeriesWorkers(boss: Boss, context: Pick<AppContext, "database" | "listCache"> & { jobs: JobQueue }): Promise<void> {
  const deps = { ...context, db: context.database.db };
  await boss.createQueue(SERIES_GENERATION_QUEUE, { name: SERIES_GENERATION_QUEUE, policy: "singleton", retryLimit: 2, retryDelay: 60 });
  await boss.schedule(SERIES_GENERATION_QUEUE, SERIES_GENERATION_CRON);
  await boss.work(SERIES_GENERATION_QUEUE, async () => {
    await generateSeriesGames(deps);
  });
  // Announcements are claimed once each in the database (announce-openings.ts); the singleton only spares work.
  await boss.createQueue(SERIES_ANNOUNCE_QUEUE, { name: SERIES_ANNOUNCE_QUEUE, policy: "singleton", retryLimit: 0 });
  await boss.schedule(SERIES_ANNOUNCE_QUEUE, SERIES_ANNOUNCE_CRON);
  await boss.work(SERIES_ANNOUNCE_QUEUE, async () => {
    await announceSeriesOpenings(deps);
  });
}
