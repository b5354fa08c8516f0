// What the join storm prints: a compact table per run as it finishes, and a summary of all runs.
// The storm runs the app with its default settings, CURRENCY included.
import { cpus } from "node:os";
import { DEFAULT_CURRENCY, formatCents } from "#shared/money.ts";
import { APP_POOL_SIZE } from "#server/db/client.ts";
import { serverErrors } from "./storm-checks.ts";
import { PHASES } from "./storm-http.ts";
import type { RunResult } from "./storm-run.ts";
import { printTable } from "./table.ts";

const ANSWERS = ["201 confirmed", "201 waitlisted", "402", "409", "422"];

export function printRun(result: RunResult, index: number, total: number, options: { showCli: boolean }) {
  const verdict = passed(result) ? "passed" : "FAILED";
  console.log(`\n━━ Run ${index} of ${total}: ${result.spec.name} — ${verdict} ━━`);
  console.log(wrap(result.steps.map(([step, ms]) => `${step} ${seconds(ms)}`), "  "));
  if (result.crash) {
    const { crash } = result;
    console.log(
      `  killed -9 after ${crash.answered} answers: ${crash.inFlight} joins cut off, ${crash.recorded} of them already recorded ` +
        `(${crash.paying} holding a spot while paying); down ${seconds(crash.downMs)} until the restarted app served again`,
    );
  }
  if (result.refundPhase) console.log(refundPhaseLine(result));
  if (result.mails) {
    const { mails } = result;
    console.log(`  the storm's mails: ${mails.mails} in the mailbox; ${mails.jobs} jobs, queued → sent p50 ${seconds(mails.p50Ms)}, p99 ${seconds(mails.p99Ms)}, max ${seconds(mails.maxMs)}`);
  }

  if (result.storm) {
    const { storm, bare } = result;
    console.log("");
    const rows = [["app: POST /api/events/:id/registrations", fixed(storm.perSecond), ms(storm.p50), ms(storm.p99)]];
    if (bare) {
      rows.push([`bare pg: lock, check, insert, commit (pool of ${APP_POOL_SIZE})`, fixed(bare.perSecond), ms(bare.p50), ms(bare.p99)]);
      rows.push(["app ÷ bare", `${((storm.perSecond / bare.perSecond) * 100).toFixed(1)}%`, `${(storm.p50 / bare.p50).toFixed(1)}×`, `${(storm.p99 / bare.p99).toFixed(1)}×`]);
    }
    const { timings } = result;
    if (timings) {
      rows.push([`app: event lock held, granted → commit (${timings.locks} transactions)`, "", ms(timings.hold.p50), ms(timings.hold.p99)]);
      rows.push(["app: waiting for its turn, a connection and the lock", "", ms(timings.wait.p50), ms(timings.wait.p99)]);
      rows.push([
        `app: joins per turn of the lock (${timings.turns} turns, mean ${timings.joinsPerTurn.mean.toFixed(1)})`,
        "",
        String(timings.joinsPerTurn.p50),
        String(timings.joinsPerTurn.p99),
      ]);
      rows.push([`app: join on the server (${timings.joins} joins)`, "", ms(timings.total.p50), ms(timings.total.p99)]);
      rows.push(["  reads and card check before the lock", "", ms(timings.before.p50), ms(timings.before.p99)]);
      rows.push(["  withEventLock (connection, lock, statements, commit)", "", ms(timings.locked.p50), ms(timings.locked.p99)]);
      rows.push(["  charge outside the lock (0 for a waitlist place)", "", ms(timings.charge.p50), ms(timings.charge.p99)]);
      rows.push(["HTTP, session, event loop: client p50 − server p50", "", ms(storm.p50 - timings.total.p50), ""]);
      if (timings.loop) rows.push(["app: event-loop delay (median of 0.5 s p50s; worst p99)", "", ms(timings.loop.p50), ms(timings.loop.p99)]);
    }
    if (bare?.hold) rows.push(["bare pg: event lock held, granted → commit", "", ms(bare.hold.p50), ms(bare.hold.p99)]);
    printTable([`join storm, ${total1000(storm)} at once`, "joins/s", "p50 ms", "p99 ms"], rows, "  ");
    if (result.spec.crash) console.log("  (the app's latencies include the downtime: a client's time runs from its first try to its final answer)");

    console.log("");
    const other = [...storm.answers].filter(([label]) => !ANSWERS.includes(label)).reduce((sum, [, n]) => sum + n, 0);
    printTable(["final answers", ...ANSWERS, "other", "retried"], [["clients", ...ANSWERS.map((label) => String(storm.answers.get(label) ?? 0)), String(other), String(storm.retried)]], "  ");
  }

  if (result.counts) {
    console.log("");
    const rows = PHASES.filter((phase) => result.counts!.get(phase)!.requests > 0).map((phase) => {
      const counts = result.counts!.get(phase)!;
      const of = (test: (status: number) => boolean) => [...counts.statuses].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0);
      return [
        phase,
        String(counts.requests),
        String(of((s) => s >= 200 && s < 300)),
        String(of((s) => s === 402)),
        String(of((s) => s === 409 || s === 422)),
        String(of((s) => s >= 400 && s < 500 && s !== 402 && s !== 409 && s !== 422)),
        String(serverErrors(counts)),
        String(counts.connectionErrors),
      ];
    });
    printTable(["HTTP by phase", "requests", "2xx", "402", "409/422", "other 4xx", "5xx", "no answer"], rows, "  ");
  }

  if (result.state) {
    const s = result.state;
    console.log("");
    console.log(
      wrap(
        [
          `end: players ${s.held.player.confirmed}/22`,
          `goalkeepers ${s.held.goalkeeper.confirmed}/2`,
          `waiting ${s.waiting.player} + ${s.waiting.goalkeeper}`,
          `declined ${s.paymentFailed}`,
          `promotions ${s.promotions.confirmed} charged, ${s.promotions.failed} failed off-session`,
          `refunds ${s.refunds.count} (${formatCents(s.refunds.cents, DEFAULT_CURRENCY)}${s.refunds.fullRefunds ? `, ${s.refunds.fullRefunds} in full` : ""})`,
          ...(s.parties
            ? [
                `parties: ${s.parties.joinsWithGuests} joins brought ${s.parties.guests} guests`,
                `players' spots held by ${s.parties.holding} registrations, ${s.parties.holdingWithGuests} with guests`,
                `${s.parties.waitingWithGuests} parties with guests waiting`,
                `${s.parties.removed} guests removed (${formatCents(s.parties.guestRefundCents, DEFAULT_CURRENCY)} back)`,
              ]
            : []),
          ...(result.refundState
            ? [`both games: refunds ${result.refundState.succeeded}/${result.refundState.rows} succeeded (${formatCents(result.refundState.cents, DEFAULT_CURRENCY)}), ${result.refundState.processorRefunds} at the processor`]
            : []),
          `reconcile ${s.reconcile.unexplainedCents} cents unexplained`,
        ],
        "  ",
      ),
    );
  }
  if (options.showCli && result.cliOutput.length) {
    console.log("\n  npm run reconcile:");
    for (const line of result.cliOutput) console.log(`    ${line}`);
  }
  if (result.checks.length) console.log("");
  for (const check of result.checks) console.log(`  ${check.ok ? "✓" : "✗"} ${check.name}: ${check.detail}`);
  if (result.error) console.log(`  ✗ the run stopped: ${result.error}`);
  if (result.appWarnings.length) {
    console.log("\n  the app's last warnings and errors (stderr):");
    for (const line of result.appWarnings.slice(-40)) console.log(`    ${line}`);
  }
  if (result.appOutput.length) {
    console.log("\n  the app's last output:");
    for (const line of result.appOutput.slice(-60)) console.log(`    ${line}`);
  }
}

