// One join-storm run (docs/testing-and-budgets.md, "Budgets"): a fresh database and app, 1,000 users with saved cards joining one
// paid game at once (optionally with the app killed -9 mid-storm and started again), a second paid
// game filled; then the refund phase, on an app restarted with 20% lost answers: 10 confirmed players
// of the storm's game cancel and an admin cancels the second game at once, and the app is killed -9
// while the refunds run and started again; every refund settled, the background work drained, then the
// invariants and the bare floor.
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { EventDetail } from "#shared/events.ts";
import { DEFAULT_FEE } from "#shared/money.ts";
import { connect, type Database } from "#server/db/client.ts";
import { PROMOTE_QUEUE } from "#server/registrations/jobs.ts";
import { REFUND_QUEUE } from "#server/money/refund-jobs.ts";
import { createThrowawayDatabase } from "#test/database.ts";
import { type App, type AppOptions, embeddedDatabaseUrl, freePort, root, startApp } from "./storm-app.ts";
import { bareLockCheckInsert, type Throughput } from "./storm-bare.ts";
import { readStormTimings, type StormTimings } from "./storm-timings.ts";
import { checkStormMails, type MailReport } from "./storm-mails.ts";
import {
  type CancelOutcome,
  type Check,
  type GuestRemovalOutcome,
  checkInvariants,
  checkRefundPhase,
  type FinalState,
  type JoinOutcome,
  type RefundPhaseState,
} from "./storm-checks.ts";
import { type Client, createClient, type Phase, type PhaseCounts, pause, percentile, type Reply } from "./storm-http.ts";
import {
  ADMIN_EMAIL,
  CANCELLED_GAME,
  checkSession,
  GAME,
  guestsOf,
  insertGame,
  saveCards,
  seedAdmin,
  seedUsers,
  STORM_GUESTS_PER_PLAYER,
  type StormUser,
} from "./storm-seed.ts";

export interface RunSpec {
  name: string;
  database: "pglite" | "postgres";
  crash: boolean;
  /**
   * +1 guests (docs/guests.md, BENCH_STORM_GUESTS): both games take up to 2 guests per player, 3 in 10 of
   * the crowd bring 1 or 2 (storm-seed.ts, guestCountOf), and in the refund phase a few confirmed
   * parties remove a guest (settings.guestRemovals); the checks count spots by party.
   */
  guests?: boolean;
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
  /** Lost answers while the refunds run (the app is restarted with it for the refund phase). */
  refundLostResponseRate: number;
  /**
   * The app is killed in the refund phase once this many of its refund rows have left `pending` (and
   * at least one has not), at a moment a refund job is running (the worker takes one a second), or
   * anyway after `killWaitForJobMs` more without catching one.
   */
  killAfterSettledRefunds: number;
  killWaitForJobMs: number;
  /** Who joins the game the admin cancels: more than its spots, so some wait (and declines are replaced). */
  cancelledGameJoins: { players: number; goalkeepers: number };
  /**
   * Every refund must have settled this long after the refund phase began: a job held by the killed
   * process is handed out again after its expiry (60 s) plus a maintenance interval (15 s) and its retry delay.
   */
  refundWindowMs: number;
  postgresUrl: string;
  /** How long background work (promotions, refunds, recovery) may take to drain. */
  settleTimeoutMs: number;
  /** In a run with guests: confirmed parties with guests that each remove one in the refund phase. */
  guestRemovals: number;
}

export interface StormStats extends Throughput {
  elapsedMs: number;
  /** "201 confirmed", "402", ... → clients. */
  answers: Map<string, number>;
  /** Clients that needed more than one request. */
  retried: number;
  /** The machine's 1-minute load average as the storm was answered (printed beside the comparison with guests). */
  load: number;
}

export interface CrashReport {
  downMs: number;
  /** Joins answered when the app was killed. */
  answered: number;
  inFlight: number;
  recorded: number;
  paying: number;
}

