import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { createGateway } from "#server/money/processors/create-gateway.ts";
import { reconcile } from "#server/money/reconcile.ts";
import { type DemoCounts, seedDemo } from "#scripts/demo/seed-demo.ts";
import { createTestDatabase } from "#test/database.ts";

/**
 * `npm run demo`'s community (docs/demo.md), seeded on a fresh embedded database as the demo does
 * (the demo's own directory is migrated by the app first): what it holds, and a ledger that
 * reconciles with the simulated processor to the cent.
 */
let dataDir: string;
let database: Database;
let config: ReturnType<typeof loadConfig>;
let counts: DemoCounts;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "kickoff-demo-test-"));
  config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    GEOCODER: "none",
    GAME_TIME_ZONE: "America/Toronto",
    ADMIN_EMAILS: "organiser@demo.kickoff.test",
  });
  // A fresh embedded PGlite, loaded from the migrated data directory every test file starts from.
  database = await createTestDatabase();
  counts = await seedDemo(config, database);
}, 120_000);
afterAll(async () => {
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("the demo's seed", () => {
  it("makes an organiser, fifteen players and a weekly series with five games played and three to come", () => {
    expect(counts).toMatchObject({ users: 16, games: 8, pastGames: 5, results: 5 });
  });

  it("leaves paid spots, refunds, a waitlist, check-ins, no-shows and a month of page views", () => {
    // Five past games of 10 players and a goalkeeper; three upcoming with their regulars so far.
    expect(counts.confirmedSpots).toBeGreaterThanOrEqual(5 * 10);
    expect(counts.refunds).toBe(5);
    expect(counts.waitlisted).toBeGreaterThan(0);
    expect(counts.checkedIn).toBeGreaterThan(counts.noShows);
    expect(counts.noShows).toBe(5);
    expect(counts.pageHits).toBeGreaterThan(100);
  });

  it("puts the series on the organiser's zone, and its first upcoming game between two and eight days ahead", async () => {
    const { rows } = await database.pool.query<{ starts_at: Date; time_zone: string }>(`select starts_at, time_zone from event where starts_at > now() order by starts_at limit 1`);
    expect(rows[0]!.time_zone).toBe("America/Toronto");
    const days = (rows[0]!.starts_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(1);
    expect(days).toBeLessThan(9);
  });

  it("reconciles with the simulated processor: 0 unexplained cents", async () => {
    const report = await reconcile(database.db, createGateway(config, database.db), config.payments);
    expect(report.problems).toEqual([]);
    expect(report.unexplainedCents).toBe(0);
    expect(report.charges).toBeGreaterThan(50);
    expect(report.refunds).toBe(5);
  });
});
