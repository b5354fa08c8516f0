import PgBoss from "pg-boss";

/** pg-boss keeps its own small pool; the embedded socket server accepts enough connections for it. */
export const BOSS_POOL_SIZE = 4;

export type Boss = PgBoss;

export async function startBoss(databaseUrl: string): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: BOSS_POOL_SIZE });
  boss.on("error", (error) => console.error("background jobs error:", error.message));
  await boss.start();
  return boss;
}
