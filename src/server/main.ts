import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { runMigrations } from "./db/migrate.ts";
import { startBoss } from "./jobs/boss.ts";
import { startEmbeddedVacuum } from "./jobs/maintenance.ts";
import { startNewEventMailWorkers } from "./jobs/new-event-mail.ts";
import { bossJobQueue } from "./jobs/queue.ts";
import { createServices } from "./services.ts";

const webDist = fileURLToPath(new URL("../../dist/web", import.meta.url));

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database.db);
  const boss = await startBoss(database.url);
  const services = createServices(config, database);
  await startNewEventMailWorkers(boss, { db: database.db, mailer: services.mailer, config });
  await startEmbeddedVacuum(boss, database.pool, { embedded: !config.databaseUrl });
  const app = createApp({ ...services, jobs: bossJobQueue(boss), webDist: existsSync(webDist) ? webDist : undefined });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: "0.0.0.0" }) as Server;
  await new Promise<void>((resolve) => server.once("listening", resolve));

  console.log(`\n${config.appName} is running at ${config.publicUrl}`);
  console.log(`  database: ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}/pglite`}`);
  if (services.mailer.local) console.log(`  mailbox:  ${config.publicUrl}/dev/mailbox (no SMTP_URL set; links are printed here too)`);
  console.log(`  payments: ${config.payments.mode}${config.payments.mode === "simulated" ? " (test cards, no real money)" : ""}`);
  console.log(
    config.adminEmails.length
      ? `  admins:   ${config.adminEmails.join(", ")}`
      : "  admins:   none yet. Start with ADMIN_EMAILS=you@example.com to make that account an admin.",
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: finishing requests and shutting down...`);
    // Stop accepting, let open requests finish, then stop the workers and close the database.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await boss.stop({ graceful: true, timeout: 10_000 });
    services.mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  console.error("Start-up failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
