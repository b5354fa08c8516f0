// The app under test for the join storm: `node --import tsx src/server/main.ts` as a child, exactly
// what `npm start` runs (HTTP app, pg-boss workers, recovery sweep). It can be killed with SIGKILL and
// started again on the same DATA_DIR and port, so clients that keep retrying reach it again; or stopped
// and started again with other fault rates (the simulated processor's state is in the database).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { createInterface, type Interface } from "node:readline";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));

/** Longer than a cold PGlite start (a new data directory, migrations, pg-boss's schema). */
const READY_TIMEOUT_MS = 90_000;
/** A graceful stop finishes requests and jobs; after this it is killed. */
const STOP_TIMEOUT_MS = 15_000;
/** Lines of child output kept for the failure report. */
const KEPT_LINES = 300;

/**
 * Extra flags for the app's node, e.g. BENCH_APP_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to see
 * where its CPU goes during a storm (a profile is written when a process stops gracefully, not at kill -9).
 */
function nodeFlags(): string[] {
  return (process.env.BENCH_APP_NODE_FLAGS ?? "").split(" ").filter(Boolean);
}

/** Every app process started here and not yet exited, for the emergency stop (Ctrl-C, the overall time limit). */
const live = new Set<ChildProcess>();

/** Kills, by pid, the app processes this benchmark started; nothing else. */
export function killStartedApps(): void {
  for (const child of live) child.kill("SIGKILL");
}

export interface AppOptions {
  port: number;
  dataDir: string;
  authSecret: string;
  /** PostgreSQL; unset: the embedded PGlite under dataDir. */
  databaseUrl?: string;
  declineRate: number;
  lostResponseRate: number;
  /** The one account ADMIN_EMAILS names (it cancels games). */
  adminEmail: string;
  /** Where the app appends its lock and join timings (LOCK_TIMING_FILE, src/server/events/lock-timing.ts); unset: none. */
  timingFile?: string;
  /** Set over the rest (bench/cluster.ts: PUBLIC_URL of the proxy, TRUST_PROXY). */
  extraEnv?: NodeJS.ProcessEnv;
}

/** What a restart may change: the simulated processor's faults. */
export type Faults = Pick<AppOptions, "declineRate" | "lostResponseRate">;

export interface App {
  readonly origin: string;
  /** The environment the app runs with (also what `npm run reconcile` needs). */
  readonly env: NodeJS.ProcessEnv;
  pid(): number;
  /** kill -9, then the same command again; resolves when the new process serves requests. */
  crashAndRestart(onDown: () => void): Promise<{ downMs: number }>;
  /** A graceful stop (requests and jobs finish), then the same command with these faults. */
  restartWith(faults: Faults): Promise<void>;
  stop(): Promise<void>;
  /** The last lines the app printed, for the report when something fails. */
  output(): string[];
  /** The last lines it wrote to stderr (warnings and errors: not drowned by the mails printed to stdout). */
  warnings(): string[];
}

/** A port nothing listens on now (the OS picks it; another process could take it first, rarely). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The app's environment, built from scratch rather than inherited: a FEE_PERCENT or SMTP_URL in the
 * caller's shell would otherwise change what the invariants are checked against.
 */
export function appEnv(options: AppOptions): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "development",
    // Loopback only: the benchmark's app has signed-in test users and nothing to serve anyone else.
    HOST: "127.0.0.1",
    PORT: String(options.port),
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    DATA_DIR: options.dataDir,
    AUTH_SECRET: options.authSecret,
    GEOCODER: "none",
    PAYMENTS: "simulated",
    SIMULATED_DECLINE_RATE: String(options.declineRate),
    SIMULATED_LOST_RESPONSE_RATE: String(options.lostResponseRate),
    ADMIN_EMAILS: options.adminEmail,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.timingFile ? { LOCK_TIMING_FILE: options.timingFile } : {}),
    ...options.extraEnv,
  };
}

export async function startApp(options: AppOptions): Promise<App> {
  let env = appEnv(options);
  const origin = `http://127.0.0.1:${options.port}`;
  const lines: string[] = [];
  const warnings: string[] = [];
  let generation = 0;
  let child = await launch();

  async function launch(): Promise<ChildProcess> {
    generation += 1;
    const tag = `[app#${generation}]`;
    const spawned = spawn(process.execPath, [...nodeFlags(), "--import", "tsx", "src/server/main.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    live.add(spawned);
    spawned.once("exit", () => live.delete(spawned));
    const keep = (line: string) => {
      lines.push(`${tag} ${line}`);
      if (lines.length > KEPT_LINES) lines.shift();
    };
    createInterface({ input: spawned.stderr! }).on("line", (line) => {
      keep(line);
      warnings.push(`${tag} ${line}`);
      if (warnings.length > KEPT_LINES) warnings.shift();
    });
    const stdout = createInterface({ input: spawned.stdout! });
    stdout.on("line", keep);
    try {
      await readyLine(spawned, stdout);
    } catch (error) {
      spawned.kill("SIGKILL");
      const tail = lines.slice(-20).map((line) => `    ${line}`).join("\n");
      throw new Error(`${error instanceof Error ? error.message : String(error)}; its last output:\n${tail}`, { cause: error });
    }
    return spawned;
  }

  async function stop() {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const done = exited(child);
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await done;
    clearTimeout(timer);
  }

  return {
    origin,
    get env() {
      return env;
    },
    pid: () => child.pid!,
    async crashAndRestart(onDown) {
      const killed = exited(child);
      child.kill("SIGKILL");
      const downAt = performance.now();
      onDown();
      await killed;
      child = await launch();
      return { downMs: performance.now() - downAt };
    },
    async restartWith(faults) {
      await stop();
      env = appEnv({ ...options, ...faults });
      child = await launch();
    },
    stop,
    output: () => [...lines],
    warnings: () => [...warnings],
  };
}

/** printWelcome() runs once the server listens, with the workers and the database up. */
function readyLine(child: ChildProcess, stdout: Interface): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
    stdout.on("line", (line) => {
      if (line.includes("is running at")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (${signal ?? code}) before it was ready`));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Where the running app serves its embedded database (openDatabase writes the note). After a restart
 * the old note may still be there until the new process rewrites it, hence the pid check.
 */
export function embeddedDatabaseUrl(dataDir: string, pid: number): string {
  const note = join(dataDir, "running-database.json");
  if (!existsSync(note)) throw new Error(`${note} is missing: is the app running on the embedded database?`);
  const running = JSON.parse(readFileSync(note, "utf8")) as { url: string; pid: number };
  if (running.pid !== pid) throw new Error(`${note} names pid ${running.pid}, the app is pid ${pid}`);
  return running.url;
}
