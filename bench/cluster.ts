// `npm run bench:cluster`: three app instances on one PostgreSQL behind nginx (deploy/nginx, decision
// 027), under the join storm of bench:storm (1,000 users with saved cards join one paid game of 22 + 2
// at once, 20 % declines, 5 % lost answers; then the refund phase), spread over the three by nginx.
// One instance is killed -9 in the middle of the storm and again among the refunds, and restarted.
// Every invariant of the storm and `npm run reconcile` must hold; no instance may answer a 5xx (the
// 502s nginx sends for requests that were on the killed instance are counted apart); and the sign-in
// rate limit must hold for the deployment (the 101st sign-in from one client refused, not the 301st).
// Before the storm it checks the proxy itself: files from disk with their precompressed copies and
// the app's headers, an event stream unbuffered, the client's address passed on. Exits 1 if any fails.
//
//   BENCH_DATABASE_URL  PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); a
//                       throwaway database is created there and dropped.
//   BENCH_CLUSTER_ONLY  proxy: only the proxy's checks and the sign-in limit, without the storm (2 minutes
//                       instead of 6, while working on deploy/nginx).
// Needs nginx (Debian: apt-get install nginx libnginx-mod-http-brotli-static; the system service may
// stay off, this runs its own) and a build (`npm run build`).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Check } from "./storm-checks.ts";
import { type Cluster, INSTANCES, startCluster, VICTIM } from "./cluster-app.ts";
import { checkEventStream, checkSignInLimit, checkStaticFiles, logByInstance, type RateLimitFigures } from "./cluster-checks.ts";
import { killStartedNginx, nginxProblem, readAccessLog } from "./cluster-nginx.ts";
import { printCluster } from "./cluster-report.ts";
import { killStartedApps } from "./storm-app.ts";
import { passed, printRun } from "./storm-report.ts";
import { cleanUpRunInProgress, runStorm } from "./storm-run.ts";
import { STORM_SETTINGS as SETTINGS } from "./storm-settings.ts";
import { ADMIN_EMAIL } from "./storm-seed.ts";
import { createThrowawayDatabase } from "#test/database.ts";
import type { App, AppOptions } from "./storm-app.ts";


/** The app's defaults (src/server/config.ts, decision 006): the instances run with them. */
const SIGN_IN_LIMIT = 100;
const WINDOW_MINUTES = 15;

/** The storm's check that the cluster replaces: through nginx a request cut off by a kill is a 502, not a dropped connection. */
const STORM_5XX_CHECK = "no 5xx except while the server was down";

const OVERALL_LIMIT_MS = 30 * 60_000;

