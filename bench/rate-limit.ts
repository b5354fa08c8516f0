// `npm run bench:rate-limit`: what a rate-limit check costs now that the buckets are in the database
// (docs/decisions/026-shared-state.md). On PGlite and on PostgreSQL: one check at a time (the
// latency a request pays: median and 99th percentile), and 16 checks in flight at once (the
// throughput of the whole database on such checks), over 500 keys as many addresses would make;
// the in-memory buckets of before for comparison. Prints a table.
//
//   BENCH_DATABASE_URL  PostgreSQL server for its run (default postgres://postgres@127.0.0.1:5432/postgres; unreachable: skipped)
import { performance } from "node:perf_hooks";
import { connectEmbedded, type Database, startEmbeddedPostgres } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { type BucketStore, databaseBucketStore, memoryBucketStore } from "#server/http/rate-limit-store.ts";
import { createThrowawayDatabase } from "#test/database.ts";
import { printTable } from "./table.ts";

const KEYS = 500;
const SEQUENTIAL = 3_000;
const CONCURRENT = 6_000;
const IN_FLIGHT = 16;
const CAPACITY = 100;
const WINDOW_MS = 15 * 60_000;

const key = (i: number) => `signIn|203.0.113.${i % KEYS}`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function measure(name: string, store: BucketStore): Promise<string[]> {
  // Warm up: the statement parsed, the rows there.
  for (let i = 0; i < KEYS; i++) await store.take(key(i), CAPACITY, WINDOW_MS);
  const samples: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now();
    await store.take(key(i), CAPACITY, WINDOW_MS);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < CONCURRENT) await store.take(key(next++), CAPACITY, WINDOW_MS);
    }),
  );
  const perSecond = CONCURRENT / ((performance.now() - started) / 1000);
  const us = (ms: number) => (ms * 1000).toFixed(0);
  return [name, us(percentile(samples, 50)), us(percentile(samples, 99)), perSecond.toFixed(0)];
}

async function onDatabase(name: string, database: Database): Promise<string[]> {
  try {
    await runMigrations(database.db);
    return await measure(name, databaseBucketStore(database.pool));
  } finally {
    await database.close();
  }
}

async function main() {
  const rows: string[][] = [await measure("memory (one process, before)", memoryBucketStore())];
  rows.push(await onDatabase("PGlite (embedded)", connectEmbedded(await startEmbeddedPostgres())));
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  try {
    rows.push(await onDatabase("PostgreSQL", await createThrowawayDatabase(serverUrl, { prefix: "kickoff_bench_rate_limit" })));
  } catch (error) {
    console.log(`PostgreSQL at ${serverUrl} not reachable, skipped: ${error instanceof Error ? error.message : error}`);
  }
  console.log(`\nA rate-limit check (take one token), ${KEYS} keys; sequential ${SEQUENTIAL}, then ${CONCURRENT} with ${IN_FLIGHT} in flight:\n`);
  printTable(["store", "median µs", "p99 µs", `checks/s (${IN_FLIGHT} in flight)`], rows, "  ");
}

await main();
