// The seeding step of `npm run demo` (scripts/demo.mjs, docs/demo.md): opens the demo's embedded
// database (DATA_DIR, set by demo.mjs), migrates it as the app does, seeds the community, and leaves
// a mark so that the next `npm run demo` only starts the app.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { seedDemo } from "./seed-demo.ts";

export const SEEDED_MARK = "demo-seeded.json";

async function main() {
  const config = loadConfig();
  if (config.databaseUrl) throw new Error("the demo runs on its own embedded database: unset DATABASE_URL");
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    await runMigrations(database.db, database.pool);
    const counts = await seedDemo(config, database, { log: (line) => console.log(`  seeding: ${line}`) });
    writeFileSync(join(config.dataDir, SEEDED_MARK), JSON.stringify({ seededAt: new Date().toISOString(), counts }, null, 2));
    console.log(`  seeded: ${counts.users} people, ${counts.games} games (${counts.pastGames} played), ${counts.confirmedSpots} spots, ${counts.refunds} refunds`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `demo seeding failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
