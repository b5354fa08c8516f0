// The benchmarked app, in its own process (so the load generator does not share its event loop):
// a fresh database seeded in bulk, the real Hono app on @hono/node-server on loopback.
// Prints BENCH_READY and { port, cookie, eventId } on one line when ready; stops on SIGTERM.
//   BENCH_WEB_DIST    also serve this web build (npm run bench, npm run bench:lighthouse)
//   BENCH_SSR_DIST    and render its first screens on the server from this build (docs/server-rendering.md)
//   BENCH_SMALL_SEED  a small seed (npm run bench:lighthouse: a page of a few games, as a new group has)
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import type pg from "pg";
import { createApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { connectEmbedded, type Database, startEmbeddedPostgres } from "#server/db/client.ts";
import { createThrowawayDatabase } from "#test/database.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { createContext } from "#server/context.ts";
import { seed, SEED, SMALL_SEED } from "./seed.ts";

const READY = "BENCH_READY ";
const log = (line: string) => process.stderr.write(`[app] ${line}\n`);

async function openBenchDatabase(): Promise<Database> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  // A throwaway database on the given PostgreSQL server, or in-memory PGlite behind the socket
  // server, exactly the embedded production path.
  if (serverUrl) return createThrowawayDatabase(serverUrl, { prefix: "kickoff_bench" });
  return connectEmbedded(await startEmbeddedPostgres());
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "kickoff-bench-"));
  const database = await openBenchDatabase();
  await runMigrations(database.db);
  const started = Date.now();
  const webDist = process.env.BENCH_WEB_DIST;
  const counts = process.env.BENCH_SMALL_SEED ? SMALL_SEED : SEED;
  await seed(database.pool, counts);
  log(`seeded ${counts.upcomingEvents} upcoming and ${counts.completedEvents} completed events in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // The port chosen first, so that PUBLIC_URL is the origin browsers see (writes from another origin are refused).
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: "development",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    GEOCODER: "none",
    // The map's tiles from loopback too: this machine has no internet, a phone would reach OpenStreetMap.
    ...(webDist ? { MAP_TILE_URL: await startTileServer() } : {}),
  });
  // Mail is not benchmarked; the local mailer would print to stdout, which is the ready channel.
  const services = createContext(config, database, { mailer: { local: false, close() {}, async send() {} } });
  const app = createApp(services, { webDist, ssrDist: process.env.BENCH_SSR_DIST || undefined });
  const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve) => server.once("listening", resolve));

  const cookie = await signIn(`http://127.0.0.1:${port}`, config.publicUrl, database.pool);
  const { rows } = await database.pool.query<{ id: string }>(
    "select id from event where status = 'active' and ends_at >= now() order by starts_at limit 1",
  );
  process.stdout.write(`${READY}${JSON.stringify({ port, cookie, eventId: rows[0]!.id })}\n`);

  const stop = async () => {
    server.close();
    server.closeAllConnections();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Serves one plain 256×256 grass-green PNG for every tile; resolves with its {z}/{x}/{y} URL. */
async function startTileServer(): Promise<string> {
  const tile = solidPng(256, [187, 222, 170]);
  const tiles = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "image/png", "cache-control": "max-age=3600" });
    response.end(tile);
  });
  await new Promise<void>((resolve) => tiles.listen(0, "127.0.0.1", resolve));
  tiles.unref();
  return `http://127.0.0.1:${(tiles.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
}

function solidPng(size: number, [red, green, blue]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [red, green, blue]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}

/** A real session: sign up through the API, mark the address verified, sign in, keep the cookie. */
async function signIn(origin: string, publicUrl: string, pool: pg.Pool): Promise<string> {
  const email = "bench@example.com";
  const password = "correct-horse-42";
  // better-auth accepts requests from the configured origin only.
  const headers = { "content-type": "application/json", origin: publicUrl };
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password, name: "Bench Mark", firstName: "Bench", lastName: "Mark" }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await pool.query(`update "user" set email_verified = true where email = $1`, [email]);
  const signInResponse = await fetch(`${origin}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  if (!signInResponse.ok) throw new Error(`sign-in failed: ${signInResponse.status} ${await signInResponse.text()}`);
  return signInResponse.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
