// `npm run bench:live`: live updates at scale (issue 17; docs/live-updates.md), through real app
// processes on loopback (bench/live-app.ts) and plain HTTP connections (no browsers):
//   1. the event page's throughput with no stream open;
//   2. BENCH_STREAMS (2,000) streams opened on one game: memory per idle stream (the app's RSS) and
//      the app's CPU while they sit idle (a heartbeat included);
//   3. the event page's throughput with them open (target: within 15 % of 1);
//   4. BENCH_CHANGES (100) joins and cancels, one at a time: every stream must see every change (by
//      version); the time from commit to delivery, p50 / p99 (target p99 ≤ 500 ms);
//   5. with PostgreSQL (BENCH_DATABASE_URL), a second app instance on the same database carries
//      BENCH_REMOTE_STREAMS (200) more streams: every change made through the first reaches them.
// Exits 1 when a target is missed.
//
//   BENCH_DATABASE_URL  postgres://… server: two instances on one throwaway database; without it
//                       one instance on its own embedded PGlite (the two-instance check is left out)
//   BENCH_SECONDS       measured seconds per throughput phase (default 5)
//   BENCH_CHANGE_GAP_MS pause between two changes (default 300: longer than the 100 ms coalescing,
//                       so each change is its own snapshot)
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { Agent, type ClientRequest, request } from "node:http";
import { cpus, loadavg } from "node:os";
import { createInterface } from "node:readline";
import { runMigrations } from "#server/db/migrate.ts";
import { createThrowawayDatabase } from "#test/database.ts";
import { printTable } from "./table.ts";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 2_000);
const REMOTE_STREAMS = Number(process.env.BENCH_REMOTE_STREAMS ?? 200);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CHANGE_GAP_MS = Number(process.env.BENCH_CHANGE_GAP_MS ?? 300);
const CONCURRENCY = 16;
const IDLE_MS = 30_000;
const TARGET_P99_MS = 500;
const MAX_SLOWDOWN = 0.15;
const OVERALL_LIMIT_MS = 10 * 60_000;

interface AppProcess {
  child: ChildProcess;
  port: number;
  pid: number;
  eventId?: string;
  viewerCookie?: string;
  playerCookies?: string[];
}

const apps: AppProcess[] = [];

function startApp(env: Record<string, string>): Promise<AppProcess> {
  // BENCH_APP_NODE_ARGS, e.g. "--cpu-prof": options for the app processes' node.
  const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, ["--expose-gc", ...nodeArgs, "--import", "tsx", "bench/live-app.ts"], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ...env } });
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`bench/live-app.ts exited with ${code} before it was ready`)));
    lines.on("line", (line) => {
      if (line.startsWith("BENCH_MEMORY ")) return void memoryWaiters.shift()?.(JSON.parse(line.slice("BENCH_MEMORY ".length)) as NodeJS.MemoryUsage);
      if (!line.startsWith("BENCH_READY ")) return void process.stderr.write(`${line}\n`);
      const app = { child, ...(JSON.parse(line.slice("BENCH_READY ".length)) as Omit<AppProcess, "child">) };
      apps.push(app);
      resolve(app);
    });
  });
}

/** The process's user + system CPU time in ms, from /proc (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const memoryWaiters: ((usage: NodeJS.MemoryUsage) => void)[] = [];

/** The app's memory after a full garbage collection (it answers SIGUSR2). */
function memoryOf(app: AppProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve) => {
    memoryWaiters.push(resolve);
    app.child.kill("SIGUSR2");
  });
}

/** Resident memory in KB, from /proc (Linux). */
function rssKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((candidate) => candidate.startsWith("VmRSS:"));
  return Number(line?.match(/\d+/)?.[0] ?? 0);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One open stream: the versions it received, with when. */
interface Stream {
  request: ClientRequest;
  received: Map<number, number>;
  instance: "local" | "remote";
}

const ID_MARK = Buffer.from("\nid: ");
const NEWLINE = 10;
const streamAgent = new Agent({ keepAlive: false, maxSockets: Infinity });

