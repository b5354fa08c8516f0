// `npm run bench:teams`: fair teams (docs/teams-and-ratings.md). Times making teams for 22 outfield
// players and 2 goalkeepers (budget 300 ms; the splits searched are printed), the same by the
// exhaustive search for comparison, and recomputing a season's ratings (50 games of 22 + 2 players
// from a community of 60, every result replayed; budget 1 s) on PGlite and on PostgreSQL. Prints a
// table; exits 1 when a budget is missed.
//
//   BENCH_DATABASE_URL  PostgreSQL server for its run (default postgres://postgres@127.0.0.1:5432/postgres; unreachable: skipped)
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { drizzle } from "drizzle-orm/node-postgres";
import { connectEmbedded, type Database, startEmbeddedPostgres } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import * as schema from "#server/db/schema.ts";
import { event, gameScore, registration, teamMember, teamSheet, user } from "#server/db/schema.ts";
import { recomputeRatings } from "#server/teams/recompute-ratings.ts";
import { seededRandom, type SplitPlayer, splitTeams } from "#server/teams/split-teams.ts";
import { createThrowawayDatabase } from "#test/database.ts";
import { printTable } from "./table.ts";

const SPLIT_BUDGET_MS = 300;
const SEASON_BUDGET_MS = 1_000;
const SEASON = { games: 50, community: 60, outfield: 22, keepers: 2 };

function players(outfield: number, keepers: number, seed: number): SplitPlayer[] {
  const random = seededRandom(seed);
  return [
    ...Array.from({ length: outfield }, () => ({ id: randomUUID(), role: "player" as const, mu: 15 + random() * 20 })),
    ...Array.from({ length: keepers }, () => ({ id: randomUUID(), role: "goalkeeper" as const, mu: 15 + random() * 20 })),
  ];
}

/** The median of `runs` timed calls after one to warm up, and the last answer. */
function timeSplit(input: Parameters<typeof splitTeams>[0], runs: number) {
  splitTeams(input);
  const samples: number[] = [];
  let result = splitTeams(input);
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    result = splitTeams(input);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { ms: samples[Math.floor(samples.length / 2)]!, max: samples[samples.length - 1]!, result };
}

function splitRows(): string[][] {
  const rows: string[][] = [];
  const cases: [string, Parameters<typeof splitTeams>[0], boolean][] = [
    ["22 + 2 keepers, 2 teams (as the app runs it)", { players: players(22, 2, 1), teamCount: 2 }, true],
    ["22 + 2 keepers, 2 teams, exhaustive forced", { players: players(22, 2, 1), teamCount: 2, exhaustiveLimit: Infinity }, false],
    ["20 + 2 keepers, 2 teams", { players: players(20, 2, 2), teamCount: 2 }, false],
    ["28 + 2 keepers, 3 teams", { players: players(28, 2, 3), teamCount: 3 }, false],
  ];
  for (const [name, input, budgeted] of cases) {
    const { ms, max, result } = timeSplit(input, 9);
    const verdict = budgeted ? (max <= SPLIT_BUDGET_MS ? "ok" : "MISSED") : "-";
    rows.push([name, result.exhaustive ? "exhaustive" : "heuristic", result.searched.toLocaleString("en"), result.splits[0]!.gap.toFixed(3), ms.toFixed(1), max.toFixed(1), verdict]);
  }
  return rows;
}

/** A season: 50 games in kick-off order, 24 of the community's 60 in each, teams of 11 + a keeper, one or two short games' scores. */
async function seedSeason(database: Database) {
  const random = seededRandom(50);
  const users = Array.from({ length: SEASON.community }, (_, i) => ({ id: randomUUID(), name: `Player ${i}`, email: `bench-${i}-${randomUUID()}@example.com`, emailVerified: true, firstName: "Player", lastName: String(i) }));
  await database.db.insert(user).values(users);
  for (let g = 0; g < SEASON.games; g++) {
    const startsAt = new Date(Date.now() - (SEASON.games - g) * 7 * 86_400_000);
    const [game] = await database.db
      .insert(event)
      .values({ title: `Week ${g + 1}`, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), timeZone: "UTC", durationMinutes: 60, costCents: 0, maxPlayers: 22, includeGoalkeepers: true })
      .returning({ id: event.id });
    const picked = [...users].sort(() => random() - 0.5).slice(0, SEASON.outfield + SEASON.keepers);
    const registrations = await database.db
      .insert(registration)
      .values(picked.map((person, i) => ({ eventId: game!.id, userId: person.id, role: i < SEASON.keepers ? ("goalkeeper" as const) : ("player" as const), status: "confirmed" as const })))
      .returning({ id: registration.id });
    await database.db.insert(teamSheet).values({ eventId: game!.id, teamCount: 2, publishedAt: startsAt });
    await database.db.insert(teamMember).values(registrations.map((row, i) => ({ eventId: game!.id, registrationId: row.id, team: i % 2 })));
    const shortGames = 1 + Math.floor(random() * 2);
    await database.db.insert(gameScore).values(
      Array.from({ length: shortGames }, (_, seq) => ({ eventId: game!.id, seq, teamA: 0, teamB: 1, goalsA: Math.floor(random() * 6), goalsB: Math.floor(random() * 6) })),
    );
  }
}

async function seasonRow(name: string, database: Database): Promise<string[]> {
  await runMigrations(database.db);
  await seedSeason(database);
  const samples: number[] = [];
  let games = 0;
  for (let i = 0; i < 6; i++) {
    const client = await database.pool.connect();
    try {
      const started = performance.now();
      await client.query("begin");
      games = (await recomputeRatings(drizzle(client, { schema }), "default")).games;
      await client.query("commit");
      samples.push(performance.now() - started);
    } finally {
      client.release();
    }
  }
  // The first run warms the queries up; the rest are timed.
  const timed = samples.slice(1).sort((a, b) => a - b);
  const median = timed[Math.floor(timed.length / 2)]!;
  const max = timed[timed.length - 1]!;
  return [name, String(games), median.toFixed(1), max.toFixed(1), max <= SEASON_BUDGET_MS ? "ok" : "MISSED"];
}

async function main() {
  const split = splitRows();
  console.log("Making teams (median and slowest of 9 runs after one to warm up):");
  printTable(["players", "search", "splits searched", "best gap (mu)", "median ms", "max ms", `≤ ${SPLIT_BUDGET_MS} ms`], split, "  ");

  const season: string[][] = [];
  const embedded = connectEmbedded(await startEmbeddedPostgres());
  try {
    season.push(await seasonRow("PGlite", embedded));
  } finally {
    await embedded.close();
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  try {
    const database = await createThrowawayDatabase(serverUrl, { prefix: "kickoff_bench_teams" });
    try {
      season.push(await seasonRow("PostgreSQL", database));
    } finally {
      await database.close();
    }
  } catch (error) {
    console.log(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
  console.log(`\nRecomputing a season's ratings (${SEASON.games} games of ${SEASON.outfield} + ${SEASON.keepers} from a community of ${SEASON.community}; median and slowest of 5 after one):`);
  printTable(["database", "games replayed", "median ms", "max ms", `≤ ${SEASON_BUDGET_MS} ms`], season, "  ");
  process.exitCode = [...split, ...season].every((row) => row[row.length - 1] !== "MISSED") ? 0 : 1;
}

await main();
