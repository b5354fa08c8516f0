// `npm run bench:storm`: the join storm (docs/testing-and-budgets.md, "Budgets"). 1,000 users with saved cards join one paid game
// of 22 players + 2 goalkeepers at once through the real app (`src/server/main.ts` as a child, on the
// simulated processor with 20% declines and 5% lost answers); a second paid game (20 + 2, other
// prices) is filled. Then the refund phase, with the app restarted at 20% lost answers: 10 confirmed
// players of the storm's game cancel and an admin cancels the second game, at once, and the app is
// killed -9 while the refunds run (some settled, some not) and restarted. Four runs: PGlite and
// PostgreSQL, each once as is and once with the app also killed -9 mid-storm (when half the paid spots
// have their answer, so spots held while their card is charged are caught) and restarted on the same
// data. Each run must end with 22 + 2 confirmed spots, waitlists served in arrival order, every refund
// succeeded (a lost answer is not a failure) and made once at the processor, exact to the cent
// (price − fee for a cancel, the full price for the cancelled game), settled within 3 minutes of the
// refund phase's start, reconcile at 0 unexplained cents and no 5xx while the app was up; it prints
// joins/s and p99 beside the bare `pg` lock-check-insert floor, and the refunds' settle time. Exits 1
// if any invariant fails.
//
//   BENCH_DATABASE_URL  PostgreSQL server for the PostgreSQL runs (default postgres://postgres@127.0.0.1:5432/postgres);
//                       a throwaway database is created there and dropped. Unreachable: those runs are skipped.
//   BENCH_STORM_ONLY    pglite | postgres: only that database's runs (while working on one of them)
//   BENCH_STORM_GUESTS  1: the storm with +1 guests (docs/guests.md) instead. Per database three runs: the storm
//                       as is, then its games taking 2 guests per player and 3 in 10 joins bringing 1 or 2
//                       (storm-seed.ts, guestCountOf), once as is and once with the kill -9 mid-storm; in their
//                       refund phase 4 confirmed parties also remove a guest. Every invariant counted by party;
//                       prints the joins/s with guests against without (budget ≥ 80%); exits 1 if under.
//   BENCH_STORM_GAME_ON only: only the game-on run (docs/game-on.md; one per database, after the others by
//                       default: 1,000 joins placing card holds, then the decision with a kill -9 among its
//                       captures); 0: without it
//   BENCH_STORM_USERS   a smaller crowd (at least 100) for a short run while working on the storm; not the budget's figures
import pg from "pg";
import { killStartedApps } from "./storm-app.ts";
import { passed, printGuestsComparison, printRun, printSummary } from "./storm-report.ts";
import { cleanUpRunInProgress, type RunResult, type RunSpec, runStorm } from "./storm-run.ts";
import { STORM_SETTINGS as SETTINGS } from "./storm-settings.ts";
import { gameOnPassed, type GameOnRunResult, printGameOnRun, runGameOnStorm } from "./storm-game-on.ts";

const RUNS: RunSpec[] = [
  { name: "PGlite", database: "pglite", crash: false },
  { name: "PGlite + kill -9", database: "pglite", crash: true },
  { name: "PostgreSQL", database: "postgres", crash: false },
  { name: "PostgreSQL + kill -9", database: "postgres", crash: true },
];

/** BENCH_STORM_GUESTS=1: per database, the storm without guests (the reference), then with them, as is and with the kill. */
const GUEST_RUNS: RunSpec[] = [
  { name: "PGlite", database: "pglite", crash: false },
  { name: "PGlite + guests", database: "pglite", crash: false, guests: true },
  { name: "PGlite + guests + kill -9", database: "pglite", crash: true, guests: true },
  { name: "PostgreSQL", database: "postgres", crash: false },
  { name: "PostgreSQL + guests", database: "postgres", crash: false, guests: true },
  { name: "PostgreSQL + guests + kill -9", database: "postgres", crash: true, guests: true },
];

/**
 * However it goes, the benchmark stops after this. Every step has its own limit; this one catches what
 * they miss. A healthy run of the four takes 10–16 minutes (and the two game-on runs 3–5 more): each run waits 1–2 minutes for pg-boss to
 * hand out the refund jobs the kill cut off, and a kill mid-storm can add as much again.
 */
const OVERALL_LIMIT_MS = 40 * 60_000;
/** BENCH_STORM_GUESTS runs six (three per database). */
const GUESTS_OVERALL_LIMIT_MS = 45 * 60_000;

