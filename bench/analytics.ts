// `npm run bench:analytics`: first-party analytics through the real app on loopback
// (docs/decisions/018-first-party-analytics.md), after a year of analytics is seeded (analytics-app.ts):
//   1. the admin report for the last 30 days and for a year (p50, p95);
//   2. the event page alone, then beacons alone as fast as they are answered (hits/s);
//   3. the event page again while beacons arrive at a steady BENCH_HITS_RATE (2,000/s) beside it,
//      sent by a process of their own (analytics-load.ts);
//   4. every beacon answered 204 is in the report: none lost in the buffer.
// Targets (issue 15): ≥ 2,000 hits/s, and the event page within 10 % of its throughput alone. Exits 1
// when one is missed.
//
//   BENCH_SECONDS       measured seconds per phase (default 5; plus 1 s warm-up)
//   BENCH_CONCURRENCY   event page requests in flight (default 16); beacons in flight: twice that
//   BENCH_HITS_RATE     beacons per second beside the event page (default 2000)
//   BENCH_DATABASE_URL  postgres://… to bench on PostgreSQL instead of the embedded PGlite
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { createInterface } from "node:readline";
import type { AnalyticsReport } from "#shared/analytics.ts";
import { sendBeacon } from "./analytics-load.ts";
import { printTable } from "./table.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const HITS_RATE = Number(process.env.BENCH_HITS_RATE ?? 2000);
const WARM_UP_MS = 1_000;
const REPORT_CALLS = 20;
const TARGET_HITS_PER_SECOND = 2_000;
const MAX_SLOWDOWN = 0.1;
/** However it goes, the whole run stops after this. */
const OVERALL_LIMIT_MS = 10 * 60_000;

interface Result {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU time the app's process used per request (Linux), which a busy machine does not inflate as it does wall time. */
  cpuMicros?: number;
}

/** The app process's user + system CPU time in ms, from /proc (Linux; undefined elsewhere). */
function appCpuMs(): number | undefined {
  const file = `/proc/${child?.pid}/stat`;
  if (!child?.pid || !existsSync(file)) return undefined;
  // After the command name in parentheses: field 14 utime and 15 stime, in clock ticks of 10 ms.
  const fields = readFileSync(file, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

let child: ChildProcess | undefined;

async function main() {
  const guard = setTimeout(() => {
    console.error(`bench: still running after ${OVERALL_LIMIT_MS / 60_000} minutes; stopping.`);
    child?.kill("SIGTERM");
    process.exit(1);
  }, OVERALL_LIMIT_MS);
  guard.unref();

  console.log(`Seeding a year of analytics into ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}...`);
  const app = await startApp();
  const origin = `http://127.0.0.1:${app.port}`;
  const admin = { cookie: app.adminCookie };
  const player = { cookie: app.playerCookie };
  const today = new Date().toISOString().slice(0, 10);
  const daysBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const reportUrl = (from: string) => `${origin}/api/admin/analytics?from=${from}&to=${today}`;

  // 1. The report, read from the sums and today's raw hits.
  const reports: string[][] = [];
  for (const [name, from] of [
    ["last 30 days", daysBefore(29)],
    ["last 365 days", daysBefore(364)],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < REPORT_CALLS + 3; i++) {
      const started = performance.now();
      const response = await send(reportUrl(from), { headers: admin });
      if (response.status !== 200) throw new Error(`the report answered ${response.status}: ${response.body.slice(0, 200)}`);
      if (i >= 3) times.push(performance.now() - started);
    }
    const stats = summarise(times, 0, 1);
    reports.push([`GET /api/admin/analytics, ${name}`, stats.p50.toFixed(1), stats.p95.toFixed(1)]);
  }
  console.log("\nThe admin report (the sums of 335 days, 30 days rolled up from 500,000 raw hits):\n");
  printTable(["request", "p50 ms", "p95 ms"], reports, "  ");

  // 2 and 3. Throughput.
  const before = await viewsToday(reportUrl(today), admin);
  let accepted = 0;
  const eventPage = () => send(`${origin}/api/events/${app.eventId}`, { headers: player, agent: pageAgent });
  const hit = async (n: number) => {
    const status = await sendBeacon(app.port, n, hitAgent);
    if (status === 204) accepted++;
    return { status };
  };
  console.log(`\nMeasuring ${SECONDS} s per phase (after ${WARM_UP_MS / 1000} s warm-up)...`);
  const pageAlone = await closedLoop(eventPage, CONCURRENCY);
  const hitsAlone = await closedLoop(hit, CONCURRENCY * 2);
  const paced = startPaced(app.port, HITS_RATE, (WARM_UP_MS + SECONDS * 1000) / 1000 + 0.5);
  const pageBeside = await closedLoop(eventPage, CONCURRENCY);
  const pacedResult = await paced;
  accepted += pacedResult.accepted;

  const slowdown = 1 - pageBeside.perSecond / pageAlone.perSecond;
  console.log("");
  const row = (name: string, result: Result) => [
    name,
    result.perSecond.toFixed(0),
    result.p50.toFixed(1),
    result.p99.toFixed(1),
    result.cpuMicros === undefined ? "-" : result.cpuMicros.toFixed(0),
    String(result.errors),
  ];
  printTable(
    ["phase", "req/s", "p50 ms", "p99 ms", "app CPU µs/req", "errors"],
    [
      row("GET /api/events/:id alone", pageAlone),
      row(`POST /api/analytics/hits alone (${CONCURRENCY * 2} in flight)`, hitsAlone),
      row(`GET /api/events/:id beside ${HITS_RATE} hits/s`, pageBeside),
      row(`POST /api/analytics/hits paced at ${HITS_RATE}/s (${pacedResult.skipped} not sent: 256 in flight)`, pacedResult),
    ],
    "  ",
  );

  // 4. Nothing lost: the report writes what the app still holds, then counts.
  const after = await viewsToday(reportUrl(today), admin);
  const stored = after - before;
  console.log(`\n  beacons answered 204: ${accepted}; views stored for today since: ${stored}${stored === accepted ? " (all of them)" : " (MISMATCH)"}`);
  console.log(`  event page beside the beacons: ${(slowdown * 100).toFixed(1)} % ${slowdown > 0 ? "slower" : "faster"} than alone (target ≤ ${MAX_SLOWDOWN * 100} %)`);
  console.log(`  beacons alone: ${hitsAlone.perSecond.toFixed(0)} hits/s (target ≥ ${TARGET_HITS_PER_SECOND})`);
  if (hitsAlone.cpuMicros) console.log(`  the app's CPU per beacon: ${hitsAlone.cpuMicros.toFixed(0)} µs, i.e. at most ${(1e6 / hitsAlone.cpuMicros).toFixed(0)} hits/s per core`);

  child?.kill("SIGTERM");
  clearTimeout(guard);
  const missed = stored !== accepted || hitsAlone.perSecond < TARGET_HITS_PER_SECOND || slowdown > MAX_SLOWDOWN || pacedResult.skipped > 0;
  if (missed) {
    console.error("\nbench: a target was missed.");
    process.exitCode = 1;
  }
}

async function startApp(): Promise<{ port: number; adminCookie: string; playerCookie: string; eventId: string }> {
  child = spawn(process.execPath, ["--import", "tsx", "bench/analytics-app.ts"], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    child!.once("exit", (code) => reject(new Error(`bench/analytics-app.ts exited with ${code} before it was ready`)));
    lines.on("line", (line) => {
      if (line.startsWith("BENCH_READY ")) resolve(JSON.parse(line.slice("BENCH_READY ".length)));
      else process.stderr.write(`${line}\n`);
    });
  });
}

async function viewsToday(url: string, admin: { cookie: string }): Promise<number> {
  const response = await send(url, { headers: admin });
  return (JSON.parse(response.body) as AnalyticsReport).totals.views;
}

const pageAgent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const hitAgent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY * 4 });

