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