/** The refund phase: what the kill caught and how long the refunds took to settle. */
export interface RefundPhaseReport {
  /** Refund rows the phase wrote: the cancels' and the admin cancel's. */
  rows: number;
  /** Players of the storm's game who cancelled. */
  cancels: number;
  /** Guests removed from confirmed parties of the storm's game (a run with guests; refund-guest:{id}). */
  guestRemovals?: number;
  /** The cancelled game just before its cancel. */
  cancelledGame: { confirmed: number; waiting: number };
  /** From the start of the phase until the cancels and the admin's cancel were all answered. */
  answeredMs?: number;
  kill?: {
    /** Refund rows of the phase settled, and still pending, at the kill. */
    settled: number;
    pending: number;
    /** Pending rows whose refund the processor had already made: the answer lost, or not yet recorded. */
    madeNotRecorded: number;
    /**
     * Refund and promotion jobs the killed process held (handed out again only after they expire), and
     * of the refund jobs, those whose row was still pending after the restart.
     */
    jobsHeld: { refunds: number; refundsPending: number; promotions: number };
    /** From the start of the phase. */
    atMs: number;
    downMs: number;
  };
  /** From the first cancel sent until the last refund row of the phase left `pending`. */
  settledMs?: number;
  /** Refund jobs of the phase that ran more than once (an answer lost, or their worker killed). */
  jobsRetried?: number;
}

export interface RunResult {
  spec: RunSpec;
  steps: [string, number][];
  /** The longest wait for background work to drain (promotions, refunds; jobs of a killed process). */
  drainMs?: number;
  storm?: StormStats;
  /** The storm's mails: how long each waited to be sent (storm-mails.ts). */
  mails?: MailReport;
  /** Where the storm's joins spent their time on the server (the lock's hold time among it). */
  timings?: StormTimings;
  bare?: Throughput;
  crash?: CrashReport;
  refundPhase?: RefundPhaseReport;
  counts?: Map<Phase, PhaseCounts>;
  checks: Check[];
  state?: FinalState;
  refundState?: RefundPhaseState;
  cliOutput: string[];
  /** Set when the run could not be completed; the app's last output goes with it. */
  error?: string;
  appOutput: string[];
  /** Its last warnings and errors (stderr). */
  appWarnings: string[];
}

const DEFINITIVE = [201, 402, 409, 422] as const;
/** The storm's game; its mails are told apart by it (storm-mails.ts). */
const STORM_TITLE = "The join storm";
/** However slow, a client stops retrying after this (it then counts as a failed invariant). */
const CLIENT_DEADLINE_MS = 4 * 60_000;
const CARD_CONCURRENCY = 50;
const CLI_TIMEOUT_MS = 60_000;

/** Cleanups of the run in progress, so an interrupted benchmark still drops its database and files. */
const inProgress: (() => Promise<unknown> | unknown)[] = [];

