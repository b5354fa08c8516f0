// One join-storm run (DESIGN §9): a fresh database and app, 1,000 users with saved cards joining one
// paid game at once (optionally with the app killed -9 mid-storm and started again), 10 confirmed
// players cancelling at once, the background work drained, then the invariants and the bare floor.
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EventDetail } from "../src/shared/events.ts";
import { DEFAULT_FEE } from "../src/shared/money.ts";
import { connect, type Database } from "../src/server/db/client.ts";
import { createThrowawayDatabase } from "../src/test/database.ts";
import { type App, embeddedDatabaseUrl, freePort, root, startApp } from "./storm-app.ts";
import { bareLockCheckInsert, type Throughput } from "./storm-bare.ts";
import { type CancelOutcome, type Check, checkInvariants, type FinalState, type JoinOutcome } from "./storm-checks.ts";
import { type Client, createClient, type Phase, type PhaseCounts, pause, percentile } from "./storm-http.ts";
import { checkSession, insertGame, saveCards, seedUsers, type StormUser } from "./storm-seed.ts";

export interface RunSpec {
  name: string;
  database: "pglite" | "postgres";
  crash: boolean;
}

export interface RunSettings {
  users: number;
  cancels: number;
  /**
   * The app is killed when this many paid spots (of 24) have had their answer: the rest are then
   * being charged, and most of the crowd is still in flight. A fixed count of answers would not do:
   * how the paid answers interleave with the waitlist answers depends on the database and the machine.
   */
  killAfterPaidAnswers: number;
  declineRate: number;
  lostResponseRate: number;
  postgresUrl: string;
  /** How long background work (promotions, refunds, recovery) may take to drain. */
  settleTimeoutMs: number;
}

export interface StormStats extends Throughput {
  elapsedMs: number;
  /** "201 confirmed", "402", ... → clients. */
  answers: Map<string, number>;
  /** Clients that needed more than one request. */
  retried: number;
}

export interface CrashReport {
  downMs: number;
  /** Joins answered when the app was killed. */
  answered: number;
  inFlight: number;
  recorded: number;
  paying: number;
}

export interface RunResult {
  spec: RunSpec;
  steps: [string, number][];
  /** The longest wait for background work to drain (promotions, refunds; jobs of a killed process). */
  drainMs?: number;
  storm?: StormStats;
  bare?: Throughput;
  crash?: CrashReport;
  counts?: Map<Phase, PhaseCounts>;
  checks: Check[];
  state?: FinalState;
  cliOutput: string[];
  /** Set when the run could not be completed; the app's last output goes with it. */
  error?: string;
  appOutput: string[];
}

const DEFINITIVE = [201, 402, 409, 422] as const;
/** However slow, a client stops retrying after this (it then counts as a failed invariant). */
const CLIENT_DEADLINE_MS = 4 * 60_000;
const CARD_CONCURRENCY = 50;
const CLI_TIMEOUT_MS = 60_000;

/** Cleanups of the run in progress, so an interrupted benchmark still drops its database and files. */
const inProgress: (() => Promise<unknown> | unknown)[] = [];

