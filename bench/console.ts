// `npm run bench:console`: the organiser's console on a seeded year (1,000 games, 25,000
// registrations with their charges and refunds), on PGlite and on PostgreSQL. Times the overview
// (last 30 days, and the whole year) and a game's roster, the way the routes call them; the target is
// p95 ≤ 150 ms for each (issue 15). Prints a table; exits 1 when a target is missed.
//
//   BENCH_DATABASE_URL  PostgreSQL server for its run (default postgres://postgres@127.0.0.1:5432/postgres; unreachable: skipped)
//   BENCH_ITERATIONS    timed calls per query (default 40, after 5 to warm up)
import { resolvePeriod } from "#shared/console-period.ts";
import { dateInZone } from "#shared/zoned-time.ts";
import { getOverview } from "#server/console/get-overview.ts";
import { getRoster } from "#server/console/get-roster.ts";
import { connectEmbedded, type Database, startEmbeddedPostgres } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { createThrowawayDatabase } from "#test/database.ts";
import { seedYear, YEAR } from "./console-seed.ts";
import { printTable } from "./table.ts";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);
const TARGET_P95_MS = 150;
const money = { currency: "cad", feeRule: { feePercent: 2.9, feeFixedCents: 30 } };
async function time(work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

async function run(name: string, database: Database): Promise<string[][]> {
  await runMigrations(database.db);
  await seedYear(database.pool);
  const now = new Date();
  const today = dateInZone(now, "America/Toronto");
  const period = (from?: string) => {
    const result = resolvePeriod({ tz: "America/Toronto", to: today, ...(from ? { from } : {}) }, now);
    if (!result.ok) throw new Error(result.message);
    return result.period;
  };
  const yearAgo = dateInZone(new Date(now.getTime() - 364 * 86_400_000), "America/Toronto");
  const { rows } = await database.pool.query<{ id: string }>(`select id from event order by starts_at desc limit 1 offset 100`);
  const gameId = rows[0]!.id;
  const results: [string, { p50: number; p95: number }][] = [
    ["overview, last 30 days", await time(() => getOverview(database, { period: period(), now, ...money }))],
    ["overview, the whole year", await time(() => getOverview(database, { period: period(yearAgo), now, ...money }))],
    ["a game's roster", await time(() => getRoster(database, { eventId: gameId, now, ...money }))],
  ];
  return results.map(([what, { p50, p95 }]) => [name, what, p50.toFixed(1), p95.toFixed(1), p95 <= TARGET_P95_MS ? "ok" : "MISSED"]);
}

async function main() {
  const table: string[][] = [];
  const embedded = connectEmbedded(await startEmbeddedPostgres());
  try {
    table.push(...(await run("PGlite", embedded)));
  } finally {
    await embedded.close();
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  try {
    const database = await createThrowawayDatabase(serverUrl, { prefix: "kickoff_bench_console" });
    try {
      table.push(...(await run("PostgreSQL", database)));
    } finally {
      await database.close();
    }
  } catch (error) {
    console.log(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
  console.log(`Console on a seeded year: ${YEAR.games} games, ${YEAR.games * YEAR.registrationsPerGame} registrations; ${ITERATIONS} timed calls each.`);
  printTable(["database", "query", "p50 ms", "p95 ms", `p95 ≤ ${TARGET_P95_MS} ms`], table);
  process.exitCode = table.every((row) => row[4] === "ok") ? 0 : 1;
}

await main();