function openStream(port: number, eventId: string, cookie: string, instance: Stream["instance"]): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const received = new Map<number, number>();
    const req = request({ host: "127.0.0.1", port, path: `/api/events/${eventId}/stream`, headers: { cookie, accept: "text/event-stream" }, agent: streamAgent }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`a stream was answered ${response.statusCode}`));
        response.resume();
        return;
      }
      // Only the ids are read, from the bytes (2,000 streams of whole pages would keep this process
      // busier than the app if each were decoded and split): "\nid: N\n", across chunk boundaries.
      let tail = Buffer.alloc(0);
      response.on("data", (chunk: Buffer) => {
        const data = tail.length > 0 ? Buffer.concat([tail, chunk]) : chunk;
        let from = 0;
        let keepFrom = Math.max(0, data.length - ID_MARK.length);
        for (;;) {
          const at = data.indexOf(ID_MARK, from);
          if (at === -1) break;
          const end = data.indexOf(NEWLINE, at + ID_MARK.length);
          if (end === -1) {
            keepFrom = at;
            break;
          }
          received.set(Number(data.toString("latin1", at + ID_MARK.length, end)), performance.now());
          from = end;
          keepFrom = Math.max(end, data.length - ID_MARK.length);
        }
        tail = Buffer.from(data.subarray(keepFrom));
      });
      resolve({ request: req, received, instance });
    });
    req.on("error", reject);
    req.end();
  });
}

async function openStreams(count: number, port: number, eventId: string, cookies: string[], instance: Stream["instance"]): Promise<Stream[]> {
  const streams: Stream[] = [];
  // A hundred at a time, as pages opening in a burst would.
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, (_, j) => openStream(port, eventId, cookies[(i + j) % cookies.length]!, instance));
    streams.push(...(await Promise.all(batch)));
  }
  return streams;
}

const pageAgent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(port: number, path: string, options: { method?: string; cookie?: string } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { origin: "http://127.0.0.1" };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.method === "POST") headers["content-type"] = "application/json";
    const req = request({ host: "127.0.0.1", port, path, method: options.method ?? "GET", headers, agent: pageAgent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.method === "POST" ? JSON.stringify({ role: "player" }) : undefined);
  });
}

