// One app instance that `npm run bench:live` measures, in its own process (the 2,000 streams' reader
// does not share its event loop): the real Hono app on @hono/node-server on loopback, listening on
// the live channel as main.ts does. Prints BENCH_READY { port, ... } when ready; stops on SIGTERM.
//   BENCH_DATABASE_URL  a migrated PostgreSQL database to use (several instances may share it);
//                       without it, a fresh embedded PGlite of its own (one instance)
//   BENCH_SEED=N        migrate, add the bench's game (N + 10 spots, free) and N players and a
//                       viewer with sessions, and print their cookies and the game's id
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import type pg from "pg";
import { createApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { connect, connectEmbedded, type Database, startEmbeddedPostgres } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { createContext } from "#server/context.ts";

const READY = "BENCH_READY ";
const log = (line: string) => process.stderr.write(`[app ${process.pid}] ${line}\n`);
const PASSWORD = "correct-horse-42";

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "kickoff-bench-live-"));
  const database: Database = process.env.BENCH_DATABASE_URL ? connect(process.env.BENCH_DATABASE_URL) : connectEmbedded(await startEmbeddedPostgres());
  const players = Number(process.env.BENCH_SEED ?? 0);
  if (players > 0 || !process.env.BENCH_DATABASE_URL) await runMigrations(database.db);

  const config = loadConfig({
    NODE_ENV: "development",
    PUBLIC_URL: "http://127.0.0.1",
    DATA_DIR: dataDir,
    // The same secret for every instance, as in production: a session cookie is good on all of them.
    AUTH_SECRET: process.env.BENCH_AUTH_SECRET ?? randomBytes(32).toString("hex"),
    GEOCODER: "none",
    // Every stream and sign-up of the bench comes from 127.0.0.1.
    LIVE_STREAMS_PER_ADDRESS: "100000",
    RATE_LIMIT_SIGN_UP: "100000",
    RATE_LIMIT_SIGN_IN: "100000",
  });
  // Mail is not benchmarked; the local mailer would print to stdout, which is the ready channel.
  const services = createContext(config, database, { mailer: { local: false, close() {}, async send() {} } });
  await services.live.start();
  const app = createApp(services);
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  let seeded = {};
  if (players > 0) {
    const started = Date.now();
    const { rows } = await database.pool.query<{ id: string }>(
      `insert into event (title, starts_at, ends_at, time_zone, duration_minutes, latitude, longitude, location_name, cost_cents, max_players)
       values ('Live bench game', now() + interval '3 days', now() + interval '3 days 90 minutes', 'UTC', 90, 40.78, -73.96, 'Riverside Park', 0, $1)
       returning id`,
      [players + 10],
    );
    const cookies: string[] = [];
    for (let i = 0; i < players + 1; i++) cookies.push(await signIn(origin, config.publicUrl, database.pool, `live-bench-${i}@example.com`));
    log(`seeded the game and ${players + 1} sessions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    seeded = { eventId: rows[0]!.id, viewerCookie: cookies[0], playerCookies: cookies.slice(1) };
  }
  process.stdout.write(`${READY}${JSON.stringify({ port, pid: process.pid, ...seeded })}\n`);

  const stop = async () => {
    await services.live.close();
    server.close();
    server.closeAllConnections();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  // The bench asks for the memory after a full collection (node --expose-gc), so garbage left by the
  // sign-ups is not counted against the streams.
  process.on("SIGUSR2", () => {
    (globalThis as { gc?: () => void }).gc?.();
    process.stdout.write(`BENCH_MEMORY ${JSON.stringify(process.memoryUsage())}\n`);
  });
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

/** A real session: sign up through the API, mark the address verified, sign in, keep the cookie. */
async function signIn(origin: string, publicUrl: string, pool: pg.Pool, email: string): Promise<string> {
  const headers = { "content-type": "application/json", origin: publicUrl };
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD, name: "Live Bench", firstName: "Live", lastName: "Bench" }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await pool.query(`update "user" set email_verified = true where email = $1`, [email]);
  const response = await fetch(`${origin}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify({ email, password: PASSWORD }) });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
