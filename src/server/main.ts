import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { startAnalyticsWorker } from "./analytics/workers.ts";
import { createApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { runMigrations } from "./db/migrate.ts";
import { startAccountMailWorker } from "./jobs/account-mail.ts";
import { startBoss } from "./jobs/boss.ts";
import { startEmbeddedVacuum, startRateLimitPrune } from "./jobs/maintenance.ts";
import { startNewEventMailWorkers } from "./events/new-event-mail-jobs.ts";
import { bossJobQueue } from "./jobs/queue.ts";
import { startRegistrationWorkers } from "./registrations/workers.ts";
import { startPushWorkers } from "./push/workers.ts";
import { startReminderWorkers } from "./reminders/workers.ts";
import { startSeriesWorkers } from "./series/workers.ts";
import { createContext } from "./context.ts";

const webDist = fileURLToPath(new URL("../../dist/web", import.meta.url));
const ssrDist = fileURLToPath(new URL("../../dist/ssr", import.meta.url));

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

  // What start-up has opened, closed in reverse order if a later step fails.
  const opened: (() => Promise<unknown>)[] = [];
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    opened.push(() => database.close());
    await runMigrations(database.db, database.pool);
    const boss = await startBoss(database.url);
    opened.push(() => boss.stop({ graceful: false, wait: true }));
    const jobs = bossJobQueue(boss);
    const context = createContext(config, database, { jobs });
    opened.push(async () => context.mailer.close());
    await context.live.start();
    opened.push(() => context.live.close());
    // First: the other workers queue pushes beside their mails (docs/notifications.md).
    await startPushWorkers(boss, context);
    await startAccountMailWorker(boss, context);
    await startNewEventMailWorkers(boss, context);
    await startRegistrationWorkers(boss, context);
    await startReminderWorkers(boss, { ...context, jobs });
    await startSeriesWorkers(boss, { ...context, jobs });
    await startEmbeddedVacuum(boss, database.pool, { embedded: !config.databaseUrl });
    await startRateLimitPrune(boss, database.pool, { windowMs: config.rateLimits.windowMs });
    await startAnalyticsWorker(boss, { pool: database.pool, timeZone: config.analytics.timeZone });
    const app = createApp(context, { webDist: existsSync(webDist) ? webDist : undefined, ssrDist: existsSync(ssrDist) ? ssrDist : undefined });

    const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }) as Server;
    keepConnectionsLonger(server);
    await listening(server, config);
    printWelcome(config, context.mailer.local);

    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) {
        console.log(`${signal} again: stopping now.`);
        process.exit(1);
      }
      stopping = true;
      console.log(`\n${signal}: finishing requests and shutting down...`);
      try {
        // Open streams would hold the server's close for its whole grace: they end first (browsers reconnect elsewhere).
        await context.live.close();
        await closeServer(server);
        // The hits still in memory (at most a second's worth) are written before the database goes.
        await context.analytics.buffer.close();
        await boss.stop({ graceful: true, timeout: 10_000 });
        context.mailer.close();
        await database.close();
      } catch (error) {
        console.error("Shutdown failed:", error instanceof Error ? error.message : error);
        process.exit(1);
      }
      process.exit(0);
    };
    process.on("SIGTERM", () => void shutdown("SIGTERM"));
    process.on("SIGINT", () => void shutdown("SIGINT"));
  } catch (error) {
    for (const close of opened.reverse()) await close().catch(() => undefined);
    throw error;
  }
}

/**
 * Node closes an idle kept-alive connection after 5 s. A client that pools connections and does not read
 * the `Keep-Alive: timeout` hint (Playwright's request context, some proxies and mobile stacks) may
 * write its next request onto the socket just as it closes, and gets ECONNRESET for a request the server
 * never read. Keeping idle connections 65 s makes that window rare; shutdown still closes idle ones first.
 */
function keepConnectionsLonger(server: Server) {
  server.keepAliveTimeout = 65_000;
  // Node requires the header timeout to outlast the keep-alive one.
  server.headersTimeout = 66_000;
}

/** Resolves once the server listens; a port in use (or not allowed) is a clear start-up failure, not a crash. */
function listening(server: Server, { port, host }: Pick<Config, "port" | "host">): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") reject(new Error(`port ${port} is already in use. Stop what uses it, or choose another with PORT.`));
      else if (error.code === "EACCES") reject(new Error(`port ${port} is not allowed for this user. Choose another with PORT.`));
      else if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND" || error.code === "EAI_AGAIN") {
        reject(new Error(`HOST ${host} is not an address of this machine. Use 0.0.0.0 (every address), 127.0.0.1 (this machine only) or one of its own.`));
      } else reject(error);
    });
  });
}

/** Requests open at the signal may take this long to finish; then their connections are closed. */
const SHUTDOWN_GRACE_MS = 5_000;

/**
 * Stops accepting, lets open requests finish, then resolves. Keep-alive connections are closed as
 * soon as they are idle; a client that never finishes its request (or a response that never ends)
 * is cut after SHUTDOWN_GRACE_MS so the workers and the database are still closed cleanly.
 */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}

function printWelcome(config: Config, localMailbox: boolean) {
  console.log(`\n${config.appName} is running at ${config.publicUrl}`);
  const proxies = config.trustProxy ? ` (behind ${config.trustProxy} trusted ${config.trustProxy === 1 ? "proxy" : "proxies"}, TRUST_PROXY)` : "";
  console.log(`  listens:  ${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}${proxies}`);
  console.log(`  database: ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}/pglite`}`);
  if (localMailbox) console.log(`  mailbox:  ${config.publicUrl}/dev/mailbox (no SMTP_URL set; links are printed here too; served to this machine only)`);
  console.log(`  payments: ${config.payments.mode}${config.payments.mode === "simulated" ? " (test cards, no real money)" : ""}`);
  console.log(
    config.adminEmails.length
      ? `  admins:   ${config.adminEmails.join(", ")}`
      : "  admins:   none yet. Start with ADMIN_EMAILS=you@example.com to make that account an admin.",
  );
}

main().catch((error) => {
  console.error("Start-up failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
