// `npm run bench:series`: generating a year of games for 200 weekly series (issue 16: ≤ 10 s). Seeds
// 200 series (every weekday, times and zones mixed, some crossing a change of clocks), then times one
// generation run with a 365-day horizon, the job's own code (generateSeriesGames), on PGlite and on
// PostgreSQL; then times a second run, which must create nothing (every game already exists). Prints
// a table; exits 1 when a target is missed or a count is wrong.
//
//   BENCH_DATABASE_URL  PostgreSQL server for its run (default postgres://postgres@127.0.0.1:5432/postgres; unreachable: skipped)
//   BENCH_SERIES        how many series (default 200)
import { cpus, loadavg } from "node:os";
import { addDays, isoWeekday, occurrencesWithin } from "#shared/series-schedule.ts";
import { dateInZone } from "#shared/zoned-time.ts";
import { connectEmbedded, type Database, startEmbeddedPostgres } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { series } from "#server/db/schema.ts";
import { generateSeriesGames } from "#server/series/generate-games.ts";
import { createThrowawayDatabase } from "#test/database.ts";
import { printTable } from "./table.ts";

const SERIES = Number(process.env.BENCH_SERIES ?? 200);
const HORIZON_DAYS = 365;
const TARGET_MS = 10_000;
const ZONES = ["America/Toronto", "America/Vancouver", "Europe/Paris", "America/Montreal", "UTC"];

function seedRows(now: Date) {
  return Array.from({ length: SERIES }, (_, index) => {
    const timeZone = ZONES[index % ZONES.length]!;
    const firstDate = addDays(dateInZone(now, timeZone), 1 + (index % 7));
    return {
      title: `Bench series ${index + 1}`,
      firstDate,
      weekday: isoWeekday(firstDate),
      localTime: `${String(17 + (index % 5)).padStart(2, "0")}:${index % 2 ? "30" : "00"}`,
      timeZone,
      endDate: null,
      gameCount: 60,
      opensBeforeMinutes: 6 * 24 * 60,
      durationMinutes: 90,
      latitude: 43.65,
      longitude: -79.38,
      locationName: `Pitch ${index % 17}`,
      costCents: index % 3 === 0 ? 0 : 1000,
      maxPlayers: 14,
    };
  });
}

async function run(name: string, database: Database): Promise<string[]> {
  await runMigrations(database.db);
  const now = new Date();
  const rows = seedRows(now);
  await database.db.insert(series).values(rows);
  const expected = rows.reduce((sum, row) => sum + occurrencesWithin({ ...row, endDate: null, dayOffset: 0, offsetFrom: null }, { now, horizonDays: HORIZON_DAYS }).length, 0);

  let started = performance.now();
  const created = await generateSeriesGames({ db: database.db }, { now, horizonDays: HORIZON_DAYS });
  const firstMs = performance.now() - started;
  started = performance.now();
  const again = await generateSeriesGames({ db: database.db }, { now, horizonDays: HORIZON_DAYS });
  const secondMs = performance.now() - started;
  const { rows: counted } = await database.pool.query<{ games: number }>(`select count(*)::int as games from event where series_id is not null`);
  const countsRight = created === expected && again === 0 && counted[0]!.games === expected;
  return [name, String(created), (firstMs / 1000).toFixed(2), (secondMs / 1000).toFixed(2), firstMs <= TARGET_MS && countsRight ? "ok" : countsRight ? "MISSED" : "WRONG COUNT"];
}

async function main() {
  const table: string[][] = [];
  const embedded = connectEmbedded(await startEmbeddedPostgres());
  try {
    table.push(await run("PGlite", embedded));
  } finally {
    await embedded.close();
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  try {
    const database = await createThrowawayDatabase(serverUrl, { prefix: "kickoff_bench_series" });
    try {
      table.push(await run("PostgreSQL", database));
    } finally {
      await database.close();
    }
  } catch (error) {
    console.log(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
  // The build machine is shared: its load says how much of the figure is waiting for a core.
  console.log(`Load average over the last minute: ${loadavg()[0]!.toFixed(1)} (${cpus().length} cores).`);
  console.log(`Generating a year of games (${HORIZON_DAYS}-day horizon) for ${SERIES} weekly series of 60 games; target ≤ ${TARGET_MS / 1000} s.`);
  printTable(["database", "games created", "first run s", "second run s (creates 0)", `≤ ${TARGET_MS / 1000} s`], table);
  process.exitCode = table.every((row) => row[4] === "ok") ? 0 : 1;
}

await main();