export function printSummary(results: RunResult[], skipped: string[]) {
  console.log("\n━━ Summary ━━");
  const rows = results.map((result) => {
    const { storm, bare, state, timings } = result;
    return [
      result.spec.name,
      storm ? fixed(storm.perSecond) : "-",
      storm ? ms(storm.p99) : "-",
      timings ? `${ms(timings.hold.p50)} / ${ms(timings.hold.p99)}` : "-",
      bare ? fixed(bare.perSecond) : "-",
      bare ? ms(bare.p99) : "-",
      storm && bare ? `${((storm.perSecond / bare.perSecond) * 100).toFixed(1)}%` : "-",
      state ? `${state.held.player.confirmed} + ${state.held.goalkeeper.confirmed}` : "-",
      result.refundState ? `${result.refundState.succeeded}/${result.refundState.rows}` : "-",
      result.refundPhase?.settledMs !== undefined ? seconds(result.refundPhase.settledMs) : "-",
      state ? `${state.reconcile.unexplainedCents}` : "-",
      result.drainMs !== undefined ? seconds(result.drainMs) : "-",
      result.counts ? String(PHASES.filter((p) => p !== "down").reduce((sum, p) => sum + serverErrors(result.counts!.get(p)!), 0)) : "-",
      passed(result) ? "passed" : `FAILED (${failures(result)})`,
    ];
  });
  printTable(
    ["run", "joins/s", "p99 ms", "lock held p50/p99 ms", "bare/s", "bare p99", "app÷bare", "held", "refunds ok", "refunds settled", "unexplained ¢", "drain", "5xx up", "result"],
    rows,
    "",
  );
  console.log("refunds ok: refund rows succeeded (both games); refunds settled: from the refund phase's first cancel to its last refund, across a kill -9");
  for (const reason of skipped) console.log(`Skipped ${reason}.`);
}

/** The issue's budget for a storm with guests: its joins/s at least this share of the storm without them, same database, same machine. */
export const GUESTS_THROUGHPUT_BUDGET = 0.8;

/**
 * BENCH_STORM_GUESTS: per database, the storm with guests beside the one without (both without a kill,
 * whose downtime would count in joins/s). Returns whether every pair is within the budget.
 */