function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; agent?: Agent } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? "GET", headers: options.headers, agent: options.agent ?? pageAgent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

let sequence = 0;

/** `inFlight` loops, each sending the next request when the last one is answered. */
async function closedLoop(call: (n: number) => Promise<{ status: number }>, inFlight: number): Promise<Result> {
  const run = async (durationMs: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const cpuBefore = appCpuMs();
    const started = performance.now();
    const deadline = started + durationMs;
    const loop = async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        try {
          const response = await call(sequence++ % 50_000);
          if (response.status >= 300) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - sent);
      }
    };
    await Promise.all(Array.from({ length: inFlight }, loop));
    const cpuAfter = appCpuMs();
    const result = summarise(latencies, errors, (performance.now() - started) / 1000);
    if (cpuBefore !== undefined && cpuAfter !== undefined) result.cpuMicros = ((cpuAfter - cpuBefore) * 1000) / latencies.length;
    return result;
  };
  await run(WARM_UP_MS);
  return run(SECONDS * 1000);
}

/** Beacons at `perSecond` for `seconds`, from bench/analytics-load.ts in a process of its own. */
async function startPaced(port: number, perSecond: number, seconds: number): Promise<Result & { accepted: number; skipped: number }> {
  const load = spawn(process.execPath, ["--import", "tsx", "bench/analytics-load.ts", String(port), String(perSecond), String(seconds), "25000"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: load.stdout! });
  const result = await new Promise<{ accepted: number; errors: number; skipped: number; perSecond: number; p50: number; p99: number; sent: number }>((resolve, reject) => {
    load.once("exit", (code) => reject(new Error(`bench/analytics-load.ts exited with ${code} without a result`)));
    lines.on("line", (line) => {
      if (line.startsWith("BENCH_RESULT ")) resolve(JSON.parse(line.slice("BENCH_RESULT ".length)));
    });
  });
  return { ...result, requests: result.sent, p95: 0 };
}

function summarise(latencies: number[], errors: number, seconds: number): Result {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, errors, perSecond: latencies.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

main().catch((error) => {
  console.error("bench failed:", error instanceof Error ? error.message : error);
  child?.kill("SIGTERM");
  process.exit(1);
});