/** CONCURRENCY loops reading the event page for SECONDS (after a one-second warm-up). */
async function pageThroughput(app: AppProcess): Promise<{ perSecond: number; errors: number; p99: number }> {
  const run = async (durationMs: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const deadline = performance.now() + durationMs;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < deadline) {
          const sent = performance.now();
          const response = await send(app.port, `/api/events/${app.eventId}`, { cookie: app.viewerCookie }).catch(() => ({ status: 0 }));
          if (response.status !== 200) errors++;
          latencies.push(performance.now() - sent);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    return { perSecond: latencies.length / ((performance.now() - started) / 1000), errors, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
  };
  await run(1_000);
  return run(SECONDS * 1_000);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function main() {
  const guard = setTimeout(() => {
    console.error(`bench: still running after ${OVERALL_LIMIT_MS / 60_000} minutes; stopping.`);
    for (const app of apps) app.child.kill("SIGTERM");
    process.exit(1);
  }, OVERALL_LIMIT_MS);
  guard.unref();

  const serverUrl = process.env.BENCH_DATABASE_URL;
  const throwaway = serverUrl ? await createThrowawayDatabase(serverUrl, { prefix: "kickoff_bench_live" }) : undefined;
  if (throwaway) await runMigrations(throwaway.db);
  const players = Math.ceil(CHANGES / 2);
  const secret = randomBytes(32).toString("hex");
  console.log(`Live updates on ${serverUrl ? "PostgreSQL, two instances on one database" : "embedded PGlite, one instance"}: ${STREAMS} streams, ${CHANGES} changes`);
  const local = await startApp({ BENCH_SEED: String(players), BENCH_AUTH_SECRET: secret, ...(throwaway ? { BENCH_DATABASE_URL: throwaway.url } : {}) });
  const remote = throwaway ? await startApp({ BENCH_AUTH_SECRET: secret, BENCH_DATABASE_URL: throwaway.url }) : undefined;
  const eventId = local.eventId!;
  const playerCookies = local.playerCookies!;
  const rows: string[][] = [];
  const missed: string[] = [];

  // 1. The event page alone.
  const alone = await pageThroughput(local);

  // 2. The streams: one viewer who is not in the game on most of them (one shared snapshot), and
  // each player on one of their own (their own part of the page), as a crowd would be.
  const memoryBefore = await memoryOf(local);
  const rssBefore = rssKb(local.pid);
  const viewers = [...playerCookies, ...Array.from({ length: STREAMS - playerCookies.length }, () => local.viewerCookie!)];
  const started = performance.now();
  const streams = await openStreams(STREAMS, local.port, eventId, viewers, "local");
  const openMs = performance.now() - started;
  if (remote) streams.push(...(await openStreams(REMOTE_STREAMS, remote.port, eventId, [local.viewerCookie!], "remote")));
  await pause(2_000);
  const firstVersion = Math.max(...streams[0]!.received.keys());
  const withSnapshot = streams.filter((stream) => stream.received.has(firstVersion)).length;
  const rssOpen = rssKb(local.pid);
  const cpuBefore = cpuMs(local.pid);
  await pause(IDLE_MS);
  const idleCpu = (cpuMs(local.pid) - cpuBefore) / IDLE_MS;
  const rssIdle = rssKb(local.pid);
  const memoryIdle = await memoryOf(local);
  const perStreamKb = (key: "heapUsed" | "rss" | "external") => ((memoryIdle[key] - memoryBefore[key]) / STREAMS / 1024).toFixed(1);

  // 3. The event page beside the open streams.
  const beside = await pageThroughput(local);

  // 4. Joins then cancels, one at a time; the version after change k is firstVersion + k.
  const appCpuBeforeChanges = cpuMs(local.pid);
  const remoteCpuBeforeChanges = remote ? cpuMs(remote.pid) : 0;
  const readerCpuBefore = process.cpuUsage();
  const changesStarted = performance.now();
  const sentAt: number[] = [];
  const answeredAt: number[] = [];
  let failures = 0;
  for (let k = 0; k < CHANGES; k++) {
    const cookie = playerCookies[k % players]!;
    const joining = k < players;
    sentAt.push(performance.now());
    const response = await send(local.port, `/api/events/${eventId}/registrations${joining ? "" : "/me"}`, { method: joining ? "POST" : "DELETE", cookie });
    answeredAt.push(performance.now());
    if (response.status !== (joining ? 201 : 200)) {
      failures++;
      console.error(`change ${k + 1} was answered ${response.status}: ${response.body.slice(0, 200)}`);
    }
    await pause(CHANGE_GAP_MS);
  }
  const changesMs = performance.now() - changesStarted;
  const appCpuPerChange = (cpuMs(local.pid) - appCpuBeforeChanges) / CHANGES;
  const remoteCpuPerChange = remote ? (cpuMs(remote.pid) - remoteCpuBeforeChanges) / CHANGES : 0;
  const readerCpu = process.cpuUsage(readerCpuBefore);
  const readerCpuPerChange = (readerCpu.user + readerCpu.system) / 1000 / CHANGES;
  await pause(2_000);
  const finalPage = JSON.parse((await send(local.port, `/api/events/${eventId}`, { cookie: local.viewerCookie })).body) as { event: { version: number } };

  const latencies = { local: [] as number[], remote: [] as number[] };
  const fromAnswer: number[] = [];
  let missing = 0;
  for (const stream of streams) {
    for (let k = 0; k < CHANGES; k++) {
      const at = stream.received.get(firstVersion + k + 1);
      if (at === undefined) {
        missing++;
        continue;
      }
      latencies[stream.instance].push(at - sentAt[k]!);
      if (stream.instance === "local") fromAnswer.push(Math.max(0, at - answeredAt[k]!));
    }
  }
  for (const list of [latencies.local, latencies.remote, fromAnswer]) list.sort((a, b) => a - b);
  for (const stream of streams) stream.request.destroy();

  // The figures.
  const slowdown = 1 - beside.perSecond / alone.perSecond;
  const allLatencies = [...latencies.local, ...latencies.remote].sort((a, b) => a - b);
  const p99 = percentile(allLatencies, 0.99);
  rows.push(["streams opened", `${streams.length} (${STREAMS} local${remote ? `, ${REMOTE_STREAMS} on the second instance` : ""}) in ${(openMs / 1000).toFixed(1)} s; ${withSnapshot} with the first snapshot`]);
  rows.push([
    "memory per idle stream, after a full GC",
    `${perStreamKb("heapUsed")} KB of JS heap, ${perStreamKb("external")} KB external, ${perStreamKb("rss")} KB of RSS (RSS ${Math.round(rssBefore / 1024)} → ${Math.round(rssOpen / 1024)} MB opening, ${Math.round(rssIdle / 1024)} MB after ${IDLE_MS / 1000} s idle)`,
  ]);
  rows.push(["app CPU while idle with the streams open", `${(idleCpu * 100).toFixed(2)} % of a core (${IDLE_MS / 1000} s, heartbeats included)`]);
  rows.push(["event page alone", `${alone.perSecond.toFixed(0)} req/s, p99 ${alone.p99.toFixed(1)} ms, ${alone.errors} errors`]);
  rows.push([`event page beside ${STREAMS} streams`, `${beside.perSecond.toFixed(0)} req/s, p99 ${beside.p99.toFixed(1)} ms, ${beside.errors} errors (${(slowdown * 100).toFixed(1)} % ${slowdown >= 0 ? "slower" : "faster"}; target ≤ ${MAX_SLOWDOWN * 100} %)`]);
  rows.push(["changes", `${CHANGES} (${players} joins, ${CHANGES - players} cancels), ${failures} failed; versions ${firstVersion} → ${finalPage.event.version}`]);
  rows.push([
    "CPU per change (one join or cancel and its deliveries)",
    `app ${appCpuPerChange.toFixed(0)} ms${remote ? `, second instance ${remoteCpuPerChange.toFixed(0)} ms` : ""}, the streams' reader ${readerCpuPerChange.toFixed(0)} ms; ${CHANGES} changes in ${(changesMs / 1000).toFixed(1)} s`,
  ]);
  rows.push(["deliveries", `${allLatencies.length} of ${streams.length * CHANGES}; ${missing} missing`]);
  rows.push(["commit → delivery, from the request sent", `p50 ${percentile(allLatencies, 0.5).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${(allLatencies.at(-1) ?? 0).toFixed(0)} ms (target p99 ≤ ${TARGET_P99_MS} ms)`]);
  rows.push(["  the same from the answer received", `p50 ${percentile(fromAnswer, 0.5).toFixed(0)} ms, p99 ${percentile(fromAnswer, 0.99).toFixed(0)} ms`]);
  if (remote) {
    rows.push(["  streams on the first instance", `p50 ${percentile(latencies.local, 0.5).toFixed(0)} ms, p99 ${percentile(latencies.local, 0.99).toFixed(0)} ms`]);
    rows.push(["  streams on the second instance", `p50 ${percentile(latencies.remote, 0.5).toFixed(0)} ms, p99 ${percentile(latencies.remote, 0.99).toFixed(0)} ms, ${latencies.remote.length} of ${REMOTE_STREAMS * CHANGES} delivered`]);
  }
  rows.push(["machine load average (1, 5, 15 min) at the end", loadavg().map((load) => load.toFixed(1)).join(", ") + ` on ${cpus().length} cores`]);
  console.log("");
  printTable(["measure", "result"], rows, "  ");

  if (failures > 0) missed.push("a change failed");
  if (missing > 0) missed.push("a stream missed a change");
  if (finalPage.event.version !== firstVersion + CHANGES) missed.push("the versions did not count the changes");
  if (p99 > TARGET_P99_MS) missed.push("p99 commit → delivery over target");
  if (slowdown > MAX_SLOWDOWN) missed.push("the event page slowed too much beside the streams");
  if (remote && latencies.remote.length !== REMOTE_STREAMS * CHANGES) missed.push("the second instance's streams missed changes");

  for (const app of apps) app.child.kill("SIGTERM");
  await Promise.all(apps.map((app) => new Promise((resolve) => (app.child.exitCode !== null ? resolve(null) : app.child.once("exit", resolve)))));
  await throwaway?.close();
  clearTimeout(guard);
  if (missed.length > 0) {
    console.error(`\nbench: missed: ${missed.join("; ")}.`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  for (const app of apps) app.child.kill("SIGTERM");
  process.exit(1);
});

// Not on Linux, /proc is missing: this bench reads the app's CPU and memory there.
if (!existsSync("/proc/self/stat")) {
  console.error("bench:live reads the app's CPU and memory from /proc (Linux).");
  process.exit(1);
}
