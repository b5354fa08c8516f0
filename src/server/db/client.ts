import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.ts";
import { PasswordGate } from "./pglite-password.ts";
import { SessionQueue } from "./pglite-session-queue.ts";
import * as schema from "./schema.ts";

export type Db = NodePgDatabase<typeof schema>;

/** A transaction: drizzle for queries, and its connection for work that must commit with it (jobs). */
export interface Tx {
  db: Db;
  client: pg.PoolClient;
}

export interface Database {
  /** Connection string every client (the app pool, pg-boss) uses. */
  url: string;
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

/** Connections the socket server accepts: the app pool, pg-boss's pool and a few spare for tools. */
const EMBEDDED_MAX_CONNECTIONS = 40;
export const APP_POOL_SIZE = 10;

export interface EmbeddedPostgres {
  url: string;
  /** Only for whole-database operations (dumpDataDir) while no client is connected; never for queries. */
  pglite: PGlite;
  stop(): Promise<void>;
}

/**
 * Starts PGlite on a data directory and serves it to `pg` clients, so that every query goes through
 * `pg` exactly as in production. Never query the PGlite instance in-process beside the socket:
 * that bypasses the socket's per-connection transaction handling.
 *
 * Only this app may connect (docs/decisions/007-private-embedded-database.md): the server listens on
 * a Unix socket, not a TCP port, in a new directory that only this user may enter (mode 0700), and
 * asks every connection for a password generated for this run. The connection string carries both;
 * `npm run reconcile` finds it in DATA_DIR/running-database.json (mode 0600).
 */
export async function startEmbeddedPostgres(
  options: { dataDir?: string; loadDataDir?: Blob | File } = {},
): Promise<EmbeddedPostgres> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  // In the system's temporary directory rather than DATA_DIR: a socket path must stay under ~100
  // bytes, which a deep DATA_DIR can exceed. mkdtemp creates it with mode 0700.
  const socketDir = mkdtempSync(join(tmpdir(), "kickoff-db-"));
  const password = randomBytes(24).toString("hex");
  const server = new PGLiteSocketServer({
    db: pglite,
    path: join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    maxConnections: EMBEDDED_MAX_CONNECTIONS,
  });
  // See pglite-session-queue.ts: the library's own queue interleaves concurrent connections. The
  // password is checked in front of it (pglite-password.ts).
  (server as unknown as { queryQueue: PasswordGate }).queryQueue = new PasswordGate(new SessionQueue(pglite), password);
  try {
    await server.start();
  } catch (error) {
    rmSync(socketDir, { recursive: true, force: true });
    await pglite.close();
    throw error;
  }
  // pg connects to <host>/.s.PGSQL.<port> when host is a directory.
  const url = `postgres://postgres:${password}@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=${SOCKET_PORT}&sslmode=disable`;
  return {
    url,
    pglite,
    async stop() {
      await server.stop();
      await pglite.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** Only names the socket file (.s.PGSQL.5432), as PostgreSQL's own does; nothing listens on a TCP port. */
const SOCKET_PORT = 5432;

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A database that cannot be reached must not hold requests: a new connection not made within
 * CONNECT_TIMEOUT_MS fails (answered 503, http/errors.ts) instead of waiting for the operating
 * system's timeout. Set on the client, not the pool: the pool's own option would also limit the wait
 * for a free connection, which a burst of requests may rightly exceed.
 */
class TimelyClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export function connect(url: string, poolSize = APP_POOL_SIZE, options: { embedded?: boolean } = {}): Database {
  // The embedded database's socket is in this process and never unreachable, but its handshakes
  // queue behind the transactions of other connections (pglite-session-queue.ts): under a burst a
  // timeout there would refuse work that only has to wait.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, ...(options.embedded ? {} : { Client: TimelyClient, keepAlive: true }) });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", (error) => console.error("database pool error:", error.message));
  const db = drizzle(pool, { schema });
  return {
    url,
    pool,
    db,
    close: () => pool.end(),
  };
}

/** A pool on an embedded database; closing it also stops the embedded server. */
export function connectEmbedded(embedded: EmbeddedPostgres, poolSize = APP_POOL_SIZE): Database {
  const database = connect(embedded.url, poolSize, { embedded: true });
  return {
    ...database,
    async close() {
      await database.close();
      await embedded.stop();
    },
  };
}

/**
 * The configured database: DATABASE_URL when set, else the embedded PGlite under dataDir. The
 * embedded one can be opened by one process only, so the app notes where it serves it: tools such as
 * `npm run reconcile` then use the running app's database instead of opening the files themselves.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return connect(options.databaseUrl);
  // Before the files are opened: a second process on this DATA_DIR stops here (data-dir-lock.ts).
  const unlock = lockDataDir(options.dataDir);
  let database: Database;
  try {
    database = connectEmbedded(await startEmbeddedPostgres({ dataDir: `${options.dataDir}/pglite` }));
  } catch (error) {
    unlock();
    throw error;
  }
  const note = runningDatabaseNote(options.dataDir);
  writeFileSync(note, JSON.stringify({ url: database.url, pid: process.pid }), { mode: 0o600 });
  return {
    ...database,
    async close() {
      rmSync(note, { force: true });
      await database.close();
      unlock();
    },
  };
}

const runningDatabaseNote = (dataDir: string) => join(dataDir, "running-database.json");

/**
 * For command-line tools: the configured database, or, on the embedded default, the running app's
 * (when an app is running on this DATA_DIR), else the embedded files opened here.
 */
export async function openDatabaseForTool(options: { databaseUrl?: string; dataDir: string }): Promise<Database & { where: string }> {
  if (options.databaseUrl) return { ...connect(options.databaseUrl, 2), where: "PostgreSQL (DATABASE_URL)" };
  const note = runningDatabaseNote(options.dataDir);
  if (existsSync(note)) {
    try {
      const { url, pid } = JSON.parse(readFileSync(note, "utf8")) as { url: string; pid: number };
      process.kill(pid, 0); // throws when that app is gone
      const database = connect(url, 2);
      await database.pool.query("select 1");
      return { ...database, where: `the running app's embedded database (pid ${pid})` };
    } catch {
      // A note left by an app that is no longer running: open the files.
    }
  }
  // The files themselves: an app starting meanwhile on this DATA_DIR must wait for the tool, and the other way round.
  const unlock = lockDataDir(options.dataDir);
  try {
    const database = connectEmbedded(await startEmbeddedPostgres({ dataDir: `${options.dataDir}/pglite` }), 2);
    return {
      ...database,
      async close() {
        await database.close();
        unlock();
      },
      where: `embedded PGlite in ${options.dataDir}/pglite`,
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