export function printGuestsComparison(results: RunResult[]): boolean {
  const pairs = (["pglite", "postgres"] as const).flatMap((database) => {
    const plain = results.find((r) => r.spec.database === database && !r.spec.crash && !r.spec.guests);
    const guests = results.find((r) => r.spec.database === database && !r.spec.crash && r.spec.guests);
    return plain && guests ? [{ plain, guests }] : [];
  });
  if (pairs.length === 0) return false;
  console.log(`\n━━ Guests: the storm with 3 in 10 joins bringing 1–2 guests, against the storm without (budget: ≥ ${GUESTS_THROUGHPUT_BUDGET * 100}% of its joins/s) ━━`);
  let within = true;
  const rows = pairs.map(({ plain, guests }) => {
    const ratio = plain.storm && guests.storm ? guests.storm.perSecond / plain.storm.perSecond : undefined;
    const ok = ratio !== undefined && ratio >= GUESTS_THROUGHPUT_BUDGET;
    within &&= ok;
    return [
      plain.spec.database === "pglite" ? "PGlite" : "PostgreSQL",
      plain.storm ? fixed(plain.storm.perSecond) : "-",
      guests.storm ? fixed(guests.storm.perSecond) : "-",
      ratio === undefined ? "-" : `${(ratio * 100).toFixed(1)}%`,
      plain.storm ? ms(plain.storm.p99) : "-",
      guests.storm ? ms(guests.storm.p99) : "-",
      guests.state ? String(guests.state.reconcile.unexplainedCents) : "-",
      `${plain.storm?.load.toFixed(1) ?? "-"} / ${guests.storm?.load.toFixed(1) ?? "-"}`,
      ratio === undefined ? "not measured" : ok ? "within" : "OVER",
    ];
  });
  printTable(
    ["database", "joins/s", "with guests", "ratio", "p99 ms", "p99 with guests", "unexplained ¢", "load (1 min)", `≥ ${GUESTS_THROUGHPUT_BUDGET * 100}%`],
    rows,
    "",
  );
  console.log(`load (1 min): the machine's load average as each storm ended (${cpus().length} cores); anything else running skews the ratio`);
  return within;
}

export function passed(result: RunResult): boolean {
  return !result.error && result.checks.length > 0 && result.checks.every((check) => check.ok);
}

function failures(result: RunResult): string {
  const failed = result.checks.filter((check) => !check.ok).length;
  return result.error ? "stopped" : `${failed} invariant${failed === 1 ? "" : "s"}`;
}

/** The refund phase in one or two lines: what was refunded, what the kill caught, when the last refund settled. */
function refundPhaseLine(result: RunResult): string {
  const phase = result.refundPhase!;
  const removals = phase.guestRemovals !== undefined ? ` + ${count(phase.guestRemovals, "guest")} removed` : "";
  const items = [
    `refund phase at 20% lost answers: ${phase.rows} refunds (${phase.cancels} cancels${removals} + the admin's cancel of a game with ${phase.cancelledGame.confirmed} ${phase.guestRemovals !== undefined ? "parties" : "spots"} held and ${phase.cancelledGame.waiting} waiting)`,
  ];
  if (phase.answeredMs !== undefined) items.push(`all ${phase.cancels + (phase.guestRemovals ?? 0) + 1} answered in ${seconds(phase.answeredMs)}`);
  if (phase.kill) {
    const { kill } = phase;
    items.push(
      `killed -9 at ${seconds(kill.atMs)} with ${kill.settled} of ${kill.settled + kill.pending} settled (${kill.madeNotRecorded} of the pending already made at the processor; ` +
        `the killed process held ${count(kill.jobsHeld.refunds, "refund job")}, ${kill.jobsHeld.refundsPending} of them for a refund still pending, ` +
        `and ${count(kill.jobsHeld.promotions, "promotion job")}), down ${seconds(kill.downMs)}`,
    );
  } else items.push("not killed: every refund settled before the kill could come");
  items.push(`last refund settled ${phase.settledMs === undefined ? "never" : `${seconds(phase.settledMs)} after the first cancel`}`);
  if (phase.jobsRetried !== undefined) items.push(`${count(phase.jobsRetried, "refund job")} ran more than once`);
  return wrap(items, "  ");
}

function total1000(storm: { answers: Map<string, number> }): string {
  return [...storm.answers.values()].reduce((sum, n) => sum + n, 0).toLocaleString("en-US");
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const ms = (value: number) => (Math.abs(value) < 10 ? value.toFixed(1) : Math.round(value).toLocaleString("en-US"));
const fixed = (value: number) => value.toFixed(value >= 100 ? 0 : 1);

/** Items joined by " · ", broken into lines of at most 110 characters. */
function wrap(items: string[], indent: string): string {
  const lines: string[] = [];
  for (const item of items) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + item.length + 3 <= 110) lines[lines.length - 1] = `${last} · ${item}`;
    else lines.push(`${indent}${item}`);
  }
  return lines.join("\n");
}