async function main() {
  const guard = setTimeout(() => void abort(`still running after ${OVERALL_LIMIT_MS / 60_000} minutes`), OVERALL_LIMIT_MS);
  guard.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void abort(signal));
  const missing = nginxProblem();
  if (missing) {
    console.log(`bench:cluster: ${missing}.`);
    process.exitCode = 1;
    return;
  }

  console.log(
    `Cluster: ${INSTANCES} instances on one PostgreSQL behind nginx; the join storm (${SETTINGS.users.toLocaleString("en-US")} users, 22 + 2, ` +
      `${SETTINGS.declineRate * 100}% declines, ${SETTINGS.lostResponseRate * 100}% lost answers) and its refund phase, ` +
      `instance ${VICTIM + 1} killed -9 mid-storm and among the refunds; the sign-in limit across the instances.`,
  );
  const dir = mkdtempSync(join(tmpdir(), "kickoff-cluster-"));
  let cluster: Cluster | undefined;
  const proxyChecks: Check[] = [];
  let rateLimit: RateLimitFigures | undefined;
  /** The cluster and, before anything else uses it, the proxy's own checks. */
  const launch = async (options: AppOptions) => {
    cluster = await startCluster(options, dir);
    proxyChecks.push(...(await safely("nginx serves the build", () => checkStaticFiles(cluster!.app.origin, cluster!.instances[0]!.origin, cluster!.webRoot))));
    proxyChecks.push(...(await safely("event stream through nginx", async () => [await checkEventStream(cluster!.app.origin, options.databaseUrl!)])));
    proxyChecks.push(
      ...(await safely("sign-in limit across the instances", async () => {
        const limit = await checkSignInLimit(cluster!.app.origin, SIGN_IN_LIMIT, WINDOW_MINUTES, INSTANCES);
        rateLimit = limit.figures;
        return limit.checks;
      })),
    );
    return cluster.app;
  };
  try {
    if (process.env.BENCH_CLUSTER_ONLY === "proxy") {
      await proxyOnly(launch, dir);
      for (const check of proxyChecks) console.log(`  ${check.ok ? "✓" : "✗"} ${check.name}: ${check.detail}`);
      if (cluster) printCluster({ cluster, ...logByInstance(readAccessLog(cluster.nginx.accessLog), cluster.addresses, []), rateLimit });
      process.exitCode = proxyChecks.every((check) => check.ok) ? 0 : 1;
      return;
    }
    const result = await runStorm({ name: `PostgreSQL, ${INSTANCES} instances behind nginx + kill -9`, database: "postgres", crash: true }, SETTINGS, launch);

    // runStorm has stopped nginx and the instances: the log is complete.
    const log = cluster ? logByInstance(readAccessLog(cluster.nginx.accessLog), cluster.addresses, cluster.kills) : undefined;
    const replaced = result.checks.findIndex((check) => check.name === STORM_5XX_CHECK);
    if (log) {
      if (replaced < 0 && !result.error) throw new Error(`the storm's check "${STORM_5XX_CHECK}" is gone: bench/cluster.ts must be told what replaces it`);
      if (replaced >= 0) result.checks.splice(replaced, 1, log.check);
    }
    result.checks.push(...proxyChecks);
    printRun(result, 1, 1, { showCli: true });
    if (cluster) printCluster({ cluster, rows: log?.rows ?? [], fromDisk: log?.fromDisk ?? 0, rateLimit, storm: result.storm, reconcile: result.state?.reconcile.unexplainedCents });
    clearTimeout(guard);
    process.exitCode = passed(result) ? 0 : 1;
    console.log(`\nbench:cluster ${passed(result) ? "passed" : "FAILED"}.`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The cluster on a throwaway database, its checks, and nothing else. */
async function proxyOnly(launch: (options: AppOptions) => Promise<App>, dir: string): Promise<void> {
  const database = await createThrowawayDatabase(SETTINGS.postgresUrl, { prefix: "kickoff_cluster" });
  try {
    const app = await launch({
      port: 0,
      dataDir: dir,
      authSecret: randomBytes(32).toString("hex"),
      databaseUrl: database.url,
      declineRate: 0,
      lostResponseRate: 0,
      adminEmail: ADMIN_EMAIL,
    });
    await app.stop();
  } finally {
    await database.close();
  }
}

/** A check that could not even run is a failed check, not a stopped benchmark. */
async function safely(name: string, work: () => Promise<Check[]>): Promise<Check[]> {
  try {
    return await work();
  } catch (error) {
    return [{ name, ok: false, detail: `could not run: ${error instanceof Error ? error.message : String(error)}` }];
  }
}

let aborting = false;
async function abort(why: string) {
  if (aborting) return;
  aborting = true;
  console.error(`\nbench:cluster: ${why}; stopping nginx and the instances and removing the run's database and files.`);
  killStartedNginx();
  killStartedApps();
  await cleanUpRunInProgress();
  process.exit(1);
}

main().catch(async (error) => {
  console.error("bench:cluster failed:", error instanceof Error ? error.message : error);
  killStartedNginx();
  killStartedApps();
  await cleanUpRunInProgress();
  process.exit(1);
});
