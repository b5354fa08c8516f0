// The app that `npm run bench:analytics` measures, in its own process (the load generator does not
// share its event loop): a fresh database with a small club's games, a year of analytics (500,000
// raw hits over the last 30 days, daily sums before that), the real Hono app on loopback behind one
// trusted proxy (TRUST_PROXY=1: the load comes from many client addresses, as it would).
// Prints BENCH_READY { port, adminCookie, playerCookie, eventId } when ready; stops on SIGTERM.
//   BENCH_DATABASE_URL     PostgreSQL server to use instead of the embedded PGlite
//   BENCH_ANALYTICS_HITS   raw hits to seed over the last 30 days (default 500000)
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import type pg from "pg";
import { rollUpHits } from "#server/analytics/roll-up-hits.ts";
import { createApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { connectEmbedded, type Database, startEmbeddedPostgres } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { createContext } from "#server/context.ts";
import { dateInZone } from "#shared/zoned-time.ts";
import { createThrowawayDatabase } from "#test/database.ts";
import { seed, SMALL_SEED } from "./seed.ts";

const READY = "BENCH_READY ";
const log = (line: string) => process.stderr.write(`[app] ${line}\n`);
const RAW_HITS = Number(process.env.BENCH_ANALYTICS_HITS ?? 500_000);
const ADMIN = { email: "bench-admin@example.com", password: "correct-horse-42" };
// The event page is read by a player, as in npm run bench: an admin's page also queries refund issues and disputes.
const PLAYER = { email: "bench-player@example.com", password: "correct-horse-42" };

/**
 * PostgreSQL, or PGlite on a data directory as `npm start` runs it: in memory (as bench/run.ts has
 * it) every growth of page_hit's files would copy them whole, which says nothing about the app.
 */
async function openBenchDatabase(dataDir: string): Promise<Database> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) return createThrowawayDatabase(serverUrl, { prefix: "kickoff_bench_analytics" });
  return connectEmbedded(await startEmbeddedPostgres({ dataDir: join(dataDir, "pglite") }));
}

/**
 * A year of analytics in bulk SQL: RAW_HITS raw hits spread over the 30 days before today (phones
 * mostly, a fifth of them landings, some from WhatsApp; event pages of 200 games), rolled up by the
 * real job; and for the 335 days before those, daily sums as the job would have left them.
 */
async function seedAnalytics(pool: pg.Pool, today: string) {
  let started = Date.now();
  await pool.query(
    `with games as (select array_agg(id) as ids from (select id from event order by starts_at limit 200) e)
     insert into page_hit (at, day, kind, screen, event_id, signed_in, landing, referrer, device, visitor)
     select at, (at at time zone 'UTC')::date,
            (case when g % 50 = 0 then 'share' else 'view' end)::analytics_hit_kind,
            (array['home', 'event', 'event', 'event', 'your-events', 'profile', 'login', 'other'])[1 + g % 8]::analytics_screen,
            case when g % 8 in (1, 2, 3) then games.ids[1 + (g / 8) % array_length(games.ids, 1)] end,
            g % 3 <> 0, g % 5 = 0,
            case when g % 5 = 0 then (array['whatsapp', 't.co', 'facebook.com', null])[1 + (g / 5) % 4] end,
            (array['phone', 'phone', 'phone', 'desktop', 'tablet'])[1 + g % 5]::analytics_device,
            md5((g % 4000)::text || (at at time zone 'UTC')::date::text)
     from games, generate_series(1, $2::int) g,
          lateral (select $1::date::timestamp at time zone 'UTC' - (1 + g % 30) * interval '1 day' + (g % 86400) * interval '1 second' as at) t`,
    [today, RAW_HITS],
  );
  log(`seeded ${RAW_HITS} raw hits over 30 days in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  await pool.query(
    `with games as (select id from event order by starts_at limit 20)
     insert into analytics_daily (day, metric, key, value)
     select d::date, m.metric, m.key, m.value
     from generate_series($1::date - 365, $1::date - 31, interval '1 day') d
     cross join (values ('visitors', '', 3000), ('views', '', 16000), ('shares', '', 300), ('screen', 'home', 2000), ('screen', 'event', 6000),
                        ('screen', 'your-events', 2000), ('screen', 'profile', 2000), ('screen', 'login', 2000), ('screen', 'other', 2000),
                        ('referrer', 'whatsapp', 800), ('referrer', 't.co', 800), ('referrer', 'facebook.com', 800), ('referrer', '', 800),
                        ('device', 'phone', 1800), ('device', 'desktop', 600), ('device', 'tablet', 600)) m(metric, key, value)
     union all
     select d::date, m.metric, games.id::text, m.value
     from generate_series($1::date - 365, $1::date - 31, interval '1 day') d
     cross join games
     cross join (values ('game_opened', 300), ('game_signed_in', 200), ('game_shares', 15)) m(metric, value)`,
    [today],
  );
  log(`seeded 335 days of daily sums in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  const first = await rollUpHits(pool, { timeZone: "UTC", now: new Date() });
  log(`rolled up ${first.rolledUp.length} days of raw hits in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  const hourly = await rollUpHits(pool, { timeZone: "UTC", now: new Date() });
  log(`an hourly run afterwards (yesterday again): ${hourly.rolledUp.length} day in ${((Date.now() - started) / 1000).toFixed(2)} s`);
  await pool.query(process.env.BENCH_NO_VACUUM ? "analyze" : "vacuum analyze");
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "kickoff-bench-analytics-"));
  const database = await openBenchDatabase(dataDir);
  await runMigrations(database.db);
  await seed(database.pool, SMALL_SEED);
  const today = dateInZone(new Date(), "UTC");
  if (RAW_HITS > 0) await seedAnalytics(database.pool, today);

  const config = loadConfig({
    NODE_ENV: "development",
    PUBLIC_URL: "http://127.0.0.1",
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    GEOCODER: "none",
    ADMIN_EMAILS: ADMIN.email,
    ANALYTICS_TIME_ZONE: "UTC",
    TRUST_PROXY: "1",
  });
  // Mail is not benchmarked; the local mailer would print to stdout, which is the ready channel.
  const services = createContext(config, database, { mailer: { local: false, close() {}, async send() {} } });
  const app = createApp(services);
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;

  const adminCookie = await signIn(`http://127.0.0.1:${port}`, config.publicUrl, database.pool, ADMIN);
  const playerCookie = await signIn(`http://127.0.0.1:${port}`, config.publicUrl, database.pool, PLAYER);
  const { rows } = await database.pool.query<{ id: string }>("select id from event where status = 'active' and ends_at >= now() order by starts_at limit 1");
  process.stdout.write(`${READY}${JSON.stringify({ port, adminCookie, playerCookie, eventId: rows[0]!.id })}\n`);

  const stop = async () => {
    server.close();
    server.closeAllConnections();
    await services.analytics.buffer.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

/** A session: sign up through the API, mark the address verified, sign in, keep the cookie. */
async function signIn(origin: string, publicUrl: string, pool: pg.Pool, account: { email: string; password: string }): Promise<string> {
  const headers = { "content-type": "application/json", origin: publicUrl };
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ ...account, name: "Bench Mark", firstName: "Bench", lastName: "Mark" }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await pool.query(`update "user" set email_verified = true where email = $1`, [account.email]);
  const response = await fetch(`${origin}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify(account) });
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