async function main() {
  const limitMs = process.env.BENCH_STORM_GUESTS ? GUESTS_OVERALL_LIMIT_MS : OVERALL_LIMIT_MS;
  const guard = setTimeout(() => void abort(`still running after ${limitMs / 60_000} minutes`), limitMs);
  guard.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void abort(signal));

  const only = process.env.BENCH_STORM_ONLY;
  const withGuests = guestsMode();
  const skipped: string[] = [];
  let runs = (withGuests ? GUEST_RUNS : RUNS).filter((run) => !only || run.database === only);
  if (runs.some((run) => run.database === "postgres")) {
    const unreachable = await postgresProblem(SETTINGS.postgresUrl);
    if (unreachable) {
      const names = runs.filter((run) => run.database === "postgres").map((run) => run.name);
      skipped.push(`${names.join(" and ")}: PostgreSQL at ${redact(SETTINGS.postgresUrl)} is unreachable (${unreachable}); set BENCH_DATABASE_URL`);
      runs = runs.filter((run) => run.database !== "postgres");
    }
  }

  console.log(
    `Join storm: ${SETTINGS.users.toLocaleString("en-US")} users with saved cards join one paid game ($10.00; 22 players + 2 goalkeepers) at once, ` +
      `on the simulated processor with ${SETTINGS.declineRate * 100}% declines and ${SETTINGS.lostResponseRate * 100}% lost answers; ` +
      `then, at ${SETTINGS.refundLostResponseRate * 100}% lost answers and with the app killed -9 among the refunds, ` +
      `${SETTINGS.cancels} confirmed players cancel and an admin cancels a second paid game, at once. ${runs.length} run${runs.length === 1 ? "" : "s"}.`,
  );
  if (withGuests) {
    console.log(
      `With guests (BENCH_STORM_GUESTS): in the runs marked + guests both games take 2 guests per player, 3 in 10 of the crowd bring 1 or 2, ` +
        `and ${SETTINGS.guestRemovals} confirmed parties remove a guest among the cancels; joins/s compared with the run without guests on the same database.`,
    );
  }
  if (SETTINGS.users !== 1_000) console.log(`A short run (BENCH_STORM_USERS=${SETTINGS.users}): its figures are not the budget's.`);
  for (const reason of skipped) console.log(`Skipped ${reason}.`);
  if (runs.length === 0) {
    console.log("Nothing was run.");
    process.exitCode = 1;
    return;
  }

  const results: RunResult[] = [];
  const gameOnOnly = process.env.BENCH_STORM_GAME_ON === "only";
  for (const [index, spec] of runs.entries()) {
    if (gameOnOnly) break;
    const result = await runStorm(spec, SETTINGS);
    results.push(result);
    printRun(result, index + 1, runs.length, { showCli: index === 0 });
  }
  if (!gameOnOnly) printSummary(results, skipped);
  const guestsWithin = withGuests ? printGuestsComparison(results) : true;
  // Game on (issue 33): per database, 1,000 joins placing holds, then the decision with a kill -9 among its captures.
  const gameOn: GameOnRunResult[] = [];
  if (!withGuests && process.env.BENCH_STORM_GAME_ON !== "0") {
    for (const database of [...new Set(runs.map((run) => run.database))]) {
      const result = await runGameOnStorm(database, SETTINGS);
      gameOn.push(result);
      printGameOnRun(result);
    }
  }
  clearTimeout(guard);
  process.exitCode = (gameOnOnly || (results.length > 0 && results.every(passed))) && gameOn.every(gameOnPassed) && guestsWithin ? 0 : 1;
}

/** BENCH_STORM_GUESTS: 1 (or true, yes) for the storm with guests beside the one without; unset or 0 for the storm as is. */
function guestsMode(): boolean {
  const raw = (process.env.BENCH_STORM_GUESTS ?? "").trim().toLowerCase();
  if (["", "0", "false", "no"].includes(raw)) return false;
  if (["1", "true", "yes"].includes(raw)) return true;
  throw new Error(`BENCH_STORM_GUESTS must be 1 or 0, not ${JSON.stringify(process.env.BENCH_STORM_GUESTS)}`);
}

/** Why the PostgreSQL server cannot be used, or null when it answers. */
async function postgresProblem(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");

let aborting = false;
async function abort(why: string) {
  if (aborting) return;
  aborting = true;
  console.error(`\nbench:storm: ${why}; stopping the app and removing the run's database and files.`);
  killStartedApps();
  await cleanUpRunInProgress();
  process.exit(1);
}

main().catch(async (error) => {
  console.error("bench:storm failed:", error instanceof Error ? error.message : error);
  killStartedApps();
  await cleanUpRunInProgress();
  process.exit(1);
});