export async function cleanUpRunInProgress(): Promise<void> {
  for (const cleanup of inProgress.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}

/** `launch` starts what the clients talk to: one app (bench:storm), or instances behind nginx (bench/cluster.ts). */
export async function runStorm(spec: RunSpec, settings: RunSettings, launch: (options: AppOptions) => Promise<App> = startApp): Promise<RunResult> {
  const result: RunResult = { spec, steps: [], checks: [], cliOutput: [], appOutput: [], appWarnings: [] };
  const cleanups = inProgress;
  let app: App | undefined;
  try {
    const dataDir = mkdtempSync(join(tmpdir(), "kickoff-storm-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const throwaway = spec.database === "postgres" ? await createThrowawayDatabase(settings.postgresUrl, { prefix: "kickoff_storm" }) : undefined;
    if (throwaway) cleanups.push(() => throwaway.close());

    const authSecret = randomBytes(32).toString("hex");
    const timingFile = join(dataDir, "timings.jsonl");
    app = await timed(result, "app started", async () =>
      launch({
        port: await freePort(),
        dataDir,
        authSecret,
        databaseUrl: throwaway?.url,
        declineRate: settings.declineRate,
        lostResponseRate: settings.lostResponseRate,
        adminEmail: ADMIN_EMAIL,
        timingFile,
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

    const guestOptions = spec.guests ? { maxGuestsPerPlayer: STORM_GUESTS_PER_PLAYER } : {};
    const { users, admin, eventId, cancelledEventId } = await timed(result, `${settings.users.toLocaleString("en-US")} users, sessions and the games seeded`, () =>
      withDatabase(async (database) => ({
        users: await seedUsers(database.pool, settings.users, authSecret),
        admin: await seedAdmin(database.pool, authSecret),
        eventId: await insertGame(database.pool, STORM_TITLE, GAME, guestOptions),
        cancelledEventId: await insertGame(database.pool, "The cancelled game", CANCELLED_GAME, guestOptions),
      })),
    );
    await checkSession(client, users[0]!);
    await timed(result, `${settings.users.toLocaleString("en-US")} cards saved through the API`, () => saveCards(client, users, CARD_CONCURRENCY));

    const stormFrom = Date.now();
    const { joins, stats, crashed } = await timed(result, "join storm answered", () => joinStorm(client, running, users, eventId, spec.crash ? settings.killAfterPaidAnswers : null, spec.guests ?? false));
    result.storm = stats;
    result.timings = await readStormTimings(timingFile, eventId, { from: stormFrom, to: Date.now() });
    if (crashed) {
      const coverage = await withDatabase((database) => crashCoverage(database, eventId, joins, crashed.killedAt));
      result.crash = { downMs: crashed.downMs, answered: crashed.answered, ...coverage };
    }
    await drain(result, "storm's promotions settled", () => withDatabase((database) => settle(database, eventId, settings.settleTimeoutMs)));
    // The storm's mails, before the refund phase adds its own (storm-mails.ts).
    const stormMails = await timed(result, "storm's mails sent", () =>
      withDatabase((database) =>
        checkStormMails(database, { eventId, title: STORM_TITLE, from: new Date(stormFrom), timeoutMs: settings.settleTimeoutMs, crashed: Boolean(crashed) }),
      ),
    );
    result.mails = stormMails.report;

    await timed(result, `second game: ${settings.cancelledGameJoins.players} + ${settings.cancelledGameJoins.goalkeepers} joins answered`, () =>
      fillGame(client, users, cancelledEventId, settings.cancelledGameJoins, spec.guests ?? false),
    );
    await drain(result, "second game's payments settled", () => withDatabase((database) => settle(database, cancelledEventId, settings.settleTimeoutMs)));

    await timed(result, `app restarted with ${settings.refundLostResponseRate * 100}% lost answers`, () =>
      running.restartWith({ declineRate: settings.declineRate, lostResponseRate: settings.refundLostResponseRate }),
    );
    const phase = await refundPhase(result, { client, app: running, users, admin, eventId, cancelledEventId, settings, guests: spec.guests ?? false, databaseUrl });
    await drain(result, "promotions settled after the refunds", () =>
      withDatabase(async (database) => {
        const storm = await settle(database, eventId, settings.settleTimeoutMs);
        const cancelled = await settle(database, cancelledEventId, settings.settleTimeoutMs);
        return [storm, cancelled].filter(Boolean).join("; ");
      }),
    );

    client.phase = "checks";
    const apiEvent = await eventAs(client, eventId, users[0]!);
    const checked = await withDatabase((database) =>
      checkInvariants({
        database,
        eventId,
        feeRule: DEFAULT_FEE,
        joins,
        cancels: phase.cancels,
        counts: client.counts,
        apiEvent,
        ...(spec.guests && { guests: { removals: phase.removals } }),
      }),
    );
    result.checks = [...checked.checks, ...stormMails.checks];
    result.state = checked.state;
    const refundChecks = await withDatabase((database) =>
      checkRefundPhase({
        database,
        eventIds: [eventId, cancelledEventId],
        cancelledEventId,
        cancelledGame: CANCELLED_GAME,
        feeRule: DEFAULT_FEE,
        guests: spec.guests ?? false,
        adminReply: phase.adminReply,
        confirmedBeforeCancel: phase.report.cancelledGame.confirmed,
        report: phase.report,
        windowMs: settings.refundWindowMs,
      }),
    );
    result.checks.push(...refundChecks.checks);
    result.refundState = refundChecks.state;
    const cli = await reconcileCli(app);
    result.cliOutput = cli.lines;
    result.checks.push({ name: "`npm run reconcile` (scripts/reconcile.ts) agrees", ok: cli.ok, detail: cli.lines.at(-1) ?? "no output" });

    result.bare = await timed(result, "bare pg lane measured", () => bareLockCheckInsert(databaseUrl(), users));
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    if (app && (result.error || result.checks.some((check) => !check.ok))) {
      result.appOutput = app.output();
      result.appWarnings = app.warnings();
    }
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
export async function withConnection<T>(url: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = connect(url, 2);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * Everyone presses Join at once: 1 in 12.5 as goalkeeper, all with a saved card and consent to be
 * charged on promotion (with `guests`, 3 in 10 bring 1 or 2 guests: storm-seed.ts, guestsOf). With
 * `killAfterPaid`, the app is killed -9 when that many paid spots have their answer (confirmed or
 * declined) and started again; the others keep retrying, as people would, through the downtime.
 */
async function joinStorm(client: Client, app: App, users: StormUser[], eventId: string, killAfterPaid: number | null, guests: boolean) {
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
      const party = guests ? guestsOf(user) : [];
      const answer = await client.sendUntil("POST", `/api/events/${eventId}/registrations`, {
        cookie: user.cookie,
        body: joinBody(user, party),
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
      return { user, guests: party.length, ...answer };
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
    load: loadavg()[0]!,
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

/** A join's body: the role, the saved card, consent to an automatic charge, and the guests when there are any. */
function joinBody(user: StormUser, guests: { firstName: string; lastName?: string }[]) {
  return { role: user.role, paymentMethodId: user.paymentMethodId, consentToAutoCharge: true, ...(guests.length > 0 && { guests }) };
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

/** Confirmed players of the storm's game, earliest first: they cancel in the refund phase. */
async function chooseCancellers(database: Database, users: StormUser[], eventId: string, count: number): Promise<StormUser[]> {
  const { rows } = await database.pool.query<{ user_id: string }>(
    `select user_id from registration where event_id = $1 and role = 'player' and status = 'confirmed' order by position limit $2`,
    [eventId, count],
  );
  const byId = new Map(users.map((user) => [user.id, user]));
  const chosen = rows.map((row) => byId.get(row.user_id)!);
  if (chosen.length < count) throw new Error(`only ${chosen.length} confirmed players to cancel`);
  return chosen;
}

/**
 * The game the admin will cancel is filled: the last players and goalkeepers of the crowd join it at
 * once, more than it has spots (declines free spots for the next waiting person; the rest wait).
 */
async function fillGame(client: Client, users: StormUser[], eventId: string, joins: RunSettings["cancelledGameJoins"], guests: boolean): Promise<void> {
  client.phase = "second game";
  const chosen = [
    ...users.filter((user) => user.role === "player").slice(-joins.players),
    ...users.filter((user) => user.role === "goalkeeper").slice(-joins.goalkeepers),
  ];
  const deadline = Date.now() + CLIENT_DEADLINE_MS;
  await Promise.all(
    chosen.map(async (user) => {
      const { reply } = await client.sendUntil("POST", `/api/events/${eventId}/registrations`, {
        cookie: user.cookie,
        body: joinBody(user, guests ? guestsOf(user) : []),
        definitive: DEFINITIVE,
        deadline,
      });
      if (!reply.ok || (reply.status !== 201 && reply.status !== 402)) {
        throw new Error(`${user.id} joining the second game was answered ${reply.ok ? `${reply.status} ${JSON.stringify(reply.body)}` : reply.error}`);
      }
    }),
  );
}

interface RefundPhaseContext {
  client: Client;
  app: App;
  users: StormUser[];
  admin: { id: string; cookie: string };
  eventId: string;
  cancelledEventId: string;
  settings: RunSettings;
  /** A run with guests: some confirmed parties remove a guest among the cancels. */
  guests: boolean;
  databaseUrl: () => string;
}

interface RefundProgress {
  ids: string[];
  settled: number;
  pending: number;
  /** Pending rows the processor already holds a refund for (their answer lost, or not yet recorded). */
  madeNotRecorded: number;
  /** Refund jobs of the phase running now. */
  runningJobs: number;
  /** The pending rows, for the error when they never settle. */
  pendingRows: { id: string; registration_id: string; attempts: number; gateway_id: string | null; made: boolean }[];
}

/**
 * Confirmed parties of the storm's game with guests, earliest first, and the guest each removes (the
 * last they named): in a run with guests they remove it in the refund phase.
 */
async function chooseGuestRemovals(database: Database, users: StormUser[], eventId: string, count: number) {
  const { rows } = await database.pool.query<{ user_id: string; registration_id: string; guest_id: string }>(
    `select r.user_id, r.id::text as registration_id,
            (select g.id::text from registration_guest g where g.registration_id = r.id and g.status = 'active' order by g.ordinal desc limit 1) as guest_id
     from registration r where r.event_id = $1 and r.role = 'player' and r.status = 'confirmed' and r.guest_count > 0 order by r.position limit $2`,
    [eventId, count],
  );
  const byId = new Map(users.map((user) => [user.id, user]));
  return rows.map((row) => ({ user: byId.get(row.user_id)!, registrationId: row.registration_id, guestId: row.guest_id }));
}

/**
 * The refund phase, on the app restarted with lost answers: the first confirmed players of the storm's
 * game cancel and the admin cancels the second game, all at once (each cancel also promotes the next
 * waiting player). In a run with guests, the first confirmed parties with guests each remove one at
 * the same time (a canceller among them removes it first, then cancels). Once every answer is in and
 * some but not all of the refund rows they wrote have left `pending`, the app is killed -9 and started
 * again. Then waits until every refund row has settled: the time from the first request to that moment
 * is the phase's figure.
 */
async function refundPhase(
  result: RunResult,
  ctx: RefundPhaseContext,
): Promise<{ cancels: CancelOutcome[]; removals: GuestRemovalOutcome[]; adminReply: Reply; report: RefundPhaseReport }> {
  const { client, app, settings } = ctx;
  const eventIds = [ctx.eventId, ctx.cancelledEventId];
  const before = await withConnection(ctx.databaseUrl(), async (database) => {
    const chosen = await chooseCancellers(database, ctx.users, ctx.eventId, settings.cancels);
    const removers = ctx.guests ? await chooseGuestRemovals(database, ctx.users, ctx.eventId, settings.guestRemovals) : [];
    // Refunds written before the phase (a late charge after the storm's kill) are not the phase's.
    const earlier = await database.pool.query<{ id: string }>(`select id::text from payment where kind = 'refund'`);
    const game = await database.pool.query<{ confirmed: number; waiting: number }>(
      `select count(*) filter (where status = 'confirmed')::int as confirmed, count(*) filter (where status = 'waitlisted')::int as waiting
       from registration where event_id = $1`,
      [ctx.cancelledEventId],
    );
    return { chosen, removers, earlier: earlier.rows.map((row) => row.id), cancelledGame: game.rows[0]! };
  });
  const report: RefundPhaseReport = {
    rows: 0,
    cancels: before.chosen.length,
    ...(ctx.guests && { guestRemovals: before.removers.length }),
    cancelledGame: before.cancelledGame,
  };
  const progressOf = (database: Database) => refundProgress(database, eventIds, before.earlier);

  client.phase = "cancels";
  const started = performance.now();
  const deadline = Date.now() + CLIENT_DEADLINE_MS;
  const requests = { answered: false };
  const removals: GuestRemovalOutcome[] = [];
  const removeGuest = async (remover: (typeof before.removers)[number]) => {
    const { user, guestId } = remover;
    const path = `/api/events/${ctx.eventId}/registrations/me/guests/${guestId}`;
    const { reply } = await client.sendUntil("DELETE", path, { cookie: user.cookie, definitive: [200], deadline });
    removals.push({ ...remover, reply });
  };
  const removerOf = new Map(before.removers.map((remover) => [remover.user.id, remover]));
  const cancellerIds = new Set(before.chosen.map((user) => user.id));
  const answers = Promise.all([
    Promise.all(
      before.chosen.map(async (user): Promise<CancelOutcome> => {
        const remover = removerOf.get(user.id);
        if (remover) await removeGuest(remover);
        const { reply } = await client.sendUntil("DELETE", `/api/events/${ctx.eventId}/registrations/me`, { cookie: user.cookie, definitive: [200], deadline });
        return { user, reply };
      }),
    ),
    Promise.all(before.removers.filter((remover) => !cancellerIds.has(remover.user.id)).map(removeGuest)),
    client.sendUntil("POST", `/api/events/${ctx.cancelledEventId}/cancel`, { cookie: ctx.admin.cookie, definitive: [200], deadline }).then((answer) => answer.reply),
  ]).finally(() => {
    requests.answered = true;
    report.answeredMs = performance.now() - started;
  });

  // Watched closely until the kill (its own connection, closed before it: on PGlite the database dies with the app).
  const atKill = await withConnection(ctx.databaseUrl(), async (database) => {
    let readySince: number | undefined;
    for (;;) {
      const progress = await progressOf(database);
      if (requests.answered && progress.pending > 0 && progress.settled >= Math.min(settings.killAfterSettledRefunds, progress.ids.length - 1)) {
        readySince ??= performance.now();
        if (progress.runningJobs > 0 || performance.now() - readySince > settings.killWaitForJobMs) return progress;
      }
      // Every refund settled before the kill could come: the run shows it (a failed check), it goes on.
      if (requests.answered && progress.pending === 0) return undefined;
      if (performance.now() - started > settings.settleTimeoutMs) {
        throw new Error(`refund phase: after ${settings.settleTimeoutMs / 1000} s, ${requests.answered ? "" : "the cancels are still unanswered and "}${progress.settled} of ${progress.ids.length} refunds settled`);
      }
      await pause(20);
    }
  });
  const [cancels, , adminReply] = await answers;
  if (atKill) {
    const atMs = performance.now() - started;
    const killedAt = Date.now();
    const { downMs } = await app.crashAndRestart(() => (client.phase = "down"));
    client.phase = "cancels";
    // Jobs still active that started before the restart: the killed process held them.
    const jobsHeld = await withConnection(ctx.databaseUrl(), (database) => heldJobs(database, new Date(killedAt + downMs / 2)));
    report.kill = { settled: atKill.settled, pending: atKill.pending, madeNotRecorded: atKill.madeNotRecorded, jobsHeld, atMs, downMs };
  }

  await withConnection(ctx.databaseUrl(), async (database) => {
    for (;;) {
      const progress = await progressOf(database);
      report.rows = progress.ids.length;
      if (progress.pending === 0) {
        report.settledMs = performance.now() - started;
        const retried = await database.pool.query<{ n: number }>(
          `select count(*)::int as n from pgboss.job where name = $1 and data->>'paymentId' = any($2::text[]) and retry_count > 0`,
          [REFUND_QUEUE, progress.ids],
        );
        report.jobsRetried = retried.rows[0]!.n;
        return;
      }
      if (performance.now() - started > settings.settleTimeoutMs) {
        const rows = progress.pendingRows
          .slice(0, 5)
          .map((row) => `payment ${row.id} (registration ${row.registration_id}, ${row.attempts} attempts, gateway id ${row.gateway_id ?? "none"}, ${row.made ? "made" : "not made"} at the processor)`);
        throw new Error(`refund phase: ${progress.pending} of ${progress.ids.length} refunds still pending ${settings.settleTimeoutMs / 1000} s after the phase began: ${rows.join("; ")}`);
      }
      await pause(250);
    }
  });
  result.steps.push([`refund phase: ${report.rows} refunds settled${report.kill ? " (app killed -9 mid-way)" : ""}`, report.settledMs ?? 0]);
  result.refundPhase = report;
  return { cancels, removals, adminReply, report };
}

async function refundProgress(database: Database, eventIds: string[], earlier: string[]): Promise<RefundProgress> {
  const { rows } = await database.pool.query<{ id: string; registration_id: string; status: string; attempts: number; gateway_id: string | null; made: boolean }>(
    `select p.id::text, p.registration_id::text, p.status, p.attempts, p.gateway_id,
            exists (select 1 from sim_refund s where s.idempotency_key = p.idempotency_key) as made
     from payment p
     where p.kind = 'refund' and p.event_id::text = any($1::text[]) and not (p.id::text = any($2::text[]))`,
    [eventIds, earlier],
  );
  const pendingRows = rows.filter((row) => row.status === "pending");
  const running = await database.pool.query<{ n: number }>(
    `select count(*)::int as n from pgboss.job where name = $1 and state = 'active' and data->>'paymentId' = any($2::text[])`,
    [REFUND_QUEUE, pendingRows.map((row) => row.id)],
  );
  return {
    runningJobs: running.rows[0]!.n,
    ids: rows.map((row) => row.id),
    settled: rows.length - pendingRows.length,
    pending: pendingRows.length,
    madeNotRecorded: pendingRows.filter((row) => row.made).length,
    pendingRows,
  };
}

/** Refund and promotion jobs still active that were started before `before` (by a process since killed). */
async function heldJobs(database: Database, before: Date): Promise<{ refunds: number; refundsPending: number; promotions: number }> {
  const { rows } = await database.pool.query<{ name: string; n: number; pending: number }>(
    `select j.name, count(*)::int as n,
            count(*) filter (where exists (select 1 from payment p where p.id::text = j.data->>'paymentId' and p.status = 'pending'))::int as pending
     from pgboss.job j where j.state = 'active' and j.started_on < $1 and j.name = any($2::text[]) group by j.name`,
    [before, [REFUND_QUEUE, PROMOTE_QUEUE]],
  );
  const of = (name: string) => rows.find((row) => row.name === name);
  return { refunds: of(REFUND_QUEUE)?.n ?? 0, refundsPending: of(REFUND_QUEUE)?.pending ?? 0, promotions: of(PROMOTE_QUEUE)?.n ?? 0 };
}

async function eventAs(client: Client, eventId: string, user: StormUser): Promise<EventDetail> {
  const reply = await client.send("GET", `/api/events/${eventId}`, { cookie: user.cookie });
  if (!reply.ok || reply.status !== 200) throw new Error(`GET /api/events/${eventId} → ${reply.ok ? reply.status : reply.error}`);
  return (reply.body as { event: EventDetail }).event;
}

/** `npm run reconcile` itself, with the app's configuration (on PGlite it finds the running app's database). */
export async function reconcileCli(app: App): Promise<{ ok: boolean; lines: string[] }> {
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
