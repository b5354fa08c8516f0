// `npm run bench:lighthouse`: Lighthouse (mobile defaults: a mid-range phone on slow 4G, simulated)
// on the login page, /privacy, the signed-in home and an event page of the built app, served by the
// real server on loopback with a small seeded database. Prints the four category scores of each.
//
//   BENCH_LIGHTHOUSE_RUNS     runs per page (default 3); the table shows Lighthouse's median run
//                             (computeMedianRun: closest to the median FCP and TTI) and every run's score
//   CHROME_PATH               the browser (default /usr/bin/chromium)
//   BENCH_LIGHTHOUSE_REPORTS  a folder to also write the full report (JSON) of every run into
//
// Build first (`npm run build`): the scores are those of what `npm start` serves.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { printTable } from "./table.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/support/chromium.ts";

const WEB_DIST = new URL("../dist/web/", import.meta.url).pathname;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** However it goes, the whole run stops after this. */
const OVERALL_LIMIT_MS = 10 * 60_000;
type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 3);

async function main() {
  if (!existsSync(`${WEB_DIST}index.html`)) throw new Error("dist/web is not built: run `npm run build` first.");
  const guard = setTimeout(() => {
    console.error(`bench:lighthouse: still running after ${OVERALL_LIMIT_MS / 60_000} minutes; stopping.`);
    stop();
    process.exit(1);
  }, OVERALL_LIMIT_MS);
  guard.unref();

  const app = await startAppServer();
  const origin = `http://127.0.0.1:${app.info.port}`;
  const pages = [
    { name: "login (/ signed out)", url: `${origin}/`, signedIn: false },
    { name: "/privacy", url: `${origin}/privacy`, signedIn: false },
    { name: "home (signed in)", url: `${origin}/`, signedIn: true },
    { name: "event page (signed in)", url: `${origin}/event/${app.info.eventId}`, signedIn: true },
  ];

  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: "silent" });
  const rows: string[][] = [];
  for (const page of pages) {
    const run = async () => {
      const result = await lighthouse(page.url, {
        port: chrome!.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        // The session cookie on every request of the page, as the browser would send it.
        ...(page.signedIn ? { extraHeaders: { Cookie: app.info.cookie } } : {}),
      });
      if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${page.url}`);
      return result.lhr;
    };
    const runs: Result[] = [];
    for (let index = 0; index < RUNS; index++) {
      // A trace that failed to record (NO_NAVSTART and the like) is Lighthouse's hiccup: one more try.
      let result = await run();
      if (result.runtimeError) result = await run();
      if (result.runtimeError) throw new Error(`${page.name}: ${result.runtimeError.code} ${result.runtimeError.message}`);
      runs.push(result);
      if (process.env.BENCH_LIGHTHOUSE_REPORTS) saveReport(`${page.name} run ${index + 1}`, result);
    }
    // One run's score moves by several points with what else the machine does: Lighthouse's advice
    // is the median of several runs.
    const lhr = computeMedianRun(filterToValidRuns(runs)) as Result;
    const performanceOfRuns = runs.map((result) => Math.round((result.categories.performance?.score ?? 0) * 100)).join(" ");
    const score = (category: (typeof CATEGORIES)[number]) => String(Math.round((lhr.categories[category]?.score ?? 0) * 100));
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? "-";
    rows.push([
      page.name,
      ...CATEGORIES.map(score),
      metric("first-contentful-paint"),
      metric("largest-contentful-paint"),
      metric("total-blocking-time"),
      performanceOfRuns,
    ]);
    // What kept a score below 100, so the table says where to look.
    for (const category of CATEGORIES) {
      const ref = lhr.categories[category];
      if (!ref || ref.score === 1) continue;
      const failing = ref.auditRefs
        .filter((audit) => audit.weight > 0 && (lhr.audits[audit.id]?.score ?? 1) < 0.9)
        .map((audit) => `${audit.id} (${lhr.audits[audit.id]?.displayValue ?? lhr.audits[audit.id]?.score})`);
      if (failing.length) console.log(`  ${page.name} · ${category}: ${failing.join(", ")}`);
    }
  }
  console.log("");
  printTable(["page", "performance", "accessibility", "best practices", "seo", "FCP", "LCP", "TBT", "performance of each run"], rows);
  stop();
  clearTimeout(guard);
}

/** The full report, for a look at what a score is made of. */
function saveReport(name: string, lhr: Result) {
  const folder = process.env.BENCH_LIGHTHOUSE_REPORTS!;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}.json`), JSON.stringify(lhr, null, 1));
}

let chrome: chromeLauncher.LaunchedChrome | undefined;
let server: ChildProcess | undefined;

function stop() {
  chrome?.kill();
  if (server && server.exitCode === null) server.kill("SIGTERM");
}

/** bench/app-server.ts serving the build; resolves with its BENCH_READY line. */
async function startAppServer(): Promise<{ info: { port: number; cookie: string; eventId: string } }> {
  server = spawn(process.execPath, ["--import", "tsx", "bench/app-server.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, BENCH_WEB_DIST: WEB_DIST },
  });
  const lines = createInterface({ input: server.stdout! });
  const info = await new Promise<{ port: number; cookie: string; eventId: string }>((resolve, reject) => {
    server!.once("exit", (code) => reject(new Error(`bench/app-server.ts exited with ${code} before it was ready`)));
    lines.on("line", (line) => {
      if (line.startsWith("BENCH_READY ")) resolve(JSON.parse(line.slice("BENCH_READY ".length)) as { port: number; cookie: string; eventId: string });
      else process.stderr.write(`${line}\n`);
    });
  });
  return { info };
}

main().catch((error: unknown) => {
  console.error(error);
  stop();
  process.exit(1);
});
