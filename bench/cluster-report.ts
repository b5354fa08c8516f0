// What bench:cluster prints after the storm's own report: the answers by instance (from nginx's log),
// the kills, the sign-in limit's figures and a one-line summary.
import type { Cluster } from "./cluster-app.ts";
import type { InstanceRow, RateLimitFigures } from "./cluster-checks.ts";
import type { StormStats } from "./storm-run.ts";
import { printTable } from "./table.ts";

export function printCluster(input: {
  cluster: Cluster;
  rows: InstanceRow[];
  fromDisk: number;
  rateLimit?: RateLimitFigures;
  storm?: StormStats;
  reconcile?: number;
}) {
  const { cluster, rows, rateLimit, storm } = input;
  console.log(`\n━━ The cluster: ${cluster.addresses.length} instances behind nginx (${cluster.nginx.origin}, brotli_static ${cluster.nginx.brotli ? "on" : "off"}) ━━`);
  console.log(`  nginx -t: ${cluster.nginx.configTest.split("\n").at(-1)}`);
  for (const kill of cluster.kills) {
    const down = kill.back ? `${((kill.back.getTime() - kill.at.getTime()) / 1000).toFixed(1)} s until it served again` : "never back";
    console.log(`  killed -9: ${kill.instance} at ${kill.at.toISOString().slice(11, 23)}, ${down}`);
  }
  console.log("");
  printTable(
    ["by instance (nginx's log)", "answered", "2xx", "4xx", "5xx from it", "502 by nginx (cut off)", "refused → next", "sign-ins"],
    rows.map((row) => [
      `${row.instance}${row.killed ? " (killed -9)" : ""}`,
      String(row.answered),
      String(row.ok2xx),
      String(row.client4xx),
      String(row.app5xx),
      String(row.nginx5xx),
      String(row.passedOn),
      String(row.signIns),
    ]),
    "  ",
  );
  console.log(`  files nginx served from disk: ${input.fromDisk}`);
  console.log("  (a 502 by nginx: a request that was on the instance when it was killed; a POST is never sent to another instance, the client retries)");
  if (rateLimit) {
    console.log("");
    printTable(
      ["sign-ins from one client", "attempts", "let through", "first 429", "allowed (limit + refill)", "spoofed XFF", "other client"],
      [
        [
          "through nginx, round robin",
          String(rateLimit.attempts),
          String(rateLimit.allowed),
          rateLimit.firstRefused ? `#${rateLimit.firstRefused}` : "never",
          `≤ ${100 + rateLimit.refillAllowance}`,
          String(rateLimit.spoofed ?? "-"),
          String(rateLimit.otherClient ?? "-"),
        ],
      ],
      "  ",
    );
  }
  if (storm) {
    console.log("");
    const fiveXx = rows.map((row) => `${row.app5xx}`).join(" / ");
    const cut = rows.reduce((sum, row) => sum + row.nginx5xx, 0);
    printTable(
      ["summary", "joins/s", "p50 ms", "p99 ms", "5xx by instance", "502 cut off", "reconcile ¢"],
      [["3 instances + nginx", storm.perSecond.toFixed(1), Math.round(storm.p50).toLocaleString("en-US"), Math.round(storm.p99).toLocaleString("en-US"), fiveXx, String(cut), String(input.reconcile ?? "-")]],
      "  ",
    );
  }
}