export async function cleanUpRunInProgress(): Promise<void> {
  for (const cleanup of inProgress.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}

export async function runStorm(spec: RunSpec, settings: RunSettings): Promise<RunResult> {
  const result: RunResult = { spec, steps: [], checks: [], cliOutput: [], appOutput: [] };
  const cleanups = inProgress;
  let app: App | undefined;
  try {
    const dataDir = mkdtempSync(join(tmpdir(), "kickoff-storm-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const throwaway = spec.database === "postgres" ? await createThrowawayDatabase(settings.postgresUrl, { prefix: "kickoff_storm" }) : undefined;
    if (throwaway) cleanups.push(() => throwaway.close());

    const authSecret = randomBytes(32).toString("hex");
    app = await timed(result, "app started", async () =>
      startApp({
        port: await freePort(),
        dataDir,
        authSecret,
        databaseUrl: throwaway?.url,
        declineRate: settings.declineRate,
        lostResponseRate: settings.lostResponseRate,
      }),
    );
    const running = app;
    cleanups.push(() => running.stop());
    const client = createClient(app.origin);
    cleanups.push(() => client.close());
    result.counts = client.counts;
    // The embedded database lives inside the app: reachable only through its socket, and only while it runs.
    const databaseUrl = () => throwaway?.url ?? embeddedDatabaseUrl(dataDir, running.pid());
    const withDatabase = <T>(work: (database: Database) => Promise<T>) => withConnection(databaseUrl(), work);

    const { users, eventId } = await timed(result, `${settings.users.toLocaleString("en-US")} users, sessions and the game seeded`, () =>
      withDatabase(async (database) => ({ users: await seedUsers(database.pool, settings.users, authSecret), eventId: await insertGame(database.pool, "The join storm") })),
    );
    await checkSession(client, users[0]!);
    await timed(result, `${settings.users.toLocaleString("en-US")} cards saved through the API`, () => saveCards(client, users, CARD_CONCURRENCY));

    const { joins, stats, crashed } = await timed(result, "join storm answered", () => joinStorm(client, running, users, eventId, spec.crash ? settings.killAfterPaidAnswers : null));
    result.storm = stats;
    if (crashed) {
      const coverage = await withDatabase((database) => crashCoverage(database, eventId, joins, crashed.killedAt));
      result.crash = { downMs: crashed.downMs, answered: crashed.answered, ...coverage };
    }
    await drain(result, "storm's promotions settled", () => withDatabase((database) => settle(database, eventId, settings.settleTimeoutMs)));

    const cancels = await timed(result, `${settings.cancels} cancels answered`, () =>
      withDatabase((database) => cancelAtOnce(client, database, users, eventId, settings.cancels)),
    );
    await drain(result, "refunds and promotions settled", () => withDatabase((database) => settle(database, eventId, settings.settleTimeoutMs)));

    client.phase = "checks";
    const apiEvent = await eventAs(client, eventId, users[0]!);
    const checked = await withDatabase((database) =>
      checkInvariants({ database, eventId, feeRule: DEFAULT_FEE, joins, cancels, counts: client.counts, apiEvent }),
    );
    result.checks = checked.checks;
    result.state = checked.state;
    const cli = await reconcileCli(app);
    result.cliOutput = cli.lines;
    result.checks.push({ name: "`npm run reconcile` (scripts/reconcile.ts) agrees", ok: cli.ok, detail: cli.lines.at(-1) ?? "no output" });

    result.bare = await timed(result, "bare pg lane measured", () => bareLockCheckInsert(databaseUrl(), users));
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    if (app && (result.error || result.checks.some((check) => !check.ok))) result.appOutput = app.output();
    await cleanUpRunInProgress();
  }
  return result;
}

/** A settle step; what was outstanding when it began goes into its label. */
async function drain(result: RunResult, step: string, work: () => Promise<string>): Promise<void> {
  const started = performance.now();
  const outstanding = await work();
  const elapsed = performance.now() - started;
  result.steps.push([outstanding ? `${step} (${outstanding})` : step, elapsed]);
  result.drainMs = Math.max(result.drainMs ?? 0, elapsed);
}

async function timed<T>(result: RunResult, step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await work();
  result.steps.push([step, performance.now() - started]);
  return value;
}

/**
 * A small pool for the bench's own queries, closed after use: on PGlite the database is reachable only
 * while the app runs (and at a new address after a restart).
 */
async function withConnection<T>(url: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = connect(url, 2);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * Everyone presses Join at once: 1 in 12.5 as goalkeeper, all with a saved card and consent to be
 * charged on promotion. With `killAfterPaid`, the app is killed -9 when that many paid spots have
 * their answer (confirmed or declined) and started again; the others keep retrying, as people would,
 * through the downtime.
 */
async function joinStorm(client: Client, app: App, users: StormUser[], eventId: string, killAfterPaid: number | null) {
  client.phase = "storm";
  const deadline = Date.now() + CLIENT_DEADLINE_MS;
  let answered = 0;
  let paidAnswers = 0;
  let crash: Promise<{ downMs: number } | undefined> | undefined;
  let crashError: unknown;
  let killedAt: { date: Date; at: number } | undefined;
  let answeredAtKill = 0;
  const started = performance.now();
  const joins: JoinOutcome[] = await Promise.all(
    users.map(async (user) => {
      const answer = await client.sendUntil("POST", `/api/events/${eventId}/registrations`, {
        cookie: user.cookie,
        body: { role: user.role, paymentMethodId: user.paymentMethodId, consentToAutoCharge: true },
        definitive: DEFINITIVE,
        deadline,
      });
      answered += 1;
      if (["201 confirmed", "402"].includes(answerLabel(answer))) paidAnswers += 1;
      if (paidAnswers === killAfterPaid && !crash) {
        answeredAtKill = answered;
        crash = app
          .crashAndRestart(() => {
            killedAt = { date: new Date(), at: performance.now() };
            client.phase = "down";
          })
          .then(
            (restarted) => restarted,
            (error: unknown) => {
              // Nobody would ever answer the clients: stop them now rather than at their deadline.
              crashError = error;
              client.abandon();
              return undefined;
            },
          )
          .finally(() => (client.phase = "storm"));
      }
      return { user, ...answer };
    }),
  );
  const elapsedMs = performance.now() - started;
  if (killAfterPaid !== null && !crash) throw new Error(`the app was never killed: only ${paidAnswers} paid spots were answered`);
  const restarted = await crash;
  if (crashError) throw new Error(`the app did not come back after kill -9: ${crashError instanceof Error ? crashError.message : String(crashError)}`);
  const crashed = restarted && killedAt ? { downMs: restarted.downMs, killedAt, answered: answeredAtKill } : undefined;
  const latencies = joins.map((join) => join.latencyMs).sort((a, b) => a - b);
  const answers = new Map<string, number>();
  for (const join of joins) answers.set(answerLabel(join), (answers.get(answerLabel(join)) ?? 0) + 1);
  const stats: StormStats = {
    elapsedMs,
    perSecond: users.length / (elapsedMs / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    answers,
    retried: joins.filter((join) => join.attempts > 1).length,
  };
  return { joins, stats, crashed };
}

/**
 * How much the kill caught: joins still unanswered when it came, and of those how many the database
 * had already recorded, and how many were holding a spot while their card was charged (the resume path).
 */
async function crashCoverage(
  database: Database,
  eventId: string,
  joins: JoinOutcome[],
  killedAt: { date: Date; at: number },
): Promise<Omit<CrashReport, "downMs" | "answered">> {
  const { rows } = await database.pool.query<{ user_id: string; paying: boolean }>(
    `select r.user_id, exists (select 1 from payment p where p.registration_id = r.id and p.idempotency_key like 'charge:%') as paying
     from registration r where r.event_id = $1 and r.created_at < $2`,
    [eventId, killedAt.date],
  );
  const before = new Map(rows.map((row) => [row.user_id, row.paying]));
  // Their final answer came from a request sent after the kill: the one before it was cut.
  const inFlight = joins.filter((join) => join.sentAt > killedAt.at);
  return {
    inFlight: inFlight.length,
    recorded: inFlight.filter((join) => before.has(join.user.id)).length,
    paying: inFlight.filter((join) => before.get(join.user.id)).length,
  };
}

export function answerLabel(join: { reply: JoinOutcome["reply"] }): string {
  if (!join.reply.ok) return "no answer";
  const status = (join.reply.body as { registration?: { status?: string } } | null)?.registration?.status;
  return join.reply.status === 201 && status ? `201 ${status}` : String(join.reply.status);
}

/**
 * Waits until no spot is held for a payment and no charge or refund is pending: the background work is
 * done. Returns what was outstanding when it began.
 */
async function settle(database: Database, eventId: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let outstanding: string | undefined;
  for (;;) {
    const { rows } = await database.pool.query<{ holding: number; pending: number }>(
      `select (select count(*)::int from registration where event_id = $1 and status in ('pending_payment', 'promoting')) as holding,
              (select count(*)::int from payment where event_id = $1 and status = 'pending') as pending`,
      [eventId],
    );
    const { holding, pending } = rows[0]!;
    outstanding ??= holding || pending ? `waited for ${holding} spots being paid for, ${pending} payments pending` : "";
    if (holding === 0 && pending === 0) return outstanding;
    if (Date.now() > deadline) {
      throw new Error(`background work did not drain within ${timeoutMs / 1000} s: ${holding} spots still being paid for, ${pending} payments pending`);
    }
    await pause(250);
  }
}

/** Confirmed players, earliest first, cancel all at once; each also promotes the next waiting player. */
async function cancelAtOnce(client: Client, database: Database, users: StormUser[], eventId: string, count: number): Promise<CancelOutcome[]> {
  client.phase = "cancels";
  const { rows } = await database.pool.query<{ user_id: string }>(
    `select user_id from registration where event_id = $1 and role = 'player' and status = 'confirmed' order by position limit $2`,
    [eventId, count],
  );
  const byId = new Map(users.map((user) => [user.id, user]));
  const chosen = rows.map((row) => byId.get(row.user_id)!);
  if (chosen.length < count) throw new Error(`only ${chosen.length} confirmed players to cancel`);
  const deadline = Date.now() + CLIENT_DEADLINE_MS;
  return Promise.all(
    chosen.map(async (user) => {
      const { reply } = await client.sendUntil("DELETE", `/api/events/${eventId}/registrations/me`, { cookie: user.cookie, definitive: [200], deadline });
      return { user, reply };
    }),
  );
}

async function eventAs(client: Client, eventId: string, user: StormUser): Promise<EventDetail> {
  const reply = await client.send("GET", `/api/events/${eventId}`, { cookie: user.cookie });
  if (!reply.ok || reply.status !== 200) throw new Error(`GET /api/events/${eventId} → ${reply.ok ? reply.status : reply.error}`);
  return (reply.body as { event: EventDetail }).event;
}

/** `npm run reconcile` itself, with the app's configuration (on PGlite it finds the running app's database). */
async function reconcileCli(app: App): Promise<{ ok: boolean; lines: string[] }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/reconcile.ts"], { cwd: root, env: app.env, stdio: ["ignore", "pipe", "pipe"] });
  const timer = setTimeout(() => child.kill("SIGKILL"), CLI_TIMEOUT_MS);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  const lines = output.trimEnd().split("\n");
  return { ok: code === 0 && lines.at(-1) === "unexplained: 0 cents", lines };
}
